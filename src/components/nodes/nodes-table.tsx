"use client";
// The admin node list: search by name, select rows, test the selection in one go.
import { Anchor, Button, Card, Checkbox, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { IconPlugConnected, IconSearch, IconServer } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { batchTestNodeConnections } from "@/app/admin/nodes/actions";
import { notifyError } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { AddNodeButton } from "./add-node-button";
import { AgentStateBadge } from "./agent-state-badge";
import { BatchResults, type BatchResult } from "./batch-results";
import { LatencyBadge } from "./latency-badge";
import { CARRIERS } from "./meta";
import { hostOf, InboundCount, type NodeListRow } from "./node-list-row";
import { NodeRowCard } from "./node-row-card";
import { NodeUsage } from "./node-usage";
import { PanelStatusBadge, usePanelErrorText } from "./panel-status-badge";
import { RelativeTime } from "./relative-time";
import { useRowName } from "../a11y/row-name";
import { TestOneButton } from "./test-one-button";
import { TokenStateBadge } from "./token-state-badge";
import { VisibilitySwitch } from "./visibility-switch";
import { useCan } from "@/components/admin/staff-permissions";

export type { NodeListRow } from "./node-list-row";

export function NodesTable({ rows }: { rows: NodeListRow[] }) {
  const t = useTranslations("nodes");
  const tc = useTranslations("lines.carriers");
  const rowName = useRowName();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const panelErrorText = usePanelErrorText();
  const [q, setQ] = useState("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const mayWrite = useCan()("nodes.write");
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<BatchResult[] | null>(null);
  const phone = usePhoneLayout();

  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return needle ? rows.filter((r) => r.name.toLowerCase().includes(needle)) : rows;
  }, [rows, q]);
  // Only rows that still exist and are visible count as selected.
  const chosen = shown.filter((r) => selected.has(r.id));
  const allShownSelected = shown.length > 0 && chosen.length === shown.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) => setSelected(on ? new Set(shown.map((r) => r.id)) : new Set());

  const testSelected = async () => {
    if (chosen.length === 0) return;
    const fd = new FormData();
    for (const r of chosen) fd.append("nodeIds", r.id);
    setBusy(true);
    setResults(null);
    const r = await batchTestNodeConnections(fd).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setResults(r.data);
    router.refresh();
  };

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder={t("searchPlaceholder")}
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          style={{ flex: "1 1 220px" }}
          data-testid="node-search"
        />
        {/* Testing (it syncs) and adding are node writes (issue 29). */}
        {mayWrite ? (
          <>
            <Button variant="light" leftSection={<IconPlugConnected size={16} />} onClick={testSelected} loading={busy} disabled={chosen.length === 0} data-testid="test-selected">
              {t("testSelected", { count: chosen.length })}
            </Button>
            <AddNodeButton />
          </>
        ) : null}
      </Group>
      {busy ? (
        <Text size="sm" c="dimmed" data-testid="batch-running">
          {t("batch.running", { count: chosen.length })}
        </Text>
      ) : null}
      {results ? <BatchResults results={results} onClose={() => setResults(null)} /> : null}
      {rows.length === 0 ? (
        <Card withBorder padding="xl" data-testid="nodes-empty">
          <Stack align="center" gap="xs">
            <IconServer size={32} color="var(--mantine-color-dimmed)" />
            <Text fw={600}>{t("emptyTitle")}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t("emptyText")}
            </Text>
          </Stack>
        </Card>
      ) : shown.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center" data-testid="nodes-no-match">
            {t("noMatch", { q: q.trim() })}
          </Text>
        </Card>
      ) : phone ? (
        // On a phone each node is a card with its status and actions in view; select-all sits above.
        <Stack gap="xs" data-testid="nodes-cards">
          <Checkbox
            label={t("selectAll")}
            checked={allShownSelected}
            indeterminate={chosen.length > 0 && !allShownSelected}
            onChange={(e) => toggleAll(e.currentTarget.checked)}
            data-testid="node-select-all"
          />
          {shown.map((n) => (
            <NodeRowCard key={n.id} node={n} selected={selected.has(n.id)} onSelect={(on) => toggle(n.id, on)} />
          ))}
        </Stack>
      ) : (
        <Card withBorder padding={0} data-testid="nodes-table">
          <Table.ScrollContainer minWidth={1440} type="native">
            <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={t("selectAll")}
                      checked={allShownSelected}
                      indeterminate={chosen.length > 0 && !allShownSelected}
                      onChange={(e) => toggleAll(e.currentTarget.checked)}
                      data-testid="node-select-all"
                    />
                  </Table.Th>
                  <Table.Th>{t("col.name")}</Table.Th>
                  <Table.Th>{t("col.visibility")}</Table.Th>
                  <Table.Th>{t("col.panel")}</Table.Th>
                  {CARRIERS.map((c) => (
                    <Table.Th key={c}>{tc(c)}</Table.Th>
                  ))}
                  <Table.Th>{t("col.inbounds")}</Table.Th>
                  <Table.Th>{t("col.agentToken")}</Table.Th>
                  <Table.Th>{t("col.agent")}</Table.Th>
                  <Table.Th>{t("col.lastReport")}</Table.Th>
                  <Table.Th>{t("col.health")}</Table.Th>
                  <Table.Th ta="right" style={stickyEndCell()}>
                    {t("col.actions")}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((n, idx) => (
                  <Table.Tr key={n.id} data-testid="node-row" data-node-id={n.id} data-name={n.name}>
                    <Table.Td>
                      <Checkbox aria-label={t("select", { name: n.name })} checked={selected.has(n.id)} onChange={(e) => toggle(n.id, e.currentTarget.checked)} data-testid="node-select" />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} href={`/admin/nodes/${n.id}`} fw={600} size="sm" data-testid="node-link">
                        {n.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {hostOf(n.panelUrl)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <VisibilitySwitch node={n} />
                    </Table.Td>
                    <Table.Td>
                      <PanelStatusBadge status={n.panelStatus} error={panelErrorText(n)} checkedAt={n.panelCheckedAt} />
                    </Table.Td>
                    {CARRIERS.map((c) => (
                      <Table.Td key={c}>
                        <LatencyBadge ms={n.latency[c]?.latencyMs} at={n.latency[c]?.at} testId={`node-latency-${c}`} />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <InboundCount node={n} />
                    </Table.Td>
                    <Table.Td>
                      <TokenStateBadge active={n.agentToken.active} createdAt={n.agentToken.createdAt} />
                    </Table.Td>
                    <Table.Td>{n.agent ? <AgentStateBadge status={n.agent} /> : null}</Table.Td>
                    <Table.Td>
                      <RelativeTime date={n.agent?.lastReportAt ?? n.lastAgentReportAt} testId="node-last-report" />
                    </Table.Td>
                    <Table.Td>
                      <NodeUsage sample={n.usage ?? null} stale={n.agent?.state === "stale"} />
                    </Table.Td>
                    <Table.Td style={stickyEndCell(idx % 2 === 0)}>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <TestOneButton node={n} />
                        <Button component={Link} href={`/admin/nodes/${n.id}`} variant="default" size="compact-xs" aria-label={rowName(t("details"), n.name)}>
                          {t("details")}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Stack>
  );
}
