"use client";
import { Switch } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setWebhookEnabledAction } from "@/app/admin/webhooks/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";

/** One endpoint's on/off switch. Off stops new deliveries and the retries of queued ones. */
export function WebhookSwitch({ webhook: w }: { webhook: { id: string; url: string; enabled: boolean } }) {
  const t = useTranslations("adminWebhooks");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const flip = async (on: boolean) => {
    setBusy(true);
    const r = await setWebhookEnabledAction(w.id, on).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t(on ? "switchedOn" : "switchedOff"));
    router.refresh();
  };
  return <Switch size="sm" checked={w.enabled} disabled={busy} onChange={(e) => void flip(e.currentTarget.checked)} aria-label={t("enableLabel", { url: w.url })} data-testid="webhook-toggle" />;
}
