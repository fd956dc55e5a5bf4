"use client";
// What the chosen method needs: a payment page link, an Alipay QR code, or a USDT address and exact
// amount. On a phone (issue 24 item 2) the app link comes first and nothing asks to scan with a
// phone: the QR code stays behind a button, for paying on another device.
import { ActionIcon, Alert, Box, Button, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconCopy, IconExternalLink, IconQrcode } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { QRCodeSVG } from "qrcode.react";
import { useState } from "react";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import type { PaymentView } from "@/server/services/payments/payment-view";

function CopyValue({ value, testId }: { value: string; testId: string }) {
  const t = useTranslations("store.pay");
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Text ff="monospace" fw={600} size="md" style={{ overflowWrap: "anywhere", userSelect: "all", minWidth: 0 }} data-testid={testId}>
        {value}
      </Text>
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t("copied") : t("copy")} withArrow>
            <ActionIcon variant="light" color={copied ? "teal" : "gray"} onClick={copy} aria-label={t("copy")} data-testid={`${testId}-copy`}>
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Qr({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    // White behind the code in dark mode too: scanners need the contrast.
    <Box mx="auto" p="sm" bg="white" style={{ borderRadius: "var(--mantine-radius-md)", lineHeight: 0 }}>
      <QRCodeSVG value={value} size={200} marginSize={0} title={label} data-testid={testId} />
    </Box>
  );
}

/** On a phone: the code only on request (someone paying from another device). */
function QrOnRequest({ value, label }: { value: string; label: string }) {
  const t = useTranslations("payPage");
  const [shown, setShown] = useState(false);
  if (shown) return <Qr value={value} label={label} testId="pay-qr" />;
  return (
    <Button variant="subtle" size="xs" leftSection={<IconQrcode size={14} />} onClick={() => setShown(true)} data-testid="pay-show-qr">
      {t("showQr")}
    </Button>
  );
}

function Usdt({ usdt }: { usdt: NonNullable<PaymentView["usdt"]> }) {
  const t = useTranslations("store.pay");
  return (
    <Stack gap="sm" data-testid="pay-usdt">
      <Text size="sm">{t("usdtHint")}</Text>
      {(
        [
          ["usdtAddress", usdt.address, "usdt-address"],
          ["usdtAmount", usdt.amount, "usdt-amount"],
        ] as const
      ).map(([label, value, testId]) => (
        <Stack key={testId} gap={2}>
          <Text size="xs" c="dimmed">
            {t(label)}
          </Text>
          <CopyValue value={value} testId={testId} />
        </Stack>
      ))}
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="usdt-warning">
        {t("usdtWarning", { amount: usdt.amount })}
      </Alert>
    </Stack>
  );
}

export function PaymentPanel({ payment }: { payment: PaymentView }) {
  const t = useTranslations("store.pay");
  const tp = useTranslations("payPage");
  const phone = usePhoneLayout();
  if (payment.usdt) return <Usdt usdt={payment.usdt} />;
  if (payment.qrCode) {
    const link = (
      <Button component="a" href={payment.qrCode} variant={phone ? "filled" : "light"} size={phone ? "md" : "sm"} fullWidth={phone} rightSection={<IconExternalLink size={16} />} data-testid="pay-open-alipay">
        {phone ? tp("payInAlipay") : t("openAlipay")}
      </Button>
    );
    return (
      <Stack gap="sm" align="center" ta="center" data-testid="pay-alipay" data-layout={phone ? "phone" : "desktop"}>
        <Text size="sm">{phone ? tp("phoneAlipayHint") : t("alipayHint")}</Text>
        {phone ? link : <Qr value={payment.qrCode} label={t("alipayHint")} testId="pay-qr" />}
        {phone ? <QrOnRequest value={payment.qrCode} label={t("alipayHint")} /> : link}
      </Stack>
    );
  }
  if (payment.payUrl) {
    return (
      <Stack gap="sm" align="center" ta="center" data-testid="pay-epay" data-layout={phone ? "phone" : "desktop"}>
        <Text size="sm">{phone ? tp("phoneEpayHint") : t("epayHint")}</Text>
        <Button component="a" href={payment.payUrl} size="md" fullWidth={phone} rightSection={<IconExternalLink size={16} />} data-testid="pay-link">
          {t("epayButton")}
        </Button>
        {phone ? (
          <QrOnRequest value={payment.payUrl} label={t("epayButton")} />
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {t("scanToPay")}
            </Text>
            <Qr value={payment.payUrl} label={t("scanToPay")} testId="pay-qr" />
          </>
        )}
      </Stack>
    );
  }
  return null;
}
