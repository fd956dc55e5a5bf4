"use client";
import { ActionIcon, Badge, Card, Group, Stack, Table, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconPencil, IconStarFilled } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { stickyEndCell } from "@/components/shell/sticky-end-cell";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { useMoney } from "@/components/format/use-money";
import { PlanVisibilitySwitch } from "./plan-visibility-switch";

export interface PlanRow {
  id: string;
  kind: "PROXY" | "TRIAL" | "STREAMING";
  name: string;
  nodeName: string | null;
  nodeVisibility: string | null;
  streamingServiceName: string | null;
  pricingMode: "FIXED" | "SLIDER";
  priceMinor: number;
  trafficGb: number;
  pricePerGbMinor: number;
  minGb: number;
  maxGb: number;
  durationDays: number;
  stockTotal: number | null;
  stockHeld: number;
  visibility: "PUBLIC" | "HIDDEN";
  featured: boolean;
}

export const KIND_COLORS = { PROXY: "blue", TRIAL: "teal", STREAMING: "grape" } as const;

export function usePlanPriceText(currency: string) {
  const t = useTranslations("catalog.plans");
  const toMoney = useMoney();
  return (p: Pick<PlanRow, "kind" | "pricingMode" | "priceMinor" | "trafficGb" | "pricePerGbMinor" | "minGb" | "maxGb">) => {
    const money = (m: number) => toMoney(m, currency);
    if (p.kind === "TRIAL") return t("free");
    if (p.pricingMode === "SLIDER") return `${t("perGb", { price: money(p.pricePerGbMinor) })} · ${t("sliderRange", { min: p.minGb, max: p.maxGb })}`;
    return p.kind === "STREAMING" ? money(p.priceMinor) : t("fixedPrice", { price: money(p.priceMinor), gb: p.trafficGb });
  };
}

export function PlansTable({ rows, currency }: { rows: PlanRow[]; currency: string }) {
  const t = useTranslations("catalog.plans");
  const tk = useTranslations("catalog.kind");
  const tc = useTranslations("catalog.common");
  const phone = usePhoneLayout();
  const priceText = usePlanPriceText(currency);
  const target = (p: PlanRow) => (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" span>
        {p.nodeName ?? p.streamingServiceName ?? tc("none")}
      </Text>
      {p.nodeName && p.nodeVisibility !== "VISIBLE" ? (
        <Tooltip label={t("nodeNotVisible")} multiline w={240}>
          <IconAlertTriangle size={14} color="var(--mantine-color-yellow-6)" aria-label={t("nodeNotVisible")} />
        </Tooltip>
      ) : null}
    </Group>
  );
  const stock = (p: PlanRow) => `${p.stockHeld} / ${p.stockTotal ?? tc("unlimited")}`;
  const edit = (p: PlanRow) => (
    <Tooltip label={tc("edit")}>
      <ActionIcon component={Link} href={`/admin/plans/${p.id}`} variant="subtle" aria-label={`${tc("edit")} ${p.name}`} data-testid={`edit-plan-${p.id}`}>
        <IconPencil size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const name = (p: PlanRow) => (
    <Group gap={6} wrap="nowrap">
      {p.featured ? <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label={t("featuredBadge")} /> : null}
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
        {p.name}
      </Text>
    </Group>
  );
  const kind = (p: PlanRow) => (
    <Badge size="sm" variant="light" color={KIND_COLORS[p.kind]}>
      {tk(p.kind)}
    </Badge>
  );

  if (rows.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center" data-testid="plans-empty">
          {t("empty")}
        </Text>
      </Card>
    );
  }

  if (phone) {
    return (
      <Stack gap="xs" data-testid="plans-cards">
        {rows.map((p) => (
          <Card key={p.id} withBorder padding="sm" data-testid="plan-row" data-name={p.name}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              {name(p)}
              {edit(p)}
            </Group>
            <Group gap={6} mt={4}>
              {kind(p)}
              {target(p)}
            </Group>
            <Text size="sm" mt={6}>
              {priceText(p)}
            </Text>
            <Text size="xs" c="dimmed">
              {tc("labeled", { label: t("duration"), value: tc("days", { count: p.durationDays }) })}
            </Text>
            <Text size="xs" c="dimmed">
              {tc("labeled", { label: t("stock"), value: stock(p) })}
            </Text>
            <Group mt={6}>
              <PlanVisibilitySwitch plan={p} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder padding={0} data-testid="plans-table">
      <Table.ScrollContainer minWidth={900} type="native">
        <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("name")}</Table.Th>
              <Table.Th>{t("kindCol")}</Table.Th>
              <Table.Th>{t("target")}</Table.Th>
              <Table.Th>{t("price")}</Table.Th>
              <Table.Th>{t("duration")}</Table.Th>
              <Table.Th>{t("stock")}</Table.Th>
              <Table.Th>{t("visibilityCol")}</Table.Th>
              <Table.Th ta="right" style={stickyEndCell()}>
                {tc("actions")}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p, idx) => (
              <Table.Tr key={p.id} data-testid="plan-row" data-name={p.name}>
                <Table.Td>{name(p)}</Table.Td>
                <Table.Td>{kind(p)}</Table.Td>
                <Table.Td>{target(p)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{priceText(p)}</Text>
                </Table.Td>
                <Table.Td>{tc("days", { count: p.durationDays })}</Table.Td>
                <Table.Td>{stock(p)}</Table.Td>
                <Table.Td>
                  <PlanVisibilitySwitch plan={p} />
                </Table.Td>
                <Table.Td style={stickyEndCell(idx % 2 === 0)}>
                  <Group justify="flex-end">{edit(p)}</Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
