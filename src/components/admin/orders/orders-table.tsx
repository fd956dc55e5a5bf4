"use client";
// The admin order list: a table on wide screens, cards on phones (usePhoneLayout). Rows can be
// selected for batch operations, whose per-order outcome is shown above the list; each row has
// its own actions (confirm, cancel, review, refund) and opens the detail drawer.
import { ActionIcon, Anchor, Badge, Button, Card, Checkbox, CloseButton, Group, Menu, Modal, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconCash, IconCheck, IconDots, IconFlag, IconFlagCheck, IconReceiptRefund, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { batchOrderOperation } from "@/app/admin/orders/actions";
import { FormError } from "../../forms/form-error";
import { networkError, useErrorText } from "../../forms/server-error";
import { stickyEndCell } from "../../shell/sticky-end-cell";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { canCancel, canConfirm, canRefund, type OrderRow } from "./order-codes";
import { OrderDetailDrawer } from "./order-detail-drawer";
import { OrderDialogs, type OrderDialog } from "./order-dialogs";
import { OrderStatusBadge, ReviewBadge, useMoney, useWhen } from "./order-labels";

type BatchAction = "confirm" | "cancel" | "flag" | "resolve";
interface BatchOutcome { id: string; orderNo: string; ok: boolean; reason?: string }

/** The row's actions: the one that matters most as a button, the rest in a menu. */
function RowActions({ order, onOpen, onDetail }: { order: OrderRow; onOpen: (d: NonNullable<OrderDialog>) => void; onDetail: () => void }) {
  const t = useTranslations("adminOrders");
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button variant="default" size="compact-xs" onClick={onDetail} data-testid="order-details">
        {t("details")}
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t("more", { orderNo: order.orderNo })} data-testid="order-menu">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {canConfirm(order) ? (
            <Menu.Item leftSection={<IconCheck size={14} />} color="teal" onClick={() => onOpen({ kind: "confirm", order })} data-testid="order-confirm">
              {t("confirm")}
            </Menu.Item>
          ) : null}
          {canCancel(order) ? (
            <Menu.Item leftSection={<IconX size={14} />} color="red" onClick={() => onOpen({ kind: "cancel", order })} data-testid="order-cancel">
              {t("cancel")}
            </Menu.Item>
          ) : null}
          <Menu.Item leftSection={<IconFlag size={14} />} onClick={() => onOpen({ kind: "review", order })} data-testid="order-review">
            {t("reviewAction")}
          </Menu.Item>
          {canRefund(order) ? (
            <Menu.Item leftSection={<IconReceiptRefund size={14} />} color="grape" onClick={() => onOpen({ kind: "refund", order })} data-testid="order-refund">
              {t("refund")}
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

function BatchResults({ results, onClose }: { results: BatchOutcome[]; onClose: () => void }) {
  const t = useTranslations("adminOrders");
  const { messageOf } = useErrorText();
  const ok = results.filter((r) => r.ok).length;
  return (
    <Card withBorder padding="sm" data-testid="order-batch-results">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm">
          {t("batchSummary", { ok, total: results.length })}
        </Text>
        <CloseButton size="sm" onClick={onClose} aria-label={t("batchDismiss")} />
      </Group>
      <Stack gap={6}>
        {results.map((r) => (
          <Group key={r.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="order-batch-result" data-order-no={r.orderNo} data-ok={r.ok}>
            <Badge color={r.ok ? "teal" : "red"} variant="light" style={{ flexShrink: 0 }}>
              {r.ok ? t("batchOk") : t("batchFailed")}
            </Badge>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {r.orderNo}
            </Text>
            {!r.ok && r.reason ? (
              <Text size="sm" c="dimmed" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                {messageOf({ code: "CONFLICT", message: r.reason, details: { reason: r.reason } })}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

export function OrdersTable({ rows }: { rows: OrderRow[] }) {
  const t = useTranslations("adminOrders");
  const money = useMoney();
  const when = useWhen();
  const phone = usePhoneLayout();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const [detail, setDetail] = useState<{ id: string; orderNo: string } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<"confirm" | "cancel" | null>(null);
  const [busy, setBusy] = useState(false);
  const [batchError, setBatchError] = useState<string | null>(null);
  const [results, setResults] = useState<BatchOutcome[] | null>(null);

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

  const runBatch = async (action: BatchAction) => {
    const ids = chosen;
    if (ids.length === 0) return;
    const names = new Map(rows.map((r) => [r.id, r.orderNo]));
    setBusy(true);
    setBatchError(null);
    const form = new FormData();
    form.set("action", action);
    for (const id of ids) form.append("ids", id);
    const r = await batchOrderOperation(form).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setBatchError(messageOf(r.error));
    setAsking(null);
    setResults(r.data.map((x) => ({ ...x, orderNo: names.get(x.id) ?? x.id })));
    setSelected(new Set());
    router.refresh();
  };

  const actions = (o: OrderRow) => <RowActions order={o} onOpen={setDialog} onDetail={() => setDetail({ id: o.id, orderNo: o.orderNo })} />;
  const flagged = (o: OrderRow) => o.reviewStatus === "FLAGGED";
  const checkbox = (o: OrderRow) => (
    <Checkbox checked={selected.has(o.id)} onChange={(e) => toggle(o.id, e.currentTarget.checked)} aria-label={t("selectRow", { orderNo: o.orderNo })} data-testid="order-select" />
  );

  const batchBar =
    chosen.length > 0 ? (
      <Card withBorder padding="xs" data-testid="order-batch-bar">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Text size="sm" fw={500}>
            {t("selected", { count: chosen.length })}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Button size="compact-sm" color="teal" leftSection={<IconCash size={14} />} onClick={() => setAsking("confirm")} disabled={busy} data-testid="batch-confirm">
              {t("batchConfirm")}
            </Button>
            <Button size="compact-sm" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => setAsking("cancel")} disabled={busy} data-testid="batch-cancel">
              {t("batchCancel")}
            </Button>
            <Button size="compact-sm" variant="light" leftSection={<IconFlag size={14} />} onClick={() => runBatch("flag")} loading={busy && !asking} data-testid="batch-flag">
              {t("batchFlag")}
            </Button>
            <Button size="compact-sm" variant="light" leftSection={<IconFlagCheck size={14} />} onClick={() => runBatch("resolve")} loading={busy && !asking} data-testid="batch-resolve">
              {t("batchResolve")}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setSelected(new Set())} disabled={busy}>
              {t("clearSelection")}
            </Button>
          </Group>
        </Group>
        {!asking ? <FormError>{batchError}</FormError> : null}
      </Card>
    ) : null;

  const overlays = (
    <>
      <OrderDialogs dialog={dialog} onClose={() => setDialog(null)} />
      <OrderDetailDrawer order={detail} onClose={() => setDetail(null)} />
      <Modal
        opened={!!asking}
        onClose={busy ? () => undefined : () => { setAsking(null); setBatchError(null); }}
        title={asking === "confirm" ? t("batchConfirmTitle", { count: chosen.length }) : t("batchCancelTitle", { count: chosen.length })}
        centered
      >
        <Stack gap="sm" data-testid="order-batch-dialog">
          <Text size="sm">{asking === "confirm" ? t("batchConfirmText") : t("batchCancelText")}</Text>
          <FormError>{batchError}</FormError>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)} disabled={busy}>
              {t("keep")}
            </Button>
            <Button color={asking === "cancel" ? "red" : "teal"} loading={busy} onClick={() => asking && runBatch(asking)} data-testid="order-batch-submit" data-autofocus>
              {asking === "cancel" ? t("cancelConfirm") : t("confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );

  const header = (
    <>
      {results ? <BatchResults results={results} onClose={() => setResults(null)} /> : null}
      {batchBar}
    </>
  );

  if (rows.length === 0) {
    return (
      <Stack gap="sm">
        {header}
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center" data-testid="orders-empty">
            {t("empty")}
          </Text>
        </Card>
      </Stack>
    );
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="orders-cards">
        {header}
        <Checkbox label={t("selectAll")} checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={toggleAll} data-testid="order-select-all" />
        {rows.map((o) => (
          <Card
            key={o.id}
            withBorder
            padding="sm"
            data-testid="order-row"
            data-order-no={o.orderNo}
            data-flagged={flagged(o)}
            style={flagged(o) ? { borderColor: "var(--mantine-color-red-filled)", borderLeftWidth: 4 } : undefined}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              {checkbox(o)}
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Anchor component="button" type="button" size="sm" fw={600} onClick={() => setDetail({ id: o.id, orderNo: o.orderNo })} style={{ overflowWrap: "anywhere", textAlign: "left" }}>
                    {o.orderNo}
                  </Anchor>
                  <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                    {money(o.totalMinor, o.currency)}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {o.email}
                </Text>
                <Group gap={6} mt={4}>
                  <OrderStatusBadge status={o.status} />
                  <ReviewBadge review={o.reviewStatus} />
                </Group>
                <Text size="xs" c="dimmed" mt={4} data-testid="order-kind">{t("labeled", { label: t("kind"), value: t(`kinds.${o.kind}`) })}</Text>
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("provider"), value: o.provider ? t(`providers.${o.provider}`) : t("none") })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("labeled", { label: t("createdAt"), value: when(o.createdAt) })}
                </Text>
              </Stack>
            </Group>
            <Group justify="flex-end" mt={6}>
              {actions(o)}
            </Group>
          </Card>
        ))}
        {overlays}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      {header}
      <Card withBorder padding={0} data-testid="orders-table">
        <Table.ScrollContainer minWidth={980} type="native">
          <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox aria-label={t("selectAll")} checked={allChosen} indeterminate={chosen.length > 0 && !allChosen} onChange={toggleAll} data-testid="order-select-all" />
                </Table.Th>
                <Table.Th>{t("orderNo")}</Table.Th>
                <Table.Th>{t("user")}</Table.Th>
                <Table.Th>{t("status")}</Table.Th>
                <Table.Th ta="right">{t("totalAmount")}</Table.Th>
                <Table.Th>{t("provider")}</Table.Th>
                <Table.Th>{t("kind")}</Table.Th>
                <Table.Th>{t("createdAt")}</Table.Th>
                <Table.Th ta="right" style={stickyEndCell()}>
                  {t("actions")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((o, idx) => (
                <Table.Tr key={o.id} data-testid="order-row" data-order-no={o.orderNo} data-flagged={flagged(o)}>
                  <Table.Td style={flagged(o) ? { boxShadow: "inset 4px 0 0 var(--mantine-color-red-filled)" } : undefined}>{checkbox(o)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {flagged(o) ? (
                        <Tooltip label={t("flaggedMark")}>
                          <IconFlag size={14} color="var(--mantine-color-red-filled)" aria-label={t("flaggedMark")} />
                        </Tooltip>
                      ) : null}
                      <Anchor component="button" type="button" size="sm" fw={500} onClick={() => setDetail({ id: o.id, orderNo: o.orderNo })}>
                        {o.orderNo}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{o.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <OrderStatusBadge status={o.status} />
                      <ReviewBadge review={o.reviewStatus} />
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500}>
                      {money(o.totalMinor, o.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{o.provider ? t(`providers.${o.provider}`) : t("none")}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t(`kinds.${o.kind}`)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{when(o.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td style={stickyEndCell(idx % 2 === 0)}>{actions(o)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {overlays}
    </Stack>
  );
}
