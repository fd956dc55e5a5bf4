"use client";
// The coupon create/edit modal: kind and amount, window, limits, audience and plans.
import { Button, Group, Modal, MultiSelect, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createCouponAction, updateCouponAction } from "@/app/admin/coupons/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import type { CouponView, PlanOption } from "./coupon-view";
import { fromLocalInput, IntInput, intValue, limitValue, localInputValue, moneyText, moneyValue, MoneyInput, type IntText } from "./fields";

export function CouponForm({ coupon, opened, onClose, currency, plans }: { coupon: CouponView | null; opened: boolean; onClose: () => void; currency: string; plans: PlanOption[] }) {
  const t = useTranslations("catalog.coupons");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const blank = {
    code: "",
    kind: "AMOUNT" as "AMOUNT" | "PERCENT",
    amountOff: "",
    percentOff: "" as IntText,
    maxDiscount: "",
    minSpend: "",
    startsAt: "",
    endsAt: "",
    totalLimit: "" as IntText,
    perUserLimit: "" as IntText,
    audience: "PUBLIC" as "PUBLIC" | "GRANTED",
    planIds: [] as string[],
    enabled: true,
  };
  const [v, setV] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openedFor = opened ? (coupon?.id ?? "") : null;
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (openedFor !== filledFor) {
    setFilledFor(openedFor);
    if (openedFor !== null) {
      setV(
        coupon
          ? {
              code: coupon.code,
              kind: coupon.kind,
              amountOff: coupon.kind === "AMOUNT" ? moneyText(coupon.amountOffMinor) : "",
              percentOff: coupon.kind === "PERCENT" ? coupon.percentOff : "",
              maxDiscount: moneyText(coupon.maxDiscountMinor),
              minSpend: coupon.minSpendMinor ? moneyText(coupon.minSpendMinor) : "",
              startsAt: localInputValue(coupon.startsAt),
              endsAt: localInputValue(coupon.endsAt),
              totalLimit: coupon.totalLimit ?? "",
              perUserLimit: coupon.perUserLimit ?? "",
              audience: coupon.audience,
              planIds: coupon.planIds,
              enabled: coupon.enabled,
            }
          : blank,
      );
      setFields({});
      setError(null);
    }
  }
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV((x) => ({ ...x, [k]: value }));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    const input: Record<string, unknown> = {
      code: v.code.trim(),
      kind: v.kind,
      startsAt: fromLocalInput(v.startsAt),
      endsAt: fromLocalInput(v.endsAt),
      totalLimit: limitValue(v.totalLimit),
      perUserLimit: limitValue(v.perUserLimit),
      audience: v.audience,
      planIds: v.planIds,
      enabled: v.enabled,
    };
    const money = (key: string, text: string, optional = false) => {
      const m = moneyValue(text);
      if (m === null) f[key] = tc("moneyInvalid");
      else if (m !== undefined || !optional) input[key] = m ?? (optional ? null : undefined);
    };
    if (!input.code) f.code = tc("required");
    if (v.kind === "AMOUNT") money("amountOffMinor", v.amountOff);
    else {
      input.percentOff = intValue(v.percentOff);
      money("maxDiscountMinor", v.maxDiscount, true);
    }
    money("minSpendMinor", v.minSpend, true);
    if (input.minSpendMinor === undefined) input.minSpendMinor = 0;
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await (coupon ? updateCouponAction(coupon.id, input) : createCouponAction(input)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      const fm = fieldMessages(r.error);
      // The form has one field for both kinds of amount.
      setFields(fm);
      return focusInvalid();
    }
    notifySuccess(coupon ? t("updated", { code: r.data.code }) : t("created", { code: r.data.code }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={coupon ? t("editTitle") : t("newTitle")} centered size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid="coupon-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput
            label={t("code")}
            description={t("codeHint")}
            required
            maxLength={32}
            value={v.code}
            onChange={(e) => set("code")(e.currentTarget.value.toUpperCase())}
            error={fields.code}
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            data-testid="coupon-code"
            data-autofocus
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("kind")}
            </Text>
            <SegmentedControl
              value={v.kind}
              onChange={(k) => set("kind")(k as "AMOUNT" | "PERCENT")}
              data={[
                { value: "AMOUNT", label: t("kindAMOUNT") },
                { value: "PERCENT", label: t("kindPERCENT") },
              ]}
              aria-label={t("kind")}
              data-testid="coupon-kind"
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {v.kind === "AMOUNT" ? (
              <MoneyInput currency={currency} label={t("amountOffField")} required value={v.amountOff} onChange={set("amountOff")} error={fields.amountOffMinor} data-testid="coupon-amount" />
            ) : (
              <>
                <IntInput label={t("percentOffField")} required min={1} max={100} value={v.percentOff} onChange={set("percentOff")} error={fields.percentOff} rightSection="%" data-testid="coupon-percent" />
                <MoneyInput currency={currency} label={t("maxDiscount")} description={t("maxDiscountHint")} value={v.maxDiscount} onChange={set("maxDiscount")} error={fields.maxDiscountMinor} data-testid="coupon-max" />
              </>
            )}
            <MoneyInput currency={currency} label={t("minSpend")} value={v.minSpend} onChange={set("minSpend")} error={fields.minSpendMinor} data-testid="coupon-min-spend" />
            <TextInput type="datetime-local" label={t("startsAt")} description={t("windowHint")} value={v.startsAt} onChange={(e) => set("startsAt")(e.currentTarget.value)} error={fields.startsAt} data-testid="coupon-starts" />
            <TextInput type="datetime-local" label={t("endsAt")} description={t("windowHint")} value={v.endsAt} onChange={(e) => set("endsAt")(e.currentTarget.value)} error={fields.endsAt} data-testid="coupon-ends" />
            <IntInput label={t("totalLimit")} description={tc("emptyUnlimited")} min={0} value={v.totalLimit} onChange={set("totalLimit")} error={fields.totalLimit} placeholder={tc("unlimited")} data-testid="coupon-total-limit" />
            <IntInput label={t("perUserLimit")} description={tc("emptyUnlimited")} min={1} value={v.perUserLimit} onChange={set("perUserLimit")} error={fields.perUserLimit} placeholder={tc("unlimited")} data-testid="coupon-per-user" />
          </SimpleGrid>
          <Select
            label={t("audience")}
            data={[
              { value: "PUBLIC", label: t("audiencePUBLIC") },
              { value: "GRANTED", label: t("audienceGRANTED") },
            ]}
            value={v.audience}
            onChange={(a) => a && set("audience")(a as "PUBLIC" | "GRANTED")}
            allowDeselect={false}
            data-testid="coupon-audience"
          />
          <MultiSelect
            label={t("plans")}
            description={t("plansHint")}
            data={plans.map((p) => ({ value: p.id, label: p.name }))}
            value={v.planIds}
            onChange={set("planIds")}
            searchable
            clearable
            error={fields.planIds}
            data-testid="coupon-plans"
          />
          <Switch label={t("enabled")} checked={v.enabled} onChange={(e) => set("enabled")(e.currentTarget.checked)} data-testid="coupon-enabled" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {tc("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="coupon-submit">
              {coupon ? tc("save") : tc("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
