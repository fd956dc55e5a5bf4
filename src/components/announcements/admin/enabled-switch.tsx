"use client";
import { Switch } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setAnnouncementEnabledAction } from "@/app/admin/announcements/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";

/** The table's on/off switch of one announcement. */
export function EnabledSwitch({ announcement: a }: { announcement: { id: string; title: string; enabled: boolean } }) {
  const t = useTranslations("announcements.admin");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const flip = async (on: boolean) => {
    setBusy(true);
    const r = await setAnnouncementEnabledAction(a.id, on).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t(on ? "enabledNow" : "disabledNow", { title: a.title }));
    router.refresh();
  };
  return <Switch size="sm" checked={a.enabled} disabled={busy} onChange={(e) => flip(e.currentTarget.checked)} aria-label={t("enableLabel", { title: a.title })} data-testid="announcement-toggle" />;
}
