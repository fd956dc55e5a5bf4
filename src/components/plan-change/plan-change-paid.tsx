"use client";
// The pay page's success screen for a plan change: applied (the subscription is on its new plan) or
// not applied (the money went back, and where). The page was rendered before the payment landed, so
// its copy of the change still says PENDING: one refresh brings the settled change (the payment and
// the change commit together, so by the time the order reads PAID the change is settled too).
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, type ReactNode } from "react";
import { ButtonLink } from "@/components/links";
import { Outcome } from "@/components/store/pay-view";
import type { PlanChangeView } from "@/server/services/plan-change/view";
import { PlanChangeOutcomeText } from "./plan-change-card";

export function PlanChangePaid({ view, orderNo, children }: { view: PlanChangeView; orderNo: string; children?: ReactNode }) {
  const t = useTranslations("planChange.paid");
  const router = useRouter();
  const settled = view.status === "APPLIED" || view.status === "NOT_APPLIED";
  useEffect(() => {
    if (!settled) router.refresh();
  }, [settled, router]);
  const applied = view.status === "APPLIED";
  const [title, body] = !settled
    ? [t("settlingTitle"), t("settlingBody", { plan: view.toPlanName })]
    : applied
      ? [t("appliedTitle"), t("appliedBody", { orderNo, plan: view.toPlanName })]
      : [t("notAppliedTitle"), t("notAppliedBody", { orderNo })];
  return (
    <>
      <Outcome icon={applied || !settled ? <IconCircleCheck size={32} /> : <IconAlertTriangle size={32} />} color={applied || !settled ? "teal" : "orange"} title={title} body={body} testId="pay-success">
        <ButtonLink href={`/subscriptions/${view.subscriptionId}`} data-testid="pay-view-subscription">
          {t("viewSubscription")}
        </ButtonLink>
        {children}
      </Outcome>
      <PlanChangeOutcomeText view={view} />
    </>
  );
}
