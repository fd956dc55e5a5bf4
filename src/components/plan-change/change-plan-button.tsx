"use client";
// The subscription page's "Change plan" button; the dialog (and its requests) exists only while open.
// The dialog's code is fetched when it first opens: the owner's subscription page is a light page
// with a byte budget (e2e/subscription-links.spec.ts), and most owners never change plans.
import { IconArrowsExchange } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import { CompactButton } from "../compact-button";

const ChangePlanModal = dynamic(() => import("./change-plan-modal").then((m) => m.ChangePlanModal), { ssr: false });

export function ChangePlanButton({ subscriptionId, planName }: { subscriptionId: string; planName: string }) {
  const t = useTranslations("planChange");
  const [open, setOpen] = useState(false);
  return (
    <>
      <CompactButton icon={IconArrowsExchange} variant="light" onClick={() => setOpen(true)} data-testid="plan-change-open-dialog">
        {t("open")}
      </CompactButton>
      {open ? <ChangePlanModal subscriptionId={subscriptionId} planName={planName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
