"use client";
// Push a subscription: pick one of the caller's active proxy subscriptions, type the receiver's email,
// see the fee and who pays it, confirm in words that say what happens meanwhile.
import { Button, Card, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useFormatter, useTranslations, useLocale } from "next-intl";
import { useState, type FormEvent } from "react";
import { initiateSubscriptionTransfer } from "@/app/(user)/transfers/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { formatMoney } from "@/components/store/money";
import { TransferConfirm } from "./transfer-confirm";

export interface PushChoice {
  id: string;
  planName: string;
  expiresAt: string;
  feeMinor: number;
  feeBearer: "SENDER" | "RECEIVER";
}

export function PushForm({ choices, balanceMinor, currency }: { choices: PushChoice[]; balanceMinor: number; currency: string }) {
  const locale = useLocale();
  const t = useTranslations("transfers.push");
  const tt = useTranslations("transfers");
  const format = useFormatter();
  const { messageOf, fieldMessages } = useErrorText();
  const [subscriptionId, setSubscriptionId] = useState<string | null>(choices.length === 1 ? choices[0]!.id : null);
  const [email, setEmail] = useState("");
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const chosen = choices.find((c) => c.id === subscriptionId) ?? null;
  const fee = chosen ? formatMoney(chosen.feeMinor, currency, locale) : "";
  const senderPays = chosen !== null && chosen.feeMinor > 0 && chosen.feeBearer === "SENDER";
  const short = senderPays && balanceMinor < chosen.feeMinor;
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });

  const ask = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!chosen || !email.trim()) return setError(t("required"));
    setAsking(true);
  };
  const push = async () => {
    if (!chosen) return;
    setBusy(true);
    const r = await initiateSubscriptionTransfer({ subscriptionId: chosen.id, email: email.trim() }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    setAsking(false);
    if (!r.ok) {
      setFieldErrors(fieldMessages(r.error));
      return setError(messageOf(r.error));
    }
    notifySuccess(t("done", { email: email.trim() }));
    setEmail("");
    setSubscriptionId(null);
  };

  return (
    <Card withBorder padding="lg" data-testid="transfer-push">
      <form onSubmit={ask} noValidate>
        <Stack gap="sm">
          <div>
            <Title order={4}>{t("title")}</Title>
            <Text size="sm" c="dimmed">
              {t("hint")}
            </Text>
          </div>
          {choices.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="transfer-push-none">
              {t("noSubscriptions")}
            </Text>
          ) : (
            <>
              <Select
                label={t("subscription")}
                placeholder={t("subscriptionPlaceholder")}
                data={choices.map((c) => ({ value: c.id, label: t("option", { plan: c.planName, date: date(c.expiresAt) }) }))}
                value={subscriptionId}
                onChange={setSubscriptionId}
                error={fieldErrors.subscriptionId}
                allowDeselect={false}
                data-testid="transfer-push-subscription"
              />
              <TextInput
                label={t("email")}
                placeholder={t("emailPlaceholder")}
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={fieldErrors.email}
                data-testid="transfer-push-email"
              />
              {chosen ? (
                <Stack gap={2} data-testid="transfer-push-fee" data-fee-minor={chosen.feeMinor} data-bearer={chosen.feeBearer}>
                  <Text size="sm">{chosen.feeMinor === 0 ? t("feeNone") : chosen.feeBearer === "SENDER" ? t("feeSender", { fee }) : t("feeReceiver", { fee })}</Text>
                  {senderPays ? (
                    <Text size="xs" c={short ? "red" : "dimmed"}>
                      {short ? t("shortBalance") : t("balance", { balance: formatMoney(balanceMinor, currency, locale) })}
                    </Text>
                  ) : null}
                </Stack>
              ) : null}
              <FormError>{asking ? null : error}</FormError>
              <div>
                <Button type="submit" leftSection={<IconSend size={16} />} disabled={short} data-testid="transfer-push-submit">
                  {t("submit")}
                </Button>
              </div>
            </>
          )}
        </Stack>
      </form>
      <TransferConfirm
        opened={asking}
        title={t("confirmTitle", { plan: chosen?.planName ?? "" })}
        confirmLabel={t("confirm")}
        cancelLabel={tt("back")}
        color="blue"
        busy={busy}
        error={null}
        onConfirm={push}
        onClose={() => setAsking(false)}
        testId="transfer-push-modal"
      >
        <Stack gap={6}>
          <span>{t("confirmBody", { plan: chosen?.planName ?? "", email: email.trim() })}</span>
          {chosen && chosen.feeMinor > 0 ? <span>{chosen.feeBearer === "SENDER" ? t("confirmFeeSender", { fee }) : t("confirmFeeReceiver", { fee, email: email.trim() })}</span> : null}
        </Stack>
      </TransferConfirm>
    </Card>
  );
}
