"use client";
import { Alert, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

export interface SyncOutcome { ok: boolean; inboundCount: number; error?: { code: string; message: string; reason?: string } }

const REASONS = ["bad_credentials", "unreachable", "tls_untrusted", "timeout", "bad_response", "not_found", "session_rejected", "panel_error", "unsupported", "internal_error"] as const;
type Reason = (typeof REASONS)[number];
const isReason = (r: string | undefined): r is Reason => !!r && (REASONS as readonly string[]).includes(r);

/** What a panel test/sync found: the inbound count, or why the panel could not be used. */
export function SyncResultAlert({ result, title, testId = "sync-result" }: { result: SyncOutcome; title?: string; testId?: string }) {
  const t = useTranslations("nodes.sync");
  if (result.ok) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={title} data-testid={testId} data-ok="true">
        {t("ok", { count: result.inboundCount })}
      </Alert>
    );
  }
  const reason = result.error?.reason;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title ?? t("failedTitle")} data-testid={testId} data-ok="false" role="alert">
      <Text size="sm">{isReason(reason) ? t(`reason.${reason}`) : t("reason.other")}</Text>
      {result.error?.message ? (
        <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: "anywhere" }}>
          {t("panelSaid", { message: result.error.message })}
        </Text>
      ) : null}
    </Alert>
  );
}
