"use client";
// Multipart posts to the ticket routes (create, reply): the files go to a route that checks them by
// content on the server. The answer is either the route's JSON or its error body
// { error: { code, message, details: { reason, ... } } }, worded here in the page's language.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE } from "@/server/db/schema/support-kinds";

export type PostResult<T> = { ok: true; data: T } | { ok: false; error: UiError };

export async function postMultipart<T>(url: string, form: FormData): Promise<PostResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    return { ok: false, error: networkError() };
  }
  const body = (await res.json().catch(() => null)) as { error?: UiError } | null;
  if (res.ok && body && !body.error) return { ok: true, data: body as T };
  if (body?.error) return { ok: false, error: body.error };
  // No JSON at all (a proxy's own error page): only the status is known; an empty message marks it.
  return { ok: false, error: { code: res.status === 413 ? "PAYLOAD_TOO_LARGE" : "HTTP", message: "", details: { status: res.status } } };
}

/** An upload's error as a sentence: the server's reason when it gave one, else the status in words. */
export function useUploadErrorText() {
  const t = useTranslations("tickets");
  const { messageOf } = useErrorText();
  return useCallback(
    (err: UiError): string => {
      if (err.message === "" && err.code === "PAYLOAD_TOO_LARGE") return t("files.tooLargeRequest", { max: MAX_ATTACHMENTS_PER_MESSAGE, mib: MAX_ATTACHMENT_BYTES / 1024 / 1024 });
      if (err.message === "") return t("httpFailed", { status: String(err.details?.status ?? "?") });
      return messageOf(err);
    },
    [t, messageOf],
  );
}

/** A refusal about the chosen files (not an image, too large, too many): changing the files answers it, so it goes away then. */
export function isAboutFiles(err: UiError | null): boolean {
  if (!err) return false;
  return err.code === "PAYLOAD_TOO_LARGE" || String(err.details?.reason ?? "").startsWith("attachment_");
}

/** The browser's copy of the server's limits, so a person hears at once and uploads nothing. */
export type PickProblem = { kind: "count"; max: number } | { kind: "size"; name: string; mib: number };

export function checkPicked(files: File[]): PickProblem | null {
  if (files.length > MAX_ATTACHMENTS_PER_MESSAGE) return { kind: "count", max: MAX_ATTACHMENTS_PER_MESSAGE };
  const big = files.find((f) => f.size > MAX_ATTACHMENT_BYTES);
  if (big) return { kind: "size", name: big.name, mib: MAX_ATTACHMENT_BYTES / 1024 / 1024 };
  return null;
}
