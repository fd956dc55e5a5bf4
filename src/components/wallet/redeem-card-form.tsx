"use client";
// [wallet] Redeeming a prepaid card on /wallet: one code field and a button. A balance card says what
// was credited and the balance now; a plan card names the plan it activated and links to the new
// subscription. Every refusal (unknown, used or expired code; too many wrong codes) is worded from
// the error catalogue.
import { Alert, Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslations, useLocale } from "next-intl";
import NextLink from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { redeemCard } from "@/app/(user)/wallet/card-actions";
import { FormError } from "@/components/forms/form-error";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { formatMoney } from "@/components/store/money";
import type { RedeemResult } from "@/server/services/wallet/cards-redeem";

export function RedeemCardForm() {
  const locale = useLocale();
  const t = useTranslations("cards");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<RedeemResult | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await redeemCard(code).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setDone(r.data);
    setCode("");
    router.refresh();
  };

  return (
    <Card withBorder padding="lg" data-testid="redeem-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              {t("redeemTitle")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("redeemHint")}
            </Text>
          </div>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t("codeLabel")}
              placeholder={t("codePlaceholder")}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              style={{ flex: "1 1 240px", minWidth: 0 }}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.04em" } }}
              data-testid="redeem-card-code"
            />
            <Button type="submit" loading={busy} disabled={!code.trim()} data-testid="redeem-card-submit">
              {t("redeem")}
            </Button>
          </Group>
          <FormError>{error}</FormError>
          {done ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} title={t("redeemedTitle")} data-testid="redeem-card-result" data-kind={done.kind} role="status">
              {done.kind === "BALANCE" ? (
                <Text size="sm">{t("credited", { amount: formatMoney(done.amountMinor, done.currency, locale), balance: formatMoney(done.balanceMinor, done.currency, locale) })}</Text>
              ) : (
                <Stack gap={4}>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    {t("planActivated", { plan: done.planName })}
                  </Text>
                  <Anchor component={NextLink} href={`/subscriptions/${done.subscriptionId}`} size="sm" data-testid="redeem-card-subscription">
                    {t("viewSubscription")}
                  </Anchor>
                </Stack>
              )}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}
