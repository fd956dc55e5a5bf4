"use client";
// The subscription page's "Change plan" button; the dialog (and its requests) exists only while open.
import { Button } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ChangePlanModal } from "./change-plan-modal";

export function ChangePlanButton({ subscriptionId, planName }: { subscriptionId: string; planName: string }) {
  const t = useTranslations("planChange");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="compact-sm" leftSection={<IconArrowsExchange size={14} aria-hidden />} onClick={() => setOpen(true)} data-testid="plan-change-open-dialog">
        {t("open")}
      </Button>
      {open ? <ChangePlanModal subscriptionId={subscriptionId} planName={planName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
