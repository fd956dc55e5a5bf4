"use client";
// One endpoint's delivery log: a status filter, the deliveries (a table, or cards on a phone) with
// the receiver's answer and the last error, and "Resend" on each one that is not waiting already.
import { Button, Code, Group, Stack, Text } from "@mantine/core";
import { IconArrowLeft, IconRefresh } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { resendWebhookDeliveryAction } from "@/app/admin/webhooks/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ButtonLink } from "@/components/links";
import { formatDateTime } from "@/i18n/format";
import type { DeliveryRow } from "@/server/services/webhooks/list";
import { CardActions, CardFact, CardHead, FilterSelect, ListView, Truncated, useUrlFilters, type Column } from "../list-kit";
import { DeliveryStatusBadge } from "./status-badge";
import { DELIVERY_STATUSES, useWebhookWords } from "./webhook-words";

interface Props {
  webhook: { id: string; url: string; enabled: boolean };
  rows: DeliveryRow[];
  status: string | null;
}

export function DeliveriesView({ webhook, rows, status }: Props) {
  const t = useTranslations("adminWebhooks");
  const words = useWebhookWords();
  const locale = useLocale();
  const router = useRouter();
  const { apply } = useUrlFilters();
  const { messageOf } = useErrorText();
  const [sending, setSending] = useState<string | null>(null);
  const when = (d: Date | null) => (d ? formatDateTime(new Date(d), locale) : t("none"));

  const resend = async (d: DeliveryRow) => {
    setSending(d.id);
    const r = await resendWebhookDeliveryAction(d.id).catch(() => ({ ok: false as const, error: networkError() }));
    setSending(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("resent"));
    router.refresh();
  };
  const resendButton = (d: DeliveryRow) =>
    d.status === "PENDING" ? null : (
      <Button size="xs" variant="light" leftSection={<IconRefresh size={14} />} loading={sending === d.id} disabled={!webhook.enabled} onClick={() => void resend(d)} data-testid="delivery-resend">
        {t("resend")}
      </Button>
    );
  const event = (d: DeliveryRow) => (
    <Stack gap={0}>
      <Text size="sm">{words.eventName(d.eventType)}</Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {d.eventId}
      </Text>
    </Stack>
  );
  const response = (d: DeliveryRow) => (d.responseStatus === null ? t("none") : String(d.responseStatus));

  const columns: Column<DeliveryRow>[] = [
    { key: "created", header: t("columnCreated"), cell: (d) => <Text size="sm">{when(d.createdAt)}</Text> },
    { key: "event", header: t("columnEvent"), cell: event },
    { key: "status", header: t("columnStatus"), cell: (d) => <DeliveryStatusBadge status={d.status} /> },
    { key: "response", header: t("columnResponse"), cell: (d) => <Code>{response(d)}</Code> },
    { key: "attempts", header: t("columnAttempts"), align: "right", cell: (d) => d.attempts },
    { key: "last", header: t("columnLastAttempt"), cell: (d) => <Text size="sm">{when(d.lastAttemptAt)}</Text> },
    { key: "next", header: t("columnNext"), cell: (d) => <Text size="sm">{d.status === "PENDING" ? when(d.nextAttemptAt) : t("none")}</Text> },
    { key: "error", header: t("columnError"), cell: (d) => (d.lastError ? <Truncated text={d.lastError} size="xs" maw={260} /> : t("none")) },
    { key: "actions", header: "", align: "right", sticky: true, cell: resendButton },
  ];
  const card = (d: DeliveryRow) => (
    <>
      <CardHead title={words.eventName(d.eventType)} aside={<DeliveryStatusBadge status={d.status} />} />
      <CardFact label={t("columnCreated")} value={when(d.createdAt)} />
      <CardFact label={t("columnResponse")} value={response(d)} />
      <CardFact label={t("columnAttempts")} value={String(d.attempts)} />
      {d.status === "PENDING" ? <CardFact label={t("columnNext")} value={when(d.nextAttemptAt)} /> : null}
      {d.lastError ? <CardFact label={t("columnError")} value={d.lastError} /> : null}
      <CardActions>{resendButton(d)}</CardActions>
    </>
  );

  const statusFilter = {
    param: "status",
    label: t("filterStatus"),
    placeholder: t("anyStatus"),
    data: DELIVERY_STATUSES.map((s) => ({ value: s, label: words.status(s) })),
    testId: "delivery-status-filter",
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <ButtonLink href="/admin/webhooks" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0} data-testid="webhooks-back">
          {t("back")}
        </ButtonLink>
        <FilterSelect def={statusFilter} value={status} onChange={(v) => apply({ status: v })} />
      </Group>
      <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }} data-testid="deliveries-url">
        {webhook.url}
      </Text>
      <ListView
        rows={rows}
        rowKey={(d) => d.id}
        columns={columns}
        card={card}
        rowAttrs={(d) => ({ "data-testid": "delivery-row", "data-id": d.id, "data-status": d.status })}
        empty={status ? t("noMatch") : t("noDeliveries")}
        testId="deliveries"
        minWidth={1100}
      />
    </Stack>
  );
}
