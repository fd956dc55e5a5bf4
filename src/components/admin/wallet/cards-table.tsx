"use client";
// [wallet] The admin card list on the list kit: a table on wide screens, cards on phones. A card that was never used
// can be deleted (asked once more; a plan card gives its stock unit back); a batch id filters the
// list to that batch.
import { Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import NextLink from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { deleteCard } from "@/app/admin/wallet/cards/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { formatMoney } from "@/components/store/money";
import { ListView, Truncated, type Column } from "../list-kit";
import { cardsHref } from "./cards-toolbar";
import { PermittedLink } from "../permitted-link";
import { useCan } from "../staff-permissions";

export interface CardRowView {
  id: string;
  batchId: string;
  kind: "BALANCE" | "PLAN";
  codeHint: string;
  amountMinor: number | null;
  planId: string | null;
  planName: string | null;
  trafficGb: number;
  durationDays: number;
  holdsStock: boolean;
  status: "UNUSED" | "USED" | "EXPIRED";
  expiresAt: Date | null;
  usedById: string | null;
  usedByEmail: string | null;
  usedAt: Date | null;
  resultSubscriptionId: string | null;
  note: string | null;
  createdAt: Date;
}

const STATUS_COLORS = { UNUSED: "teal", USED: "gray", EXPIRED: "orange" } as const;

function useWhen() {
  const f = useFormatter();
  return (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : null);
}

function StatusBadge({ status }: { status: CardRowView["status"] }) {
  const t = useTranslations("cards");
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-testid="card-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}

function Value({ card, currency }: { card: CardRowView; currency: string }) {
  const locale = useLocale();
  const t = useTranslations("cards");
  if (card.kind === "BALANCE") return <Text size="sm" fw={500}>{formatMoney(card.amountMinor ?? 0, currency, locale)}</Text>;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {card.planName ?? t("unknownPlan")}
      </Text>
      <Text size="xs" c="dimmed">
        {card.trafficGb > 0 ? t("planTerms", { gb: card.trafficGb, days: card.durationDays }) : t("planTermsStreaming", { days: card.durationDays })}
      </Text>
    </Stack>
  );
}

function UsedBy({ card }: { card: CardRowView }) {
  const t = useTranslations("cards");
  const can = useCan();
  if (!card.usedByEmail && !card.resultSubscriptionId) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {card.usedById && card.usedByEmail ? (
        <PermittedLink permission="users.read" href={`/admin/users/${card.usedById}`} size="sm" style={{ overflowWrap: "anywhere" }}>
          {card.usedByEmail}
        </PermittedLink>
      ) : null}
      {card.resultSubscriptionId && can("subscriptions.read") ? (
        <Anchor component={NextLink} href={`/admin/subscriptions/${card.resultSubscriptionId}`} size="xs">
          {t("subscriptionLink")}
        </Anchor>
      ) : null}
    </Stack>
  );
}

function BatchLink({ batchId }: { batchId: string }) {
  const t = useTranslations("cards");
  const pathname = usePathname();
  const sp = useSearchParams();
  const href = cardsHref(pathname, { q: sp.get("q") ?? "", status: sp.get("status"), kind: sp.get("kind"), batch: batchId });
  return (
    <Tooltip label={t("showBatch")} withArrow>
      <Anchor component={NextLink} href={href} size="xs" ff="monospace" data-testid="card-batch">
        {batchId.slice(0, 8)}
      </Anchor>
    </Tooltip>
  );
}

function DeleteDialog({ card, onClose }: { card: CardRowView; onClose: () => void }) {
  const t = useTranslations("cards");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    const r = await deleteCard(card.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted"));
    onClose();
    router.refresh();
  };
  return (
    <Stack gap="sm" data-testid="card-delete-dialog">
      <Text size="sm">{t("deleteText", { hint: card.codeHint })}</Text>
      {card.holdsStock ? <Text size="sm" c="dimmed">{t("deletePlanText")}</Text> : null}
      <FormError>{error}</FormError>
      <Group justify="flex-end" mt="xs">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t("keep")}
        </Button>
        <Button color="red" onClick={run} loading={busy} data-testid="card-delete-submit" data-autofocus>
          {t("deleteConfirm")}
        </Button>
      </Group>
    </Stack>
  );
}

export function CardsTable({ rows, currency }: { rows: CardRowView[]; currency: string }) {
  const t = useTranslations("cards");
  const when = useWhen();
  const [deleting, setDeleting] = useState<CardRowView | null>(null);
  const mayDelete = useCan()("wallet.write");

  const deleteButton = (c: CardRowView) =>
    c.status === "USED" || !mayDelete ? null : (
      <Button variant="subtle" color="red" size="compact-xs" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(c)} data-testid="card-delete">
        {t("delete")}
      </Button>
    );
  const hint = (c: CardRowView) => (
    <Text size="sm" ff="monospace" data-testid="card-hint">
      {t("hintValue", { hint: c.codeHint })}
    </Text>
  );
  const expires = (c: CardRowView) => <Text size="sm" c={c.expiresAt ? undefined : "dimmed"}>{when(c.expiresAt) ?? t("never")}</Text>;

  const columns: Column<CardRowView>[] = [
    { key: "kind", header: t("kind"), cell: (c) => <Text size="sm">{t(`kinds.${c.kind}`)}</Text> },
    { key: "hint", header: t("hint"), cell: hint },
    {
      key: "value",
      header: t("value"),
      cell: (c) => (
        <>
          <Value card={c} currency={currency} />
          {c.note ? <Truncated text={c.note} size="xs" c="dimmed" maw={220} /> : null}
        </>
      ),
    },
    { key: "status", header: t("status"), cell: (c) => <StatusBadge status={c.status} /> },
    { key: "expires", header: t("expires"), cell: expires },
    { key: "usedBy", header: t("usedBy"), style: () => ({ maxWidth: 220 }), cell: (c) => <UsedBy card={c} /> },
    { key: "batch", header: t("batch"), cell: (c) => <BatchLink batchId={c.batchId} /> },
    { key: "created", header: t("created"), cell: (c) => <Text size="sm">{when(c.createdAt)}</Text> },
    { key: "actions", header: <VisuallyHidden>{t("actions")}</VisuallyHidden>, align: "right", sticky: true, cell: deleteButton },
  ];

  const card = (c: CardRowView) => (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge variant="outline" style={{ flexShrink: 0 }}>
            {t(`kinds.${c.kind}`)}
          </Badge>
          {hint(c)}
        </Group>
        <StatusBadge status={c.status} />
      </Group>
      <Value card={c} currency={currency} />
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t("expires")}:
        </Text>
        {expires(c)}
      </Group>
      <UsedBy card={c} />
      {c.note ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {c.note}
        </Text>
      ) : null}
      <Group justify="space-between" wrap="nowrap">
        <BatchLink batchId={c.batchId} />
        {deleteButton(c)}
      </Group>
    </Stack>
  );

  return (
    <>
      <ListView
        rows={rows}
        rowKey={(c) => c.id}
        columns={columns}
        card={card}
        rowAttrs={(c) => ({ "data-testid": "card-row", "data-card-id": c.id, "data-status": c.status })}
        empty={t("empty")}
        testId="cards"
        minWidth={900}
      />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={t("deleteTitle")} centered>
        {deleting ? <DeleteDialog card={deleting} onClose={() => setDeleting(null)} /> : null}
      </Modal>
    </>
  );
}
