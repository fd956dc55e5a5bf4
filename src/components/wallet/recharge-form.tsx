"use client";
// Creating a recharge: quick amounts within the admin's rules, or any amount typed in major units
// (parsed exactly into minor units, never through a float), checked against the same rules the
// server applies; then on to the page that pays it.
import { Button, Card, Chip, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createRechargeOrder } from "@/app/(user)/wallet/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { formatMoney } from "@/components/store/money";
import { formatMinor, parseMajorToMinor } from "@/server/services/catalog/money";

export interface RechargeRulesView {
  minMinor: number;
  maxMinor: number;
  stepMinor: number;
  currency: string;
}

const QUICK_MAJOR = [10, 30, 50, 100, 200, 500];

/** The quick amounts the rules allow; the minimum first when none of the usual ones fits. */
export function quickAmounts(r: RechargeRulesView): number[] {
  const fits = (m: number) => m >= r.minMinor && m <= r.maxMinor && m % r.stepMinor === 0;
  const usual = QUICK_MAJOR.map((m) => m * 100).filter(fits);
  if (usual.length >= 3) return usual;
  return [...new Set([r.minMinor, ...usual, r.maxMinor].filter(fits))].sort((a, b) => a - b).slice(0, 6);
}

export const amountAllowed = (minor: number, r: RechargeRulesView) => minor >= r.minMinor && minor <= r.maxMinor && minor % r.stepMinor === 0;

export function RechargeForm({ rules }: { rules: RechargeRulesView }) {
  const locale = useLocale();
  const t = useTranslations("wallet.recharge");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const quick = quickAmounts(rules);
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ruleText = t("rules", { min: formatMinor(rules.minMinor), max: formatMinor(rules.maxMinor), step: formatMinor(rules.stepMinor) });
  const parsed = text.trim() ? parseMajorToMinor(text) : null;
  const chosen = parsed !== null && amountAllowed(parsed, rules) ? parsed : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!text.trim()) return setFieldError(t("required"));
    if (chosen === null) return setFieldError(ruleText);
    setFieldError(null);
    setBusy(true);
    const r = await createRechargeOrder({ amount: chosen }).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(false);
      return setError(messageOf(r.error));
    }
    notifySuccess(t("created", { rechargeNo: r.data.rechargeNo }));
    router.push(`/wallet/recharge/${r.data.id}`);
  };

  return (
    <Card withBorder padding="lg" data-testid="recharge-form-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              {t("title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("hint")}
            </Text>
          </div>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("quick")}
            </Text>
            <Chip.Group multiple={false} value={chosen !== null && quick.includes(chosen) ? String(chosen) : null} onChange={(v) => { setText(formatMinor(Number(v))); setFieldError(null); }}>
              <Group gap="xs">
                {quick.map((m) => (
                  <Chip key={m} value={String(m)} variant="outline" data-testid={`recharge-quick-${m}`}>
                    {formatMoney(m, rules.currency, locale)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <TextInput
            label={t("amount", { currency: rules.currency })}
            description={ruleText}
            placeholder={t("amountPlaceholder", { example: formatMinor(quick[0] ?? rules.minMinor) })}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            maw={320}
            data-testid="recharge-amount"
          />
          <FormError>{error}</FormError>
          <Group>
            <Button type="submit" loading={busy} data-testid="recharge-submit">
              {chosen !== null ? t("submit", { amount: formatMoney(chosen, rules.currency, locale) }) : t("submitEmpty")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
