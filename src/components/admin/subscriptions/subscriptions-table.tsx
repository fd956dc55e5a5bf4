"use client";
// The admin subscription list: a table on wide screens, cards on phones (usePhoneLayout). Rows can
// be selected for batch operations (asked once more, naming the count); the outcome per
// subscription, with each refusal in words, is shown above the list. Each row opens the detail page.
import { Anchor, Badge, Button, Card, Checkbox, CloseButton, Group, Stack, Table, Text } from "@mantine/core";
import { IconBan, IconPlayerPlay, IconPlayerPause, IconTrash, IconSearchOff, IconKey } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { batchSubscriptionOperation } from "@/app/admin/subscriptions/actions";
import type { BatchResult } from "@/server/services/subscriptions/admin-ops";
import { FormError } from "../../forms/form-error";
import { networkError, useErrorText } from "../../forms/server-error";
import { EmptyState } from "../../shell/empty-state";
import { stickyEndCell } from "../../shell/sticky-end-cell";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useWhen } from "../orders/order-labels";
import { ConfirmOpModal } from "./confirm-op-modal";
import { shortId, SUBSCRIPTION_OPS, type SubscriptionOp, type SubscriptionRow } from "./subscription-codes";
import { SubscriptionMarks, SubscriptionStatusBadge, UsageBar } from "./subscription-labels";

const OP_ICONS: Record<SubscriptionOp, ReactNode> = {
  suspend: <IconPlayerPause size={14} />,
  activate: <IconPlayerPlay size={14} />,
  cancel: <IconBan size={14} />,
  delete: <IconTrash size={14} />,
};
const OP_COLORS: Record<SubscriptionOp, string> = { suspend: "orange", activate: "teal", cancel: "red", delete: "red" };

interface Outcome { id: string; label: string; ok: boolean; error?: { reason: string; details?: Record<string, unknown> } }

function BatchResults({ results, onClose }: { results: Outcome[]; onClose: () => void }) {
  const t = useTranslations("adminSubscriptions");
  const { messageOf } = useErrorText();
  const ok = results.filter((r) => r.ok).length;
  return (
    <Card withBorder padding="sm" data-testid="subscription-batch-results">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {t("batchSummary", { ok, total: results.length })}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t("batchDismiss")} />
      </Group>
      <Stack gap={6}>
        {results.map((r) => (
          <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="subscription-batch-result" data-id={r.id} data-ok={r.ok}>
            <Badge color={r.ok ? "teal" : "red"} variant="light" style={{ flexShrink: 0 }}>
              {r.ok ? t("batchOk") : t("batchFailed")}
            </Badge>
            <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {r.label}
            </Text>
            {r.error ? (
              <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                {messageOf({ code: "CONFLICT", message: r.error.reason, details: { ...r.error.details, reason: r.error.reason } })}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export function SubscriptionsTable({ rows, filtered }: { rows: SubscriptionRow[]; filtered: boolean }) {
  const t = useTranslations("adminSubscriptions");
  const when = useWhen();
  const phone = usePhoneLayout();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<SubscriptionOp | null>(null);
  const [busy, setBusy] = useState(false);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [results, setResults] = useState<Outcome[] | null>(null);

  // Only rows on this page can be selected; a refreshed page drops ids that left it.
  const onPage = new Set(rows.map((r) => r.id));
  const chosen = [...selected].filter((id) => onPage.has(id));
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(rows.map((r) => r.id)));

  const runBatch = async (op: SubscriptionOp) => {
    const ids = chosen;
    if (ids.length === 0) return;
    const labels = new Map(rows.map((r) => [r.id, `${shortId(r.id)} · ${r.email}`]));
    setBusy(true);
    setBatchError(null);
    const form = new FormData();
    form.set("op", op);
    for (const id of ids) form.append("ids", id);
    const r = await batchSubscriptionOperation(form).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setBatchError(messageOf(r.error));
    const data = r.data as BatchResult;
    setAsking(null);
    setResults([
      ...data.failed.map((f) => ({ id: f.id, label: labels.get(f.id) ?? f.id, ok: false, error: { reason: f.reason, details: f.details as Record<string, unknown> | undefined } })),
      ...data.done.map((id) => ({ id, label: labels.get(id) ?? id, ok: true })),
    ]);
    setSelected(new Set());
    router.refresh();
  };

  const href = (s: SubscriptionRow) => `/admin/subscriptions/${s.id}`;
  const target = (s: SubscriptionRow) => s.nodeName ?? s.streamingName ?? t("none");
  const checkbox = (s: SubscriptionRow) => (
    <Checkbox checked={selected.has(s.id)} onChange={(e) => toggle(s.id, e.currentTarget.checked)} aria-label={t("selectRow", { id: shortId(s.id) })} data-testid="subscription-select" />
  );

  const batchBar =
    chosen.length > 0 ? (
      <Card withBorder padding="xs" data-testid="subscription-batch-bar">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm" fw={500}>
            {t("selected", { count: chosen.length })}
          </Text>
          <Group gap="xs" wrap="wrap">
            {SUBSCRIPTION_OPS.map((op) => (
              <Button key={op} size="compact-sm" variant="light" color={OP_COLORS[op]} leftSection={OP_ICONS[op]} onClick={() => setAsking(op)} disabled={busy} data-testid={`subscription-batch-${op}`}>
                {t(`ops.${op}`)}
              </Button>
            ))}
            <Button size="compact-sm" variant="default" onClick={() => setSelected(new Set())} disabled={busy}>
              {t("clearSelection")}
            </Button>
          </Group>
        </Group>
        {!asking ? <FormError>{batchError}</FormError> : null}
      </Card>
    ) : null;

  const header = (
    <>
      {results ? <BatchResults results={results} onClose={() => setResults(null)} /> : null}
      {batchBar}
      <ConfirmOpModal
        op={asking}
        title={asking ? t(`batchTitle.${asking}`, { count: chosen.length }) : ""}
        busy={busy}
        error={batchError}
        onConfirm={runBatch}
        onClose={() => {
          setAsking(null);
          setBatchError(null);
        }}
        testId="subscription-batch-dialog"
      >
        {asking ? t(`batchText.${asking}`) : null}
      </ConfirmOpModal>
    </>
  );

  if (rows.length === 0) {
    return (
      <Stack gap="sm">
        {header}
        <EmptyState
          icon={filtered ? <IconSearchOff size={24} /> : <IconKey size={24} />}
          title={filtered ? t("empty") : t("emptyNone")}
          hint={filtered ? t("emptyHint") : t("emptyNoneHint")}
          testId="subscriptions-empty"
        >
          {filtered ? (
            <Anchor component={Link} href="/admin/subscriptions" size="sm">
              {t("clearFilters")}
            </Anchor>
          ) : null}
        </EmptyState>
      </Stack>
    );
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="subscriptions-cards">
        {header}
        <Checkbox label={t("selectAll")} checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={toggleAll} data-testid="subscription-select-all" />
        {rows.map((s) => (
          <Card key={s.id} withBorder padding="sm" data-testid="subscription-row" data-id={s.id} data-status={s.status}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {checkbox(s)}
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Anchor component={Link} href={href(s)} size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid="subscription-open">
                  {s.planName}
                </Anchor>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {s.email}
                </Text>
                <Group gap={6}>
                  <SubscriptionStatusBadge status={s.status} />
                  <SubscriptionMarks trial={s.trial} restricted={s.riskRestricted} />
                </Group>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {t("labeled", { label: t("target"), value: target(s) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("expiresAt"), value: when(s.expiresAt) })}
                </Text>
                {s.kind === "PROXY" ? <UsageBar used={s.trafficUsedBytes} limit={s.trafficLimitBytes} compact /> : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {header}
      <Card withBorder padding={0} data-testid="subscriptions-table">
        <Table.ScrollContainer minWidth={1000} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox aria-label={t("selectAll")} checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={toggleAll} data-testid="subscription-select-all" />
                </Table.Th>
                <Table.Th>{t("plan")}</Table.Th>
                <Table.Th>{t("owner")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th>{t("target")}</Table.Th>
                <Table.Th>{t("usage")}</Table.Th>
                <Table.Th>{t("expiresAt")}</Table.Th>
                <Table.Th ta="right" style={stickyEndCell()}>
                  {t("actions")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s, idx) => (
                <Table.Tr key={s.id} data-testid="subscription-row" data-id={s.id} data-status={s.status}>
                  <Table.Td>{checkbox(s)}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Anchor component={Link} href={href(s)} size="sm" fw={500} data-testid="subscription-open">
                        {s.planName}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {shortId(s.id)} · {t(`kinds.${s.kind}`)}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{s.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <SubscriptionStatusBadge status={s.status} />
                      <SubscriptionMarks trial={s.trial} restricted={s.riskRestricted} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{target(s)}</Text>
                  </Table.Td>
                  <Table.Td>{s.kind === "PROXY" ? <UsageBar used={s.trafficUsedBytes} limit={s.trafficLimitBytes} compact /> : <Text size="sm">{t("none")}</Text>}</Table.Td>
                  <Table.Td>
                    <Text size="xs">{when(s.expiresAt)}</Text>
                  </Table.Td>
                  <Table.Td ta="right" style={stickyEndCell(idx % 2 === 0)}>
                    <Button component={Link} href={href(s)} variant="default" size="compact-xs" data-testid="subscription-details">
                      {t("details")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
