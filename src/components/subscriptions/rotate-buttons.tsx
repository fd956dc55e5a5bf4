"use client";
// The two resets a user can make: one subscription's access (new token and panel credential) and
// the all-in-one link's token.
import { useTranslations } from "next-intl";
import { rotateAggregateLink, rotateSubscriptionAccess } from "@/app/(user)/subscriptions/actions";
import { ConfirmResetButton } from "./confirm-reset-button";

export function RotateAccessButton({ subscriptionId }: { subscriptionId: string }) {
  const t = useTranslations("subscriptions.detail");
  return (
    <ConfirmResetButton
      testId="rotate-access"
      text={{ button: t("rotate"), title: t("rotateTitle"), body: t("rotateBody"), confirm: t("rotateConfirm"), done: t("rotated") }}
      run={() => rotateSubscriptionAccess(subscriptionId)}
    />
  );
}

export function RotateAggregateButton() {
  const t = useTranslations("subscriptions.aggregate");
  return (
    <ConfirmResetButton
      testId="rotate-aggregate"
      text={{ button: t("rotate"), title: t("rotateTitle"), body: t("rotateBody"), confirm: t("rotateConfirm"), done: t("rotated") }}
      run={() => rotateAggregateLink()}
    />
  );
}
