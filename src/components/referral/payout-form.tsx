"use client";
// Asking for a payout: an amount typed in major units (parsed exactly into minor units, never through
// a float) within the smallest payout and what is available, how to be paid, and where. The same
// rules are the server's; its refusal is shown under the fields it names.
import { Button, Card, Group, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { requestReferralPayoutAction } from "@/app/(user)/referral/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { useLabels } from "@/components/labels/use-labels";
import { formatMoney } from "@/components/store/money";
import { REQUESTABLE_PAYOUT_METHODS, type PayoutMethod } from "@/server/db/schema/referral";
import { formatMinor, parseMajorToMinor } from "@/server/services/catalog/money";

type Fields = Partial<Record<"amount" | "method" | "account", string>>;

export function PayoutForm({ availableMinor, minPayoutMinor, currency }: { availableMinor: number; minPayoutMinor: number; currency: string }) {
  const t = useTranslations("referral.payout");
  const locale = useLocale();
  const label = useLabels();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const [account, setAccount] = useState("");
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const parsed = amount.trim() ? parseMajorToMinor(amount) : null;
  const nothing = availableMinor <= 0 || availableMinor < minPayoutMinor;

  const check = (): Fields => {
    const f: Fields = {};
    if (!amount.trim()) f.amount = t("required");
    else if (parsed === null || parsed <= 0) f.amount = t("invalid");
    else if (parsed < minPayoutMinor) f.amount = t("tooSmall", { min: money(minPayoutMinor) });
    else if (parsed > availableMinor) f.amount = t("tooBig", { available: money(availableMinor) });
    if (!method) f.method = t("methodRequired");
    if (account.trim().length < 3) f.account = t("accountRequired");
    return f;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const f = check();
    setFields(f);
    if (Object.keys(f).length || parsed === null || !method) return;
    setBusy(true);
    const r = await requestReferralPayoutAction({ amount: parsed, method, account: account.trim() }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setFields(fieldMessages(r.error) as Fields);
      return setError(messageOf(r.error));
    }
    notifySuccess(t("done", { amount: money(r.data.amountMinor) }));
    setAmount("");
    setAccount("");
    setMethod(null);
    router.refresh();
  };

  return (
    <Card withBorder padding="lg" data-testid="referral-payout-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              {t("title")}
            </Title>
            <Text size="sm" c="dimmed">
              {nothing ? t("nothing") : t("hint")}
            </Text>
          </div>
          <Group grow align="flex-start" wrap="wrap" gap="sm">
            <TextInput
              label={t("amount", { currency })}
              placeholder={t("amountPlaceholder", { example: formatMinor(Math.max(minPayoutMinor, Math.min(availableMinor, 10_000))) })}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={fields.amount}
              miw={180}
              data-testid="referral-payout-amount"
            />
            <Select
              label={t("method")}
              placeholder={t("methodPlaceholder")}
              data={REQUESTABLE_PAYOUT_METHODS.map((m) => ({ value: m, label: label("referralPayoutMethod", m) }))}
              value={method}
              onChange={(v) => setMethod((v as PayoutMethod | null) ?? null)}
              error={fields.method}
              allowDeselect={false}
              miw={180}
              data-testid="referral-payout-method"
            />
          </Group>
          <Textarea label={t("account")} description={t("accountHint")} autosize minRows={2} maxRows={5} maxLength={500} value={account} onChange={(e) => setAccount(e.currentTarget.value)} error={fields.account} data-testid="referral-payout-account" />
          <FormError>{error}</FormError>
          <Group>
            <Button type="submit" leftSection={<IconCash size={16} />} loading={busy} disabled={nothing} data-testid="referral-payout-submit">
              {parsed !== null && parsed > 0 ? t("submitAmount", { amount: money(parsed) }) : t("submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
