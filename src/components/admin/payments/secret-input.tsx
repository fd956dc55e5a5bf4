"use client";
// A stored secret is never sent to the browser: the badge says whether one is set, the input takes
// a replacement (empty keeps it), and optional secrets have a box to remove them.
import { Badge, Checkbox, Group, Stack, Text, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRowName } from "../../a11y/row-name";
import { PasswordField } from "../../forms/password-field";
import type { SecretState } from "@/server/services/payments-config";

interface Props {
  label: string;
  hint?: string;
  state: SecretState;
  multiline?: boolean;
  value: string;
  onValue: (v: string) => void;
  /** Only for secrets the provider can run without. */
  clear?: { checked: boolean; onChange: (v: boolean) => void };
  error?: string;
  testId: string;
}

export function SecretInput({ label, hint, state, multiline, value, onValue, clear, error, testId }: Props) {
  const t = useTranslations("adminPayments");
  const rowName = useRowName();
  const isSet = state !== "unset";
  const common = {
    "aria-label": label,
    placeholder: isSet ? t("secretKeepPlaceholder") : t("secretNewPlaceholder"),
    value,
    error,
    description: hint,
    disabled: clear?.checked,
    "data-testid": testId,
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Badge variant="light" color={state === "unreadable" ? "red" : isSet ? "teal" : "gray"} data-testid={`${testId}-state`}>
          {state === "unreadable" ? t("secretUnreadable") : isSet ? t("secretSet") : t("secretNotSet")}
        </Badge>
      </Group>
      {multiline ? (
        <Textarea {...common} autosize minRows={3} maxRows={10} spellCheck={false} autoComplete="off" styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} onChange={(e) => onValue(e.currentTarget.value)} />
      ) : (
        <PasswordField {...common} autoComplete="new-password" onChange={(e) => onValue(e.currentTarget.value)} />
      )}
      {clear ? <Checkbox label={t("secretClear")} aria-label={rowName(t("secretClear"), label)} checked={clear.checked} disabled={!isSet} onChange={(e) => clear.onChange(e.currentTarget.checked)} size="xs" data-testid={`${testId}-clear`} /> : null}
    </Stack>
  );
}
