"use client";
// The pay page's summary of a gift order (issue 28): who the gift is for.
import { Group, Text } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

export function GiftSummaryLine({ email }: { email: string }) {
  const t = useTranslations("gifts.buy");
  return (
    <Group gap={6} wrap="nowrap" data-testid="pay-summary-gift">
      <IconGift size={16} style={{ flexShrink: 0 }} />
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {t("summary", { email })}
      </Text>
    </Group>
  );
}
