"use client";
// [wallet] Credit or debit one user's balance by hand: direction, amount in the site currency, and a
// required note (kept on the ledger row and in the audit log).
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useTranslations, useLocale } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { adminCreditWalletAction } from "@/app/admin/users/[id]/wallet/actions";
import { formatMoney } from "@/components/store/money";
import { parseMajorToMinor } from "@/server/services/catalog/money";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";

const NOTE_MAX = 500;

export function WalletCreditForm({ userId, currency }: { userId: string; currency: string }) {
  const locale = useLocale();
  const t = useTranslations("adminWalletUser.user");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const [direction, setDirection] = useState<"credit" | "debit">("credit");
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; note?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const minor = parseMajorToMinor(amount);
    const next: typeof errors = {};
    if (minor === null || minor === 0) next.amount = t("amountLabel");
    if (!note.trim()) next.note = t("noteLabel");
    setErrors(next);
    if (next.amount || next.note || minor === null) return;
    setBusy(true);
    const r = await adminCreditWalletAction(userId, { amountMinor: direction === "debit" ? -minor : minor, note: note.trim() }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      const f = fieldMessages(r.error);
      return setErrors({ form: messageOf(r.error), amount: f.amountMinor, note: f.note });
    }
    notifySuccess(t("applied", { balance: formatMoney(r.data.balanceMinor, currency, locale) }));
    setAmount("");
    setNote("");
    router.refresh();
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate data-testid="wallet-credit-form">
        <Stack gap="sm">
          <div>
            <Text fw={600}>{t("adjust")}</Text>
            <Text size="sm" c="dimmed">
              {t("adjustHint")}
            </Text>
          </div>
          <FormError>{errors.form ?? null}</FormError>
          <SegmentedControl
            aria-label={t("direction")}
            value={direction}
            onChange={(v) => setDirection(v as "credit" | "debit")}
            data={[
              { value: "credit", label: t("credit") },
              { value: "debit", label: t("debit") },
            ]}
            data-testid="wallet-credit-direction"
          />
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label={t("amountLabel")} required inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={errors.amount} data-testid="wallet-credit-amount" />
          </Group>
          <Textarea label={t("noteLabel")} required autosize minRows={2} maxRows={5} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} data-testid="wallet-credit-note" />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="wallet-credit-submit">
              {t("submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
