"use client";
// The node page's reconciliation report: when the panel was last compared with what we want, what
// differed (searchable by client, filterable by kind, paged), "Repair" (queues a sync per drifted
// client and a new check shortly after) and "Remove orphan clients" (orphan-removal.tsx).
import { Anchor, Badge, Button, Card, Group, Pagination, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconSearch, IconTool } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { repairNodeDrift } from "@/app/admin/nodes/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { formatBytes } from "@/components/subscriptions/bytes";
import type { NodeDriftItem, OrphanDriftItem } from "@/server/db/schema/nodes";
import { ConfirmModal } from "./confirm-modal";
import { OrphanRemoval } from "./orphan-removal";
import { RelativeTime } from "./relative-time";
import { useCan } from "@/components/admin/staff-permissions";

const PAGE_SIZE = 20;
const KINDS: NodeDriftItem["kind"][] = ["missing", "enable", "quota", "expiry", "credential", "inbound_missing", "orphan"];

export function DriftPanel({ nodeId, items, checkedAt }: { nodeId: string; items: NodeDriftItem[]; checkedAt: Date | null }) {
  const t = useTranslations("nodes.drift");
  const f = useFormatter();
  const router = useRouter();
  const phone = usePhoneLayout();
  const { messageOf } = useErrorText();
  // Repairing and removing orphans are node writes; a read-only role sees the differences (issue 29).
  const mayRepair = useCan()("nodes.write");
  const [query, setQuery] = useState("");
  const [kind, setKind] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return items.filter((d) => (!kind || d.kind === kind) && (!q || d.email.toLowerCase().includes(q)));
  }, [items, query, kind]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const pageItems = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const orphans = useMemo(() => items.filter((d): d is OrphanDriftItem => d.kind === "orphan"), [items]);
  // Orphans have no subscription to sync: Repair is for the rest.
  const repairable = items.length - orphans.length;

  /** A wanted or found value in words: switch, bytes, date, or inbound number. */
  const value = (d: NodeDriftItem, v: NodeDriftItem["want"]) => {
    if (v === undefined) return "—";
    if (d.kind === "enable") return v ? t("on") : t("off");
    if (d.kind === "quota") return Number(v) === 0 ? t("unlimited") : formatBytes(Number(v));
    if (d.kind === "expiry") return Number(v) <= 0 ? t("noExpiry") : f.dateTime(new Date(Number(v)), { dateStyle: "medium", timeStyle: "short" });
    if (d.kind === "inbound_missing") return `#${String(v)}`;
    return String(v);
  };
  // An orphan is wanted by no subscription and sits in one panel inbound.
  const wantText = (d: NodeDriftItem) => (d.kind === "orphan" ? t("noSubscription") : value(d, d.want));
  const haveText = (d: NodeDriftItem) => (d.kind === "orphan" ? t("inInbound", { id: d.panelInboundId }) : value(d, d.have));

  const repair = async () => {
    setBusy(true);
    setError(null);
    const r = await repairNodeDrift(nodeId).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(r.data.queued ? t("repaired", { count: r.data.queued }) : t("repairedNone"));
    setConfirming(false);
    router.refresh();
  };

  const subscriptionLink = (d: NodeDriftItem) =>
    d.kind === "orphan" ? (
      <Text size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
        {d.email}
      </Text>
    ) : (
      <Anchor component={Link} href={`/admin/subscriptions/${d.subscriptionId}`} size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
        {d.email}
      </Anchor>
    );

  return (
    <Stack gap="sm" data-testid="node-drift" data-drift-count={items.length}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="lg">
              {t("title")}
            </Text>
            <Badge color={items.length ? "orange" : checkedAt ? "teal" : "gray"} variant="light" data-testid="node-drift-count">
              {!checkedAt ? t("notChecked") : items.length ? t("count", { count: items.length }) : t("clean")}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t("hint")}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t("checkedAt")}
            </Text>
            <RelativeTime date={checkedAt} size="xs" c="dimmed" testId="node-drift-checked" />
          </Group>
        </div>
        {mayRepair ? (
          <Group gap="xs" wrap="wrap">
            <OrphanRemoval nodeId={nodeId} orphans={orphans} />
            <Button
              variant="light"
              leftSection={<IconTool size={16} />}
              disabled={repairable === 0}
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
              data-testid="node-drift-repair"
            >
              {t("repair")}
            </Button>
          </Group>
        ) : null}
      </Group>

      {items.length === 0 ? (
        checkedAt ? (
          <Text size="sm" c="dimmed" data-testid="node-drift-none">
            {t("none")}
          </Text>
        ) : null
      ) : (
        <>
          <Group gap="xs" wrap="wrap">
            <TextInput
              leftSection={<IconSearch size={14} />}
              placeholder={t("search")}
              aria-label={t("search")}
              value={query}
              onChange={(e) => {
                setQuery(e.currentTarget.value);
                setPage(1);
              }}
              style={{ flex: "1 1 220px" }}
              data-testid="node-drift-search"
            />
            <Select
              data={KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              placeholder={t("kindAll")}
              aria-label={t("kindAll")}
              clearable
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPage(1);
              }}
              style={{ flex: "0 1 240px" }}
              data-testid="node-drift-kind"
            />
          </Group>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("noMatch")}
            </Text>
          ) : phone ? (
            <Stack gap="xs">
              {pageItems.map((d, i) => (
                <Card key={`${d.email}:${d.kind}:${i}`} withBorder padding="sm" data-testid="node-drift-row" data-kind={d.kind}>
                  <Stack gap={4}>
                    {subscriptionLink(d)}
                    <Badge color="orange" variant="light" style={{ alignSelf: "flex-start" }}>
                      {t(`kind.${d.kind}`)}
                    </Badge>
                    {d.kind === "orphan" ? (
                      <Text size="xs" c="dimmed">
                        {haveText(d)}
                      </Text>
                    ) : d.want !== undefined || d.have !== undefined ? (
                      <Text size="xs" c="dimmed">
                        {t("wantHave", { want: wantText(d), have: haveText(d) })}
                      </Text>
                    ) : null}
                  </Stack>
                </Card>
              ))}
            </Stack>
          ) : (
            <Card withBorder padding={0}>
              <Table.ScrollContainer minWidth={640} type="native">
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("col.client")}</Table.Th>
                      <Table.Th>{t("col.kind")}</Table.Th>
                      <Table.Th>{t("col.want")}</Table.Th>
                      <Table.Th>{t("col.have")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {pageItems.map((d, i) => (
                      <Table.Tr key={`${d.email}:${d.kind}:${i}`} data-testid="node-drift-row" data-kind={d.kind}>
                        <Table.Td>{subscriptionLink(d)}</Table.Td>
                        <Table.Td>
                          <Badge color="orange" variant="light">
                            {t(`kind.${d.kind}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{wantText(d)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{haveText(d)}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )}
          {pages > 1 ? <Pagination total={pages} value={current} onChange={setPage} size="sm" style={{ alignSelf: "flex-end" }} /> : null}
        </>
      )}

      <ConfirmModal opened={confirming} title={t("repairTitle")} confirmLabel={t("repair")} busy={busy} error={error} onConfirm={repair} onClose={() => setConfirming(false)} testId="node-drift-repair">
        {t("repairText")}
      </ConfirmModal>
    </Stack>
  );
}
