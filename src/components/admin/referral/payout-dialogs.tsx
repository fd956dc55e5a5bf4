"use client";
// The admin's two decisions on a payout, each asked in a dialog that says what happens to the money
// and takes the words the user will read (the transfer's reference, or the reason), and the payout's
// detail with its details decrypted (fetched only when opened, so they are never in the page's HTML).
import { Button, Code, Group, Loader, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { approveReferralPayoutAction, referralPayoutDetailAction, rejectReferralPayoutAction } from "@/app/admin/referral/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { LabelBadge } from "@/components/labels/label-badge";
import { useLabels } from "@/components/labels/use-labels";
import { formatMoney } from "@/components/store/money";
import type { AdminPayoutRowView } from "./payouts-table";

export type Decision = "approve" | "reject";

export function DecisionDialog({ step, row, onClose, onDone }: { step: Decision; row: AdminPayoutRowView; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("referral.admin");
  const locale = useLocale();
  const label = useLabels();
  const { messageOf, fieldMessages } = useErrorText();
  const [words, setWords] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amount = formatMoney(row.amountMinor, row.currency, locale);
  const approve = step === "approve";

  const run = async () => {
    setError(null);
    if (!words.trim()) return setFieldError(approve ? t("referenceRequired") : t("reasonRequired"));
    setFieldError(null);
    setBusy(true);
    const r = await (approve ? approveReferralPayoutAction({ id: row.id, reference: words.trim() }) : rejectReferralPayoutAction({ id: row.id, reason: words.trim() })).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      const f = fieldMessages(r.error);
      setFieldError(f.reference ?? f.reason ?? null);
      return setError(messageOf(r.error));
    }
    notifySuccess(t(approve ? "approved" : "rejected", { email: row.email }));
    onDone();
  };

  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={t(approve ? "approveTitle" : "rejectTitle", { email: row.email })} centered closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="sm" data-testid={`payout-${step}-dialog`}>
        <Text size="sm">{approve ? t("approveText", { amount, method: label("referralPayoutMethod", row.method) }) : t("rejectText", { amount })}</Text>
        {approve ? (
          <TextInput label={t("reference")} placeholder={t("referencePlaceholder")} value={words} onChange={(e) => setWords(e.currentTarget.value)} error={fieldError} maxLength={200} data-autofocus data-testid="payout-reference" />
        ) : (
          <Textarea label={t("reason")} placeholder={t("reasonPlaceholder")} value={words} onChange={(e) => setWords(e.currentTarget.value)} error={fieldError} maxLength={500} autosize minRows={2} data-autofocus data-testid="payout-reason" />
        )}
        <FormError>{error}</FormError>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("keep")}
          </Button>
          <Button color={approve ? "teal" : "red"} onClick={run} loading={busy} data-testid={`payout-${step}-submit`}>
            {t(approve ? "approveSubmit" : "rejectSubmit")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Detail = Awaited<ReturnType<typeof referralPayoutDetailAction>> | { ok: false; error: UiError };

export function DetailDialog({ row, onClose }: { row: AdminPayoutRowView; onClose: () => void }) {
  const t = useTranslations("referral.admin");
  const locale = useLocale();
  const label = useLabels();
  const format = useFormatter();
  const { messageOf } = useErrorText();
  const [detail, setDetail] = useState<Detail | null>(null);
  useEffect(() => {
    let live = true;
    referralPayoutDetailAction(row.id)
      .catch((): Detail => ({ ok: false as const, error: networkError() }))
      .then((r: Detail) => {
        if (live) setDetail(r);
      });
    return () => {
      live = false;
    };
  }, [row.id]);
  const when = (iso: string | null) => (iso ? format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : t("none"));
  const fact = (name: string, value: string, testId?: string) => (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {name}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );

  return (
    <Modal opened onClose={onClose} title={t("detailsOf", { email: row.email })} centered closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="xs" data-testid="payout-detail">
        <Group gap="xs">
          <Text fw={700}>{formatMoney(row.amountMinor, row.currency, locale)}</Text>
          <LabelBadge family="referralPayoutStatus" code={row.status} />
        </Group>
        {fact(t("method"), label("referralPayoutMethod", row.method))}
        {fact(t("created"), when(row.createdAt))}
        {row.decidedAt ? fact(t("decided"), when(row.decidedAt)) : null}
        {row.reference ? fact(t("reference"), row.reference) : null}
        {row.rejectReason ? fact(t("reason"), row.rejectReason) : null}
        <Text size="sm" c="dimmed" mt="xs">
          {t("account")}
        </Text>
        {detail === null ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t("loading")}</Text>
          </Group>
        ) : !detail.ok ? (
          <FormError>{messageOf(detail.error)}</FormError>
        ) : detail.data.account !== null ? (
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="payout-account">
            {detail.data.account}
          </Code>
        ) : (
          <Text size="sm" data-testid="payout-account-none">
            {detail.data.accountUnreadable ? t("accountUnreadable") : t("noAccount")}
          </Text>
        )}
        {detail?.ok && detail.data.decidedByEmail ? fact(t("decidedBy"), detail.data.decidedByEmail) : null}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} data-testid="payout-detail-close">
            {t("close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
