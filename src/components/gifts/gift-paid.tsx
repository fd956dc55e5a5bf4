"use client";
// The pay page once a gift order is paid (issue 28): nothing was provisioned for the buyer, so instead
// of the subscription link it says the recipient was mailed, and leads to the orders (the gift's state).
import { IconGift } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/links";
import { Outcome } from "@/components/store/pay-view";

export function GiftPaid({ email, orderNo, children }: { email: string; orderNo: string; children: ReactNode }) {
  const t = useTranslations("gifts.pay");
  const tl = useTranslations("gifts.list");
  return (
    <Outcome icon={<IconGift size={32} />} color="pink" title={t("paidTitle")} body={t("paidBody", { orderNo, email })} testId="pay-gift-sent">
      <ButtonLink href="/orders" data-testid="pay-gift-orders">
        {tl("title")}
      </ButtonLink>
      {children}
    </Outcome>
  );
}
