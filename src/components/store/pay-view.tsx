"use client";
// Paying one order: the amount and the time left, the methods the admin enabled, then what the
// chosen method needs (a payment page link, an Alipay QR code, a USDT address and exact amount),
// and the result, polled every few seconds while the attempt is open. A paid order shows the way to
// the subscription; an expired, cancelled or refunded one says so. [wallet] The balance pays the whole
// order at once, or part of it with the rest through a gateway (balance-pay-panel.tsx).
import { Alert, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClockHour4, IconX } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { createPaymentAction, createSplitPaymentAction, payFromBalanceAction } from "@/app/(user)/orders/actions";
import { ButtonLink } from "@/components/links";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { FormError } from "@/components/forms/form-error";
import type { OrderStatus, PaymentProvider } from "@/server/db/schema/commerce";
import type { PaymentMethod } from "@/server/services/payments/methods";
import type { PaymentView } from "@/server/services/payments/payment-view";
import type { PaymentStatusView } from "@/server/services/payments/query-payment";
import { BalancePayPanel, splitPart, type BalanceInfo } from "./balance-pay-panel";
import { formatCountdown, useTimeLeft } from "./countdown";
import { OrderResultLink } from "./order-result-link";
import { formatMoney } from "./money";
import { PaySummary, type PaySummaryData } from "./pay-summary";
import { PaymentPanel } from "./payment-panel";
import { PlanChangePaid } from "@/components/plan-change/plan-change-paid";
import { GiftPaid } from "@/components/gifts/gift-paid";

// The wallet's recharge page shows a payment the same way.
export { PaymentPanel };

/** How often an open attempt is checked (the server asks the gateway at most every 5 s). */
export const POLL_MS = 3000;

interface Props {
  status: PaymentStatusView;
  /** The gateways, and [wallet] `balance`. */
  methods: PaymentMethod[];
  /** [wallet] The caller's balance and what is held for this order; null in the base edition. */
  balance?: BalanceInfo | null;
  /** The attempt the gateway sent the buyer back from (?tradeNo=), to poll at once. */
  returnedTradeNo: string | null;
  /** What is paid: kind, lines, coupon and discounts (issue 24 item 2). */
  summary: PaySummaryData;
}

export function Outcome({ icon, color, title, body, children, testId }: { icon: ReactNode; color: string; title: string; body: string; children?: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="xl" data-testid={testId}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color}>
          {icon}
        </ThemeIcon>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {body}
        </Text>
        <Group gap="sm" justify="center" mt="xs">
          {children}
        </Group>
      </Stack>
    </Card>
  );
}

interface Live {
  orderStatus: OrderStatus;
  expiresAt: string;
  subscriptionIds: string[];
}

export function PayView({ status, methods: allMethods, balance = null, returnedTradeNo, summary }: Props) {
  const locale = useLocale();
  const t = useTranslations("store.pay");
  const tpp = useTranslations("payPage");
  const tb = useTranslations("balancePay");
  const methods = allMethods.filter((m): m is Extract<PaymentMethod, { provider: PaymentProvider }> => m.provider !== "balance");
  const [split, setSplit] = useState(balance !== null && balance.heldMinor > 0);
  const [payingBalance, setPayingBalance] = useState(false);
  const tp = useTranslations("store.provider");
  const { messageOf } = useErrorText();
  const [live, setLive] = useState<Live>({ orderStatus: status.orderStatus as OrderStatus, expiresAt: status.expiresAt, subscriptionIds: status.subscriptionIds });
  const [payment, setPayment] = useState<PaymentView | null>(null);
  const [tracked, setTracked] = useState<string | null>(returnedTradeNo);
  const [choosing, setChoosing] = useState<PaymentProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pollError, setPollError] = useState<UiError | null>(null);
  const [closed, setClosed] = useState(false);
  const left = useTimeLeft(live.expiresAt);
  const expired = live.orderStatus === "PENDING" && left === 0;
  const pending = live.orderStatus === "PENDING" && !expired;
  const money = formatMoney(status.totalMinor, status.currency, locale);

  // Poll the tracked attempt while the order waits; stops when paid, expired, or the page is left.
  const poll = useCallback(async (tradeNo: string, signal: AbortSignal) => {
    try {
      const res = await fetch(`/api/payment/query/${encodeURIComponent(tradeNo)}`, { cache: "no-store", signal });
      const body = (await res.json().catch(() => null)) as (PaymentStatusView & { paymentStatus: string; error?: UiError }) | null;
      if (!res.ok || !body || body.error) {
        setPollError(body?.error ?? networkError());
        return;
      }
      setPollError(null);
      setLive({ orderStatus: body.orderStatus as OrderStatus, expiresAt: body.expiresAt, subscriptionIds: body.subscriptionIds });
      if (body.orderStatus === "PENDING" && body.paymentStatus === "CLOSED") {
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
    // The first check at once (a buyer back from the gateway), then every POLL_MS.
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
    const part = balance && split ? splitPart(balance, status.totalMinor) : 0;
    const call = part > 0 ? createSplitPaymentAction(status.orderId, provider, part) : createPaymentAction(status.orderId, provider);
    const r = await call.catch(() => ({ ok: false as const, error: networkError() }));
    setChoosing(null);
    if (!r.ok) {
      // Paid or released meanwhile: the poll (or a reload) shows that; say why here.
      setError(messageOf(r.error));
      return;
    }
    setPayment(r.data);
    setTracked(r.data.tradeNo);
  };

  // One way to pay and nothing chosen yet: choose it at once (one click less on the way to the
  // gateway). Not after a closed attempt (the notice asks first), a return from the gateway, or when
  // the balance is a choice too.
  const only = methods.length === 1 && !balance ? methods[0]!.provider : null;
  const autoChosen = useRef(false);
  useEffect(() => {
    if (!only || autoChosen.current || !pending || tracked || payment || closed) return;
    autoChosen.current = true;
    void choose(only);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- choose() is rebuilt each render; this runs once
  }, [only, pending, tracked, payment, closed]);

  const payFromBalance = async () => {
    setPayingBalance(true);
    setError(null);
    const r = await payFromBalanceAction(status.orderId).catch(() => ({ ok: false as const, error: networkError() }));
    setPayingBalance(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      return;
    }
    setPayment(null);
    setTracked(null);
    setLive((l) => ({ ...l, orderStatus: "PAID" }));
  };

  const header = (
    <Stack gap={4}>
      <Title order={2} style={{ overflowWrap: "anywhere" }}>
        {t("title", { orderNo: status.orderNo })}
      </Title>
      {pending ? (
        <Text size="sm" c="dimmed">
          {t("subtitle")}
        </Text>
      ) : null}
    </Stack>
  );
  const links = (
    <>
      <ButtonLink href={`/orders/${status.orderId}`} variant="default" data-testid="pay-view-order">
        {t("viewOrder")}
      </ButtonLink>
      <ButtonLink href="/orders" variant="subtle" data-testid="pay-view-orders">
        {t("viewOrders")}
      </ButtonLink>
    </>
  );

  if (live.orderStatus === "PAID" && summary.giftEmail) {
    return (
      <Stack gap="md">
        {header}
        <GiftPaid email={summary.giftEmail} orderNo={status.orderNo}>
          {links}
        </GiftPaid>
      </Stack>
    );
  }
  if (live.orderStatus === "PAID" && summary.planChange) {
    return (
      <Stack gap="md">
        {header}
        <PlanChangePaid view={summary.planChange} orderNo={status.orderNo}>
          {links}
        </PlanChangePaid>
      </Stack>
    );
  }
  if (live.orderStatus === "PAID") {
    const orderNo = status.orderNo;
    // A renewal or a top-up is done once paid (provisioned in the payment's transaction): say what happened.
    const [title, body] =
      summary.kind === "RENEWAL"
        ? [tpp("renewedTitle"), tpp("renewedBody", { orderNo })]
        : summary.kind === "TRAFFIC_TOPUP"
          ? [tpp("toppedUpTitle"), tpp("toppedUpBody", { orderNo })]
          : status.totalMinor === 0
            ? [t("freeTitle"), t("freeBody", { orderNo })]
            : [t("paidTitle"), t("paidBody", { orderNo })];
    return (
      <Stack gap="md">
        {header}
        <Outcome icon={<IconCircleCheck size={32} />} color="teal" title={title} body={body} testId="pay-success">
          <ButtonLink href="/subscriptions" data-testid="pay-view-subscriptions">
            {t("viewSubscriptions")}
          </ButtonLink>
          {links}
        </Outcome>
        <OrderResultLink orderId={status.orderId} />
      </Stack>
    );
  }
  if (live.orderStatus !== "PENDING" || expired) {
    const kind = expired || live.orderStatus === "EXPIRED" ? "expired" : live.orderStatus === "CANCELLED" ? "cancelled" : "refunded";
    return (
      <Stack gap="md">
        {header}
        <Outcome icon={<IconX size={32} />} color="gray" title={t(`${kind}Title`)} body={t(`${kind}Body`, { orderNo: status.orderNo })} testId={`pay-${kind}`}>
          <ButtonLink href="/store">{t("backToStore")}</ButtonLink>
          {links}
        </Outcome>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="pay-view">
      {header}
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t("amountDue")}
            </Text>
            <Text fz={28} fw={700} lh={1.1} data-testid="pay-amount">
              {money}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="xs" c="dimmed">
              {t("timeLeft")}
            </Text>
            <Group gap={6} wrap="nowrap">
              <IconClockHour4 size={18} />
              <Text fz={22} fw={600} ff="monospace" data-testid="pay-countdown" aria-live="off">
                {left === null ? "--:--" : formatCountdown(left)}
              </Text>
            </Group>
          </Stack>
        </Group>
      </Card>
      <PaySummary summary={summary} />

      {payment ? (
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{tp(payment.provider)}</Text>
              <Button variant="subtle" size="xs" onClick={() => setPayment(null)} data-testid="pay-other-method">
                {t("otherMethod")}
              </Button>
            </Group>
            {payment.amountMinor < status.totalMinor ? (
              <Alert color="blue" variant="light" data-testid="pay-split-notice">
                {tb("splitHeld", { held: formatMoney(status.totalMinor - payment.amountMinor, status.currency, locale), rest: formatMoney(payment.amountMinor, status.currency, locale) })}
              </Alert>
            ) : null}
            <PaymentPanel payment={payment} />
          </Stack>
        </Card>
      ) : (
        <>
          {balance ? (
            <BalancePayPanel
              info={balance}
              totalMinor={status.totalMinor}
              currency={status.currency}
              split={split}
              onSplitChange={setSplit}
              onPay={payFromBalance}
              paying={payingBalance}
              disabled={choosing !== null}
            />
          ) : null}
          <Card withBorder padding="lg">
            <Stack gap="sm">
              <Text fw={600}>{t("chooseMethod")}</Text>
              {closed ? (
                <Alert color="yellow" variant="light" data-testid="pay-attempt-closed">
                  {t("attemptClosed")}
                </Alert>
              ) : null}
              {methods.length === 0 ? (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="pay-no-methods">
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
                      disabled={(choosing !== null && choosing !== m.provider) || payingBalance}
                      data-testid={`pay-method-${m.provider}`}
                    >
                      {t("useMethod", { name: m.displayName || tp(m.provider) })}
                    </Button>
                  ))}
                </Stack>
              )}
              <FormError>{error}</FormError>
            </Stack>
          </Card>
        </>
      )}

      {tracked ? (
        <Group gap="xs" wrap="nowrap" role="status" data-testid="pay-waiting">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {returnedTradeNo === tracked && !payment ? t("checking") : t("waiting")}
          </Text>
        </Group>
      ) : null}
      {pollError ? (
        <Alert color="red" variant="light" data-testid="pay-poll-error">
          {t("pollError", { message: messageOf(pollError) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
