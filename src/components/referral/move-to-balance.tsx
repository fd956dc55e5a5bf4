"use client";
// [wallet] Available commission to the balance at once: an amount in major units, or everything
// available when the field is left empty.
import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { moveCommissionToBalanceAction } from "@/app/(user)/referral/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { formatMoney } from "@/components/store/money";
import { parseMajorToMinor } from "@/server/services/catalog/money";

export function MoveToBalance({ availableMinor, currency }: { availableMinor: number; currency: string }) {
  const t = useTranslations("referral.balance");
  const locale = useLocale();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const parsed = amount.trim() ? parseMajorToMinor(amount) : null;
  const chosen = amount.trim() ? parsed : availableMinor;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (chosen === null || chosen <= 0 || chosen > availableMinor) return setFieldError(t("invalid", { available: money(availableMinor) }));
    setFieldError(null);
    setBusy(true);
    const r = await moveCommissionToBalanceAction(amount.trim() ? { amount: chosen } : {}).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setFieldError(fieldMessages(r.error).amount ?? null);
      return setError(messageOf(r.error));
    }
    notifySuccess(t("done", { amount: money(r.data.amountMinor) }));
    setAmount("");
    router.refresh();
  };

  return (
    <Card withBorder padding="lg" data-testid="referral-balance-card">
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
          <TextInput
            label={t("amount", { currency })}
            description={t("allHint", { available: money(availableMinor) })}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={fieldError}
            maw={320}
            data-testid="referral-balance-amount"
          />
          <FormError>{error}</FormError>
          <Group>
            <Button type="submit" variant="light" leftSection={<IconArrowRight size={16} />} loading={busy} disabled={availableMinor <= 0} data-testid="referral-balance-submit">
              {chosen !== null && chosen > 0 ? t("submitAmount", { amount: money(chosen) }) : t("submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
