"use client";
// The coupon list on the list kit: a table on wide screens, cards on phones.
import { ActionIcon, Badge, Button, Group, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconTrash, IconUsers } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useMoney } from "@/components/format/use-money";
import { CardActions, CardFact, CardHead, ListView, type Column } from "../list-kit";
import { useWindowText, type CouponView } from "./coupon-view";

interface Props {
  rows: CouponView[];
  currency: string;
  /** Absent for a role without coupons.write: no edit and delete buttons. */
  onEdit?: (c: CouponView) => void;
  onGrants: (c: CouponView) => void;
  onDelete?: (c: CouponView) => void;
}

export function CouponsTable({ rows, currency, onEdit, onGrants, onDelete }: Props) {
  const t = useTranslations("catalog.coupons");
  const tc = useTranslations("catalog.common");
  const windowText = useWindowText();
  const toMoney = useMoney();
  const money = (m: number) => toMoney(m, currency);
  const value = (c: CouponView) =>
    c.kind === "AMOUNT" ? t("amountOff", { amount: money(c.amountOffMinor) }) : c.maxDiscountMinor !== null ? t("percentCapped", { percent: c.percentOff, cap: money(c.maxDiscountMinor) }) : t("percentOff", { percent: c.percentOff });
  const uses = (c: CouponView) => `${c.usesHeld} / ${c.totalLimit ?? tc("unlimited")}`;
  const status = (c: CouponView) => (
    <Badge size="sm" variant="light" color={c.enabled ? "teal" : "gray"}>
      {c.enabled ? tc("enabled") : tc("disabled")}
    </Badge>
  );
  const audience = (c: CouponView) => (c.audience === "GRANTED" ? `${t("audienceGRANTED")} (${c.grantCount})` : t("audiencePUBLIC"));
  const actions = (c: CouponView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {c.audience === "GRANTED" ? (
        <Button variant="default" size="compact-xs" leftSection={<IconUsers size={12} />} onClick={() => onGrants(c)} data-testid={`coupon-grants-${c.code}`}>
          {t("grants")}
        </Button>
      ) : null}
      {onEdit ? (
        <Tooltip label={tc("edit")}>
          <ActionIcon variant="subtle" onClick={() => onEdit(c)} aria-label={`${tc("edit")} ${c.code}`} data-testid={`coupon-edit-${c.code}`}>
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      {onDelete ? (
        <Tooltip label={tc("delete")}>
          <ActionIcon variant="subtle" color="red" onClick={() => onDelete(c)} aria-label={`${tc("delete")} ${c.code}`} data-testid={`coupon-delete-${c.code}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );

  const columns: Column<CouponView>[] = [
    { key: "code", header: t("code"), cell: (c) => <Text size="sm" fw={600} ff="monospace">{c.code}</Text> },
    { key: "value", header: t("value"), cell: value },
    { key: "window", header: t("window"), cell: (c) => <Text size="xs">{windowText(c)}</Text> },
    { key: "uses", header: t("uses"), cell: uses },
    { key: "audience", header: t("audience"), cell: audience },
    { key: "status", header: t("status"), cell: status },
    { key: "actions", header: tc("actions"), align: "right", sticky: true, cell: actions },
  ];
  const line = (label: string, text: string) => <CardFact label={label} value={text} />;
  const card = (c: CouponView) => (
    <>
      <CardHead title={c.code} aside={status(c)} mono />
      <Text size="sm" mt={4}>
        {value(c)}
      </Text>
      {line(t("window"), windowText(c))}
      {line(t("uses"), uses(c))}
      {line(t("audience"), audience(c))}
      <CardActions>
        {actions(c)}
      </CardActions>
    </>
  );

  return <ListView rows={rows} rowKey={(c) => c.id} columns={columns} card={card} rowAttrs={(c) => ({ "data-testid": "coupon-row", "data-code": c.code })} empty={t("empty")} testId="coupons" minWidth={900} />;
}
