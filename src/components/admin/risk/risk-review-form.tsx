"use client";
// The review status and the admin's note. Saving the same values again changes nothing.
import { Button, Group, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { updateRiskReview } from "@/app/admin/risk/actions";
import type { RiskReviewStatus } from "@/server/db/schema/risk";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { RISK_REVIEW_CODES } from "./risk-codes";
import { useCan } from "../staff-permissions";

/** The service's limit (services/risk/review.ts MAX_REVIEW_NOTE), mirrored so the field stops there. */
const MAX_NOTE = 2000;

export function RiskReviewForm({ id, status, note }: { id: string; status: RiskReviewStatus; note: string }) {
  const t = useTranslations("adminRisk");
  // Without risk.write the review is shown, not editable (issue 29).
  const readOnly = !useCan()("risk.write");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [value, setValue] = useState<RiskReviewStatus>(status);
  const [text, setText] = useState(note);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = value !== status || text.trim() !== note;

  const save = async () => {
    setBusy(true);
    setError(null);
    const r = await updateRiskReview(id, value, text).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("detail.reviewSaved"));
    router.refresh();
  };

  return (
    <Stack gap="sm" data-testid="risk-review-form">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="risk-review-status-label">
          {t("status")}
        </Text>
        <SegmentedControl
          aria-labelledby="risk-review-status-label"
          value={value}
          onChange={(v) => setValue(v as RiskReviewStatus)}
          data={RISK_REVIEW_CODES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          fullWidth
          readOnly={readOnly}
          data-testid="risk-review-status-input"
        />
      </Stack>
      <Textarea
        label={t("detail.note")}
        placeholder={t("detail.notePlaceholder")}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={MAX_NOTE}
        autosize
        minRows={3}
        maxRows={10}
        readOnly={readOnly}
        description={readOnly ? undefined : t("detail.noteCount", { count: text.length, max: MAX_NOTE })}
        data-testid="risk-review-note"
      />
      <FormError>{error}</FormError>
      {readOnly ? null : (
        <Group justify="flex-end">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={busy} disabled={!dirty} data-testid="risk-review-save">
            {t("detail.saveReview")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
