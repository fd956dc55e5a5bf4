"use client";
// A stored secret the current ENCRYPTION_KEY(S) cannot decrypt keeps its feature closed (captcha:
// login and register answer 503; SMTP: no mail). Say so where the admin can fix it.
import { Alert, List } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { SecretKey } from "./settings-groups";

export function UnreadableSecretsAlert({ unreadable }: { unreadable: Record<SecretKey, boolean> }) {
  const t = useTranslations("adminSettings");
  const keys = (Object.keys(unreadable) as SecretKey[]).filter((k) => unreadable[k]);
  if (!keys.length) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={t("secretUnreadableTitle")} data-testid="settings-unreadable-secrets">
      <List size="sm" spacing={4}>
        {keys.map((k) => (
          <List.Item key={k} data-testid={`settings-unreadable-${k}`}>
            {t(`secretUnreadable_${k}`)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
