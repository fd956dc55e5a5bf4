"use client";
// The admin plan list on the list kit: a table on wide screens, cards on phones.
import { ActionIcon, Badge, Group, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconPencil, IconStarFilled } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { CardFact, ListView, Truncated, type Column } from "../list-kit";
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
  const priceText = usePlanPriceText(currency);
  const target = (p: PlanRow) => (
    <Group gap={4} wrap="nowrap">
      <Truncated text={p.nodeName ?? p.streamingServiceName ?? tc("none")} maw={200} span />
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
  const name = (p: PlanRow, phone = false) => (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      {p.featured ? <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label={t("featuredBadge")} /> : null}
      {phone ? (
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {p.name}
        </Text>
      ) : (
        <Truncated text={p.name} fw={500} maw={260} />
      )}
    </Group>
  );
  const kind = (p: PlanRow) => (
    <Badge size="sm" variant="light" color={KIND_COLORS[p.kind]}>
      {tk(p.kind)}
    </Badge>
  );

  const columns: Column<PlanRow>[] = [
    { key: "name", header: t("name"), cell: (p) => name(p) },
    { key: "kind", header: t("kindCol"), cell: kind },
    { key: "target", header: t("target"), cell: target },
    { key: "price", header: t("price"), cell: (p) => <Text size="sm">{priceText(p)}</Text> },
    { key: "duration", header: t("duration"), cell: (p) => tc("days", { count: p.durationDays }) },
    { key: "stock", header: t("stock"), cell: stock },
    { key: "visibility", header: t("visibilityCol"), cell: (p) => <PlanVisibilitySwitch plan={p} /> },
    { key: "actions", header: tc("actions"), align: "right", sticky: true, cell: (p) => <Group justify="flex-end">{edit(p)}</Group> },
  ];

  const card = (p: PlanRow) => (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {name(p, true)}
        {edit(p)}
      </Group>
      <Group gap={6} mt={4}>
        {kind(p)}
        {target(p)}
      </Group>
      <Text size="sm" mt={6}>
        {priceText(p)}
      </Text>
      <CardFact label={t("duration")} value={tc("days", { count: p.durationDays })} />
      <CardFact label={t("stock")} value={stock(p)} />
      <Group mt={6}>
        <PlanVisibilitySwitch plan={p} />
      </Group>
    </>
  );

  return <ListView rows={rows} rowKey={(p) => p.id} columns={columns} card={card} rowAttrs={(p) => ({ "data-testid": "plan-row", "data-name": p.name })} empty={t("empty")} testId="plans" minWidth={900} />;
}
