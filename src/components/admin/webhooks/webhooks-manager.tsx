"use client";
// The webhooks page: "Add webhook", the endpoints (a table, or cards on a phone) with their last
// delivery and the last day's counts, the on/off switch, and per endpoint its delivery log, a test
// event and removal (asked once more). A new endpoint's secret is shown once, right after adding.
import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconList, IconPlus, IconSend, IconTrash, IconWebhook } from "@tabler/icons-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { removeWebhookAction, sendTestWebhookAction } from "@/app/admin/webhooks/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { EmptyState } from "@/components/shell/empty-state";
import { formatDateTime } from "@/i18n/format";
import type { WebhookSummary } from "@/server/services/webhooks/list";
import { CardActions, CardFact, CardHead, ListView, Truncated, type Column } from "../list-kit";
import { AddWebhookDialog } from "./add-webhook-dialog";
import { SecretDialog } from "./secret-dialog";
import { DeliveryStatusBadge } from "./status-badge";
import { WebhookSwitch } from "./webhook-switch";
import { useWebhookWords } from "./webhook-words";

const SHOWN_EVENTS = 2;

export function WebhooksManager({ rows, eventTypes }: { rows: WebhookSummary[]; eventTypes: readonly string[] }) {
  const t = useTranslations("adminWebhooks");
  const words = useWebhookWords();
  const locale = useLocale();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [removing, setRemoving] = useState<WebhookSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    setRemoveError(null);
    const r = await removeWebhookAction(removing.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setRemoveError(messageOf(r.error));
    notifySuccess(t("removed"));
    setRemoving(null);
    router.refresh();
  };
  const sendTest = async (w: WebhookSummary) => {
    const r = await sendTestWebhookAction(w.id).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("testQueued"));
    router.refresh();
  };

  const events = (w: WebhookSummary) => (
    <Tooltip label={w.events.join(", ")} multiline maw={360} events={{ hover: true, focus: true, touch: true }}>
      <Group gap={4} wrap="wrap" tabIndex={0} style={{ maxWidth: 320 }}>
        {w.events.slice(0, SHOWN_EVENTS).map((e) => (
          <Badge key={e} size="sm" variant="outline" color="gray" style={{ textTransform: "none" }}>
            {words.eventName(e)}
          </Badge>
        ))}
        {w.events.length > SHOWN_EVENTS ? (
          <Text size="xs" c="dimmed">
            {t("moreEvents", { count: w.events.length - SHOWN_EVENTS })}
          </Text>
        ) : null}
      </Group>
    </Tooltip>
  );
  const last = (w: WebhookSummary) =>
    w.lastDelivery ? (
      <Group gap={6} wrap="nowrap">
        <DeliveryStatusBadge status={w.lastDelivery.status} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {w.lastDelivery.responseStatus !== null ? `${w.lastDelivery.responseStatus} · ` : ""}
          {formatDateTime(new Date(w.lastDelivery.at), locale)}
        </Text>
      </Group>
    ) : (
      <Text size="xs" c="dimmed">
        {t("noDelivery")}
      </Text>
    );
  const lastText = (w: WebhookSummary) =>
    w.lastDelivery
      ? w.lastDelivery.responseStatus !== null
        ? t("lastDeliveryCode", { status: words.status(w.lastDelivery.status), code: w.lastDelivery.responseStatus, when: formatDateTime(new Date(w.lastDelivery.at), locale) })
        : t("lastDelivery", { status: words.status(w.lastDelivery.status), when: formatDateTime(new Date(w.lastDelivery.at), locale) })
      : t("noDelivery");
  const day = (w: WebhookSummary) => t("dayCounts", w.last24h);
  const actions = (w: WebhookSummary) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t("openDeliveries")}>
        <ActionIcon component={Link} href={`/admin/webhooks?endpoint=${w.id}`} variant="subtle" aria-label={`${t("openDeliveries")}: ${w.url}`} data-testid="webhook-deliveries">
          <IconList size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("sendTest")}>
        <ActionIcon variant="subtle" onClick={() => void sendTest(w)} disabled={!w.enabled} aria-label={`${t("sendTest")}: ${w.url}`} data-testid="webhook-test">
          <IconSend size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("remove")}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => {
            setRemoveError(null);
            setRemoving(w);
          }}
          aria-label={`${t("remove")}: ${w.url}`}
          data-testid="webhook-remove"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const columns: Column<WebhookSummary>[] = [
    {
      key: "url",
      header: t("columnUrl"),
      cell: (w) => (
        <Stack gap={0}>
          <Truncated text={w.url} ff="monospace" maw={320} />
          {w.description ? <Truncated text={w.description} size="xs" c="dimmed" maw={320} /> : null}
        </Stack>
      ),
    },
    { key: "events", header: t("columnEvents"), cell: events },
    { key: "enabled", header: t("columnEnabled"), cell: (w) => <WebhookSwitch webhook={w} /> },
    { key: "last", header: t("columnLast"), cell: last },
    { key: "day", header: t("columnDay"), cell: (w) => <Text size="xs">{day(w)}</Text> },
    { key: "actions", header: t("columnActions"), align: "right", sticky: true, cell: actions },
  ];
  const card = (w: WebhookSummary) => (
    <>
      <CardHead title={w.url} mono aside={<WebhookSwitch webhook={w} />} />
      {w.description ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {w.description}
        </Text>
      ) : null}
      <CardFact mt={4} label={t("columnEvents")} value={w.events.map(words.eventName).join(", ")} />
      <CardFact label={t("columnLast")} value={lastText(w)} />
      <CardFact label={t("columnDay")} value={day(w)} />
      <CardActions>{actions(w)}</CardActions>
    </>
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="add-webhook">
          {t("add")}
        </Button>
      </Group>
      <ListView
        rows={rows}
        rowKey={(w) => w.id}
        columns={columns}
        card={card}
        rowAttrs={(w) => ({ "data-testid": "webhook-row", "data-id": w.id })}
        empty={<EmptyState icon={<IconWebhook size={24} />} title={t("empty")} hint={t("emptyHint")} testId="webhooks-empty" />}
        testId="webhooks"
        minWidth={960}
      />
      <AddWebhookDialog
        opened={adding}
        eventTypes={eventTypes}
        onClose={() => setAdding(false)}
        onAdded={(s) => {
          setAdding(false);
          setSecret(s);
          notifySuccess(t("added"));
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmModal opened={removing !== null} title={t("removeTitle")} confirmLabel={t("remove")} busy={busy} error={removeError} onConfirm={remove} onClose={() => setRemoving(null)} testId="webhook-remove-modal">
        {t("removeText", { url: removing?.url ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
