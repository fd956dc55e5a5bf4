"use client";
// What a panel test or sync found. One action, one message: the forms and the node page show this
// alert and no toast beside it. A panel that could not be used after a save is a warning (yellow),
// not an error: the node WAS saved (create/update record the failure on the node instead of
// throwing), it is listed as not synced, and a new node stays hidden from users until a sync
// succeeds. Red is kept for actions that did not happen at all (refused, network), shown elsewhere.
import { Alert, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useErrorText, type UiError } from "../forms/server-error";

export interface SyncOutcome { ok: boolean; inboundCount: number; error?: UiError & { reason: string } }

/** Why the panel could not be used, in the reader's language: the error catalogue, with the panel's own words where it gave some. */
export function useSyncReason() {
  const { messageOf } = useErrorText();
  const t = useTranslations("nodes.sync");
  return (result: SyncOutcome) => (result.error ? messageOf(result.error) : t("failedTitle"));
}

interface Props {
  result: SyncOutcome;
  /** The title on success (e.g. "Node X saved."); the dialog's own title may say it instead. */
  okTitle?: string;
  /** The title on failure; "The panel could not be used" by default. */
  failedTitle?: string;
  /** The node is still hidden from users (never synced): say so. */
  hiddenUntilSync?: boolean;
  testId?: string;
}

export function SyncResultAlert({ result, okTitle, failedTitle, hiddenUntilSync = false, testId = "sync-result" }: Props) {
  const t = useTranslations("nodes.sync");
  const reasonOf = useSyncReason();
  if (result.ok) {
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={okTitle} data-testid={testId} data-ok="true" data-tone="success">
        {t("ok", { count: result.inboundCount })}
      </Alert>
    );
  }
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} title={failedTitle ?? t("failedTitle")} data-testid={testId} data-ok="false" data-tone="warning" role="alert">
      <Text size="sm">{reasonOf(result)}</Text>
      {hiddenUntilSync ? (
        <Text size="sm" mt={4} data-testid={`${testId}-hidden`}>
          {t("hiddenUntilSync")}
        </Text>
      ) : null}
    </Alert>
  );
}
