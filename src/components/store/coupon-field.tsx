"use client";
// A coupon code with its Apply button (Enter applies too) and, once applied, a way to drop it: the
// cart and buy now's dialog price with it through the same server preview (previewOrder).
import { ActionIcon, Button, Group, TextInput } from "@mantine/core";
import { IconTicket, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** The field's state: what is typed, the code the price was worked out with, and the code's problem. */
export function useCouponState() {
  const [value, setValue] = useState("");
  const [applied, setApplied] = useState("");
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    applied,
    error,
    setApplied,
    setError,
    clear: () => {
      setValue("");
      setApplied("");
      setError(null);
    },
    /** The props CouponField takes from the state (typing clears the problem). */
    field: {
      value,
      applied,
      error,
      onChange: (v: string) => {
        setValue(v);
        setError(null);
      },
    },
  };
}

interface Props {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** The code the price was worked out with ("" for none): shows the remove button. */
  applied: string;
  onApply: () => void;
  onRemove: () => void;
  busy: boolean;
  disabled?: boolean;
  /** Test ids `<prefix>-input`, `-apply`, `-remove`. */
  testIdPrefix: string;
}

export function CouponField({ value, onChange, error, applied, onApply, onRemove, busy, disabled = false, testIdPrefix }: Props) {
  const t = useTranslations("store.cart");
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t("coupon")}
        placeholder={t("couponPlaceholder")}
        leftSection={<IconTicket size={16} />}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== "Enter") return;
          e.preventDefault();
          if (!busy && !disabled) onApply();
        }}
        error={error}
        maxLength={64}
        autoComplete="off"
        rightSection={
          applied ? (
            <ActionIcon variant="subtle" color="gray" onClick={onRemove} aria-label={t("removeCoupon")} data-testid={`${testIdPrefix}-remove`}>
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        data-testid={`${testIdPrefix}-input`}
      />
      <Button variant="default" mt={25} onClick={onApply} loading={busy} disabled={disabled} data-testid={`${testIdPrefix}-apply`}>
        {t("apply")}
      </Button>
    </Group>
  );
}
