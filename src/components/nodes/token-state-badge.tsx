"use client";
import { Badge, Tooltip } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";

export function TokenStateBadge({ active, createdAt }: { active: boolean; createdAt: Date | string | null }) {
  const t = useTranslations("nodes.token");
  const f = useFormatter();
  const badge = (
    <Badge color={active ? "teal" : "gray"} variant={active ? "light" : "outline"} data-testid="token-state" data-active={active}>
      {active ? t("active") : t("none")}
    </Badge>
  );
  if (!active || !createdAt) return badge;
  return <Tooltip label={t("createdAt", { when: f.dateTime(new Date(createdAt), { dateStyle: "medium", timeStyle: "short" }) })}>{badge}</Tooltip>;
}
