"use client";
import { Switch } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setPlanVisibilityAction } from "@/app/admin/plans/actions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { useCan } from "../staff-permissions";

/** The store switch of one plan, in the table: on = PUBLIC, off = HIDDEN. */
export function PlanVisibilitySwitch({ plan }: { plan: { id: string; name: string; visibility: "PUBLIC" | "HIDDEN" } }) {
  const t = useTranslations("catalog.plans");
  const tv = useTranslations("catalog.visibility");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  // Shows the state to a read-only role (catalog.read) without letting it change.
  const mayChange = useCan()("catalog.write");
  const flip = async (on: boolean) => {
    setBusy(true);
    const r = await setPlanVisibilityAction(plan.id, on ? "PUBLIC" : "HIDDEN").catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t(on ? "shown" : "hidden", { name: plan.name }));
    router.refresh();
  };
  return (
    <Switch
      size="sm"
      checked={plan.visibility === "PUBLIC"}
      disabled={busy || !mayChange}
      onChange={(e) => flip(e.currentTarget.checked)}
      label={tv(plan.visibility)}
      aria-label={t("visibleSwitch", { name: plan.name })}
      data-testid={`plan-visibility-${plan.id}`}
    />
  );
}
