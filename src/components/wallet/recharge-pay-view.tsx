"use client";
// Paying one recharge, as orders are paid (components/store/pay-view.tsx, whose method panel and
// outcome card it reuses): the amount and the time left, the gateway methods (never the balance),
// what the chosen one needs (payment page link, Alipay QR code, USDT address and exact amount), and
// the result, polled every few seconds through GET /api/wallet/recharge/query/{tradeNo} while open.
import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconX } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { createRechargePaymentAction } from "@/app/(user)/wallet/actions";
import { FormError } from "@/components/forms/form-error";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { ButtonLink } from "@/components/links";
import { formatCountdown, useTimeLeft } from "@/components/store/countdown";
import { formatMoney } from "@/components/store/money";
import { Outcome, PaymentPanel, POLL_MS } from "@/components/store/pay-view";
import type { PaymentProvider } from "@/server/db/schema/commerce";
import type { RechargeStatus } from "@/server/db/schema/wallet";
import type { PaymentView } from "@/server/services/payments/payment-view";

export interface RechargePayInfo {
  id: string;
  rechargeNo: string;
  amountMinor: number;
  currency: string;
  status: RechargeStatus;
  cancelReason: string | null;
  expiresAt: string;
}

interface Props {
  recharge: RechargePayInfo;
  methods: { provider: PaymentProvider; displayName: string }[];
  /** The attempt the gateway sent the payer back from (?tradeNo=), to poll at once. */
  returnedTradeNo: string | null;
}

interface Live {
  status: RechargeStatus;
  cancelReason: string | null;
}

interface QueryAnswer {
  paymentStatus: string;
  recharge: { status: RechargeStatus; cancelReason: string | null } | null;
  error?: UiError;
}

export function RechargePayView({ recharge, methods, returnedTradeNo }: Props) {
  const locale = useLocale();
  const t = useTranslations("wallet.pay");
  const tp = useTranslations("store.provider");
  const { messageOf } = useErrorText();
  const [live, setLive] = useState<Live>({ status: recharge.status, cancelReason: recharge.cancelReason });
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [tracked, setTracked] = useState<string | null>(returnedTradeNo);
  const [choosing, setChoosing] = useState<PaymentProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pollError, setPollError] = useState<UiError | null>(null);
  const [closed, setClosed] = useState(false);
  const left = useTimeLeft(recharge.expiresAt);
  const expired = (live.status === "PENDING" && left === 0) || (live.status === "CANCELLED" && live.cancelReason === "expired");
  const pending = live.status === "PENDING" && !expired;
  const money = formatMoney(recharge.amountMinor, recharge.currency, locale);

  const poll = useCallback(async (tradeNo: string, signal: AbortSignal) => {
    try {
      const res = await fetch(`/api/wallet/recharge/query/${encodeURIComponent(tradeNo)}`, { cache: "no-store", signal });
      const body = (await res.json().catch(() => null)) as QueryAnswer | null;
      if (!res.ok || !body || body.error) {
        setPollError(body?.error ?? networkError());
        return;
      }
      setPollError(null);
      if (body.recharge) setLive({ status: body.recharge.status, cancelReason: body.recharge.cancelReason });
      if (body.recharge?.status === "PENDING" && body.paymentStatus === "CLOSED") {
        setClosed(true);
        setPayment(null);
        setTracked(null);
      }
    } catch (err) {
      if ((err as Error).name !== "AbortError") setPollError(networkError());
    }
  }, []);

  useEffect(() => {
    if (!tracked || !pending) return;
    const ctl = new AbortController();
    const first = setTimeout(() => void poll(tracked, ctl.signal), 0);
    const timer = setInterval(() => void poll(tracked, ctl.signal), POLL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
      ctl.abort();
    };
  }, [tracked, pending, poll]);

  const choose = async (provider: PaymentProvider) => {
    setChoosing(provider);
    setError(null);
    setClosed(false);
    const r = await createRechargePaymentAction(recharge.id, provider).catch(() => ({ ok: false as const, error: networkError() }));
    setChoosing(null);
    if (!r.ok) return setError(messageOf(r.error));
    setPayment(r.data);
    setTracked(r.data.tradeNo);
  };

  const header = (
    <Stack gap={4}>
      <Title order={2} style={{ overflowWrap: "anywhere" }}>
        {t("title", { rechargeNo: recharge.rechargeNo })}
      </Title>
      {pending ? (
        <Text size="sm" c="dimmed">
          {t("subtitle")}
        </Text>
      ) : null}
    </Stack>
  );
  const back = (
    <ButtonLink href="/wallet" variant={live.status === "CREDITED" ? "filled" : "default"} data-testid="recharge-back-to-wallet">
      {t("backToWallet")}
    </ButtonLink>
  );

  if (live.status === "CREDITED") {
    return (
      <Stack gap="md">
        {header}
        <Outcome icon={<IconCircleCheck size={32} />} color="teal" title={t("creditedTitle")} body={t("creditedBody", { rechargeNo: recharge.rechargeNo, amount: money })} testId="recharge-credited">
          {back}
        </Outcome>
      </Stack>
    );
  }
  if (!pending) {
    const kind = expired ? "expired" : "cancelled";
    return (
      <Stack gap="md">
        {header}
        <Outcome icon={<IconX size={32} />} color="gray" title={t(`${kind}Title`)} body={t(`${kind}Body`, { rechargeNo: recharge.rechargeNo })} testId={`recharge-${kind}`}>
          {back}
        </Outcome>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="recharge-pay-view">
      {header}
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("amountDue")}
            </Text>
            <Text fz={28} fw={700} lh={1.1} data-testid="recharge-pay-amount">
              {money}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="xs" c="dimmed">
              {t("timeLeft")}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconClockHour4 size={18} />
              <Text fz={22} fw={600} ff="monospace" data-testid="recharge-pay-countdown" aria-live="off">
                {left === null ? "--:--" : formatCountdown(left)}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>

      {payment ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{tp(payment.provider)}</Text>
              <Button variant="subtle" size="xs" onClick={() => setPayment(null)} data-testid="recharge-pay-other-method">
                {t("otherMethod")}
              </Button>
            </Group>
            <PaymentPanel payment={payment} />
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Text fw={600}>{t("chooseMethod")}</Text>
            {closed ? (
              <Alert color="yellow" variant="light" data-testid="recharge-pay-attempt-closed">
                {t("attemptClosed")}
              </Alert>
            ) : null}
            {methods.length === 0 ? (
              <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="recharge-pay-no-methods">
                {t("noMethods")}
              </Alert>
            ) : (
              <Stack gap="xs">
                {methods.map((m) => (
                  <Button
                    key={m.provider}
                    variant="default"
                    size="md"
                    justify="space-between"
                    fullWidth
                    onClick={() => choose(m.provider)}
                    loading={choosing === m.provider}
                    disabled={choosing !== null && choosing !== m.provider}
                    data-testid={`recharge-pay-method-${m.provider}`}
                  >
                    {t("useMethod", { name: m.displayName || tp(m.provider) })}
                  </Button>
                ))}
              </Stack>
            )}
            <FormError>{error}</FormError>
          </Stack>
        </Card>
      )}

      {tracked ? (
        <Group gap="xs" wrap="nowrap" role="status" data-testid="recharge-pay-waiting">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {returnedTradeNo === tracked && !payment ? t("checking") : t("waiting")}
          </Text>
        </Group>
      ) : null}
      {pollError ? (
        <Alert color="red" variant="light" data-testid="recharge-pay-poll-error">
          {t("pollError", { message: messageOf(pollError) })}
        </Alert>
      ) : null}
      {back}
    </Stack>
  );
}
