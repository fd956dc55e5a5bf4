"use client";
// Closing an announcement. Signed in: a dismissible one is stored for the account (Server Action),
// so it stays away on every device. Signed out: it is remembered in this browser's localStorage.
// A non-dismissible one only closes for this page load. The item hides at once either way.
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore } from "react";
import { notifyError } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { dismissAnnouncementAction } from "./actions";
import type { ShownItem } from "./shown";

const KEY = "relayboard.dismissed-announcements";
const listeners = new Set<() => void>();

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("storage", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onChange);
  };
}
const snapshot = (): string => {
  try {
    return localStorage.getItem(KEY) ?? "";
  } catch {
    return ""; // storage blocked: nothing remembered
  }
};
const parse = (raw: string): string[] => {
  try {
    const v: unknown = JSON.parse(raw || "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};
function remember(id: string) {
  try {
    localStorage.setItem(KEY, JSON.stringify([...parse(snapshot()).filter((x) => x !== id), id].slice(-100)));
  } catch {
    return;
  }
  for (const l of listeners) l();
}

export function useDismiss(signedIn: boolean) {
  const t = useTranslations("announcements.shown");
  const { messageOf } = useErrorText();
  // The server render and the first client render show everything; the browser's list applies after.
  const stored = useSyncExternalStore(subscribe, snapshot, () => "");
  const [closed, setClosed] = useState<ReadonlySet<string>>(() => new Set());
  const remembered = signedIn ? [] : parse(stored);

  const isHidden = (id: string) => closed.has(id) || remembered.includes(id);
  const dismiss = async (item: ShownItem) => {
    setClosed((s) => new Set(s).add(item.id));
    if (!item.dismissible) return;
    if (!signedIn) return remember(item.id);
    const r = await dismissAnnouncementAction(item.id).catch(() => ({ ok: false as const, error: networkError() }));
    // NOT_FOUND: disabled, ended or deleted meanwhile, so hidden is right anyway.
    if (!r.ok && r.error.code !== "NOT_FOUND") notifyError(t("dismissFailed", { reason: messageOf(r.error) }));
  };
  return { isHidden, dismiss };
}
