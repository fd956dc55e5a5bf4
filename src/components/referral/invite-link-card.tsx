"use client";
// The inviter's link: copy it, or show it as a QR code for a phone to scan; under it the terms in
// force (rate, first order or every order, holding period, smallest payout) in words.
import { Button, Card, Center, Group, Stack, Text, Title } from "@mantine/core";
import { IconQrcode } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { CopyField } from "@/components/nodes/copy-field";
import { formatMoney } from "@/components/store/money";

export interface ReferralTermsView {
  ratePercent: number;
  firstOrderOnly: boolean;
  holdDays: number;
  minPayoutMinor: number;
  currency: string;
}

export function InviteLinkCard({ link, code, terms }: { link: string; code: string; terms: ReferralTermsView }) {
  const t = useTranslations("referral");
  const locale = useLocale();
  const [qr, setQr] = useState(false);
  return (
    <Card withBorder padding="lg" data-testid="referral-link-card">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            {t("link.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("link.hint")}
          </Text>
        </div>
        <CopyField value={link} testId="referral-link" copyTestId="referral-link-copy" />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" data-testid="referral-code">
            {t("link.code", { code })}
          </Text>
          <Button variant="default" size="compact-sm" leftSection={<IconQrcode size={16} />} onClick={() => setQr((v) => !v)} aria-expanded={qr} data-testid="referral-qr-toggle">
            {qr ? t("link.qrHide") : t("link.qr")}
          </Button>
        </Group>
        {qr ? (
          <Center>
            {/* White around the code in both themes: scanners need the contrast. */}
            <div style={{ background: "#fff", padding: 12, borderRadius: 8, lineHeight: 0 }}>
              <QRCodeSVG value={link} size={176} role="img" aria-label={t("link.qrAlt")} data-testid="referral-qr" />
            </div>
          </Center>
        ) : null}
        <Stack gap={2} data-testid="referral-terms">
          {terms.ratePercent > 0 ? (
            <>
              <Text size="sm">{t(terms.firstOrderOnly ? "terms.rateFirst" : "terms.rateEvery", { rate: terms.ratePercent })}</Text>
              <Text size="sm" c="dimmed">
                {terms.holdDays > 0 ? t("terms.hold", { days: terms.holdDays }) : t("terms.holdNone")}
              </Text>
              <Text size="sm" c="dimmed">
                {t("terms.min", { min: formatMoney(terms.minPayoutMinor, terms.currency, locale) })}
              </Text>
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {t("terms.off")}
            </Text>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
