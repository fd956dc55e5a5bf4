"use client";
import { useTranslations } from "next-intl";
import { ListToolbar } from "../list-kit";
import { SUBSCRIPTION_KIND_CODES, SUBSCRIPTION_STATUS_CODES } from "./subscription-codes";

interface Choice { id: string; name: string }

/** Search as you type and the filters, kept in the URL; any change starts again at page 1. */
export function SubscriptionsToolbar({ plans, nodes }: { plans: Choice[]; nodes: Choice[] }) {
  const t = useTranslations("adminSubscriptions");
  const choice = (c: Choice) => ({ value: c.id, label: c.name });
  return (
    <ListToolbar
      search={{ label: t("search"), placeholder: t("searchPlaceholder"), testId: "subscription-search" }}
      filters={[
        { param: "status", label: t("status"), placeholder: t("allStatuses"), data: SUBSCRIPTION_STATUS_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) })), testId: "subscription-status-filter", width: 150 },
        { param: "kind", label: t("kind"), placeholder: t("allKinds"), data: SUBSCRIPTION_KIND_CODES.map((k) => ({ value: k, label: t(`kinds.${k}`) })), testId: "subscription-kind-filter", width: 140 },
        { param: "plan", label: t("plan"), placeholder: t("allPlans"), data: plans.map(choice), testId: "subscription-plan-filter", width: 190, searchable: true, nothingFound: t("none") },
        { param: "node", label: t("node"), placeholder: t("allNodes"), data: nodes.map(choice), testId: "subscription-node-filter", width: 170, searchable: true, nothingFound: t("none") },
      ]}
    />
  );
}
