"use client";
import { Badge, Stack, Text, Tooltip } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { useErrorText } from "../forms/server-error";

export type PanelStatus = "UNKNOWN" | "OK" | "ERROR";
const COLORS: Record<PanelStatus, string> = { UNKNOWN: "gray", OK: "teal", ERROR: "red" };

/** A node's last panel failure as stored: reason and parameters, and the English sentence of older rows. */
export interface PanelErrorFields {
  panelError: string | null;
  panelErrorReason: string | null;
  panelErrorParams: Record<string, string | number> | null;
}

/** The last panel failure in the reader's language (the catalogue), or null when there is none. */
export function usePanelErrorText(): (n: PanelErrorFields) => string | null {
  const { messageOf } = useErrorText();
  return (n) => {
    if (!n.panelError && !n.panelErrorReason) return null;
    return messageOf({ code: "UNAVAILABLE", message: n.panelError ?? "", details: { ...n.panelErrorParams, reason: n.panelErrorReason } });
  };
}

/** Panel reachability from the last test or sync; the panel's error and the check time on hover. */
export function PanelStatusBadge({ status, error, checkedAt }: { status: PanelStatus; error?: string | null; checkedAt?: Date | string | null }) {
  const t = useTranslations("nodes.panelStatus");
  const f = useFormatter();
  const label = (
    <Stack gap={2} maw={320}>
      {status === "ERROR" && error ? (
        <Text size="xs" style={{ whiteSpace: "normal", overflowWrap: "anywhere" }}>
          {error}
        </Text>
      ) : null}
      <Text size="xs" c={status === "ERROR" && error ? "dimmed" : undefined}>
        {checkedAt ? t("checkedAt", { when: f.dateTime(new Date(checkedAt), { dateStyle: "medium", timeStyle: "short" }) }) : t("neverChecked")}
      </Text>
    </Stack>
  );
  return (
    <Tooltip label={label} multiline withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge color={COLORS[status]} variant="light" data-testid="panel-status" data-status={status} tabIndex={0}>
        {t(status)}
      </Badge>
    </Tooltip>
  );
}
