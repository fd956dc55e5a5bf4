"use client";
import { Badge, Checkbox, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { PasswordField } from "../../forms/password-field";

interface Props {
  label: string;
  isSet: boolean;
  /** Stored, but the current keys cannot decrypt it. */
  unreadable?: boolean;
  value: string;
  clear: boolean;
  error?: string;
  onValue: (v: string) => void;
  onClear: (v: boolean) => void;
  testId: string;
}

/** A stored secret is never sent back: we show whether it is set, offer a replacement and a clear box. */
export function SecretField({ label, isSet, unreadable = false, value, clear, error, onValue, onClear, testId }: Props) {
  const t = useTranslations("adminSettings");
  return (
    <Stack gap={6}>
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Badge variant="light" color={unreadable ? "red" : isSet ? "teal" : "gray"} data-testid={`${testId}-state`}>
          {unreadable ? t("secretUnreadable") : isSet ? t("secretSet") : t("secretNotSet")}
        </Badge>
      </Group>
      <PasswordField
        aria-label={label}
        placeholder={isSet ? t("secretKeepPlaceholder") : t("secretNewPlaceholder")}
        autoComplete="new-password"
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        disabled={clear}
        error={error}
        data-testid={testId}
      />
      <Checkbox label={t("secretClear")} checked={clear} disabled={!isSet} onChange={(e) => onClear(e.currentTarget.checked)} size="xs" data-testid={`${testId}-clear`} />
    </Stack>
  );
}
