"use client";
import { Badge, Button, Checkbox, CopyButton, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useRowName } from "../../a11y/row-name";
import { PasswordField } from "../../forms/password-field";

interface Props {
  label: string;
  isSet: boolean;
  /** Stored, but the current keys cannot decrypt it. */
  unreadable?: boolean;
  value: string;
  clear: boolean;
  error?: string;
  description?: string;
  /** Offer a "generate" button (a token only machines use: 32 random bytes, base64url). */
  generate?: boolean;
  onValue: (v: string) => void;
  onClear: (v: boolean) => void;
  testId: string;
}

/** 32 random bytes from the browser's CSPRNG as base64url (43 characters, no padding). */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A stored secret is never sent back: we show whether it is set, offer a replacement and a clear box. */
export function SecretField({ label, isSet, unreadable = false, value, clear, error, description, generate = false, onValue, onClear, testId }: Props) {
  const t = useTranslations("adminSettings");
  const rowName = useRowName();
  // A generated token is shown (and can be copied) until saved: it is never shown again after that.
  const [visible, setVisible] = useState(false);
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
      {description ? (
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      ) : null}
      <PasswordField
        aria-label={label}
        placeholder={isSet ? t("secretKeepPlaceholder") : t("secretNewPlaceholder")}
        autoComplete="new-password"
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        visible={visible}
        onVisibilityChange={setVisible}
        disabled={clear}
        error={error}
        data-testid={testId}
      />
      {generate ? (
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            disabled={clear}
            onClick={() => {
              onValue(randomToken());
              setVisible(true);
            }}
            data-testid={`${testId}-generate`}
          >
            {t("secretGenerate")}
          </Button>
          {value ? (
            <CopyButton value={value}>
              {({ copied, copy }) => (
                <Button size="xs" variant="default" onClick={copy} data-testid={`${testId}-copy`}>
                  {copied ? t("secretCopied") : t("secretCopy")}
                </Button>
              )}
            </CopyButton>
          ) : null}
          {value && visible ? (
            <Text size="xs" c="dimmed">
              {t("secretCopyNow")}
            </Text>
          ) : null}
        </Group>
      ) : null}
      <Checkbox label={t("secretClear")} aria-label={rowName(t("secretClear"), label)} checked={clear} disabled={!isSet} onChange={(e) => onClear(e.currentTarget.checked)} size="xs" data-testid={`${testId}-clear`} />
    </Stack>
  );
}
