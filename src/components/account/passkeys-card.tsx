"use client";
// Passkeys on the account page: the account's passkeys (name, added, last used), add one, rename or
// remove one. Staff sent here to sign in with a passkey (?setup=passkey) or to enrol a second factor
// (?setup=2fa) read first what to do.
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconKey, IconPencil, IconShieldLock, IconTrash } from "@tabler/icons-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useState } from "react";
import type { MyPasskeys, PasskeyItem } from "@/server/services/passkeys";
import { PasskeyAddDialog } from "./passkey-add-dialog";
import { PasskeyRemoveDialog, PasskeyRenameDialog, type PasskeyRow } from "./passkey-dialogs";

export type PasskeySetup = "passkey" | "2fa" | null;

interface Props extends MyPasskeys {
  /** False when the site's address is an IP: WebAuthn cannot bind passkeys to it. */
  available: boolean;
  setup: PasskeySetup;
  account: string;
  siteName: string;
}

function PasskeyLine({ p, onRename, onRemove }: { p: PasskeyItem; onRename: () => void; onRemove: () => void }) {
  const t = useTranslations("security.passkeys");
  const fmt = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const used = p.lastUsedAt ? t("lastUsed", { when: fmt.relativeTime(new Date(p.lastUsedAt), now) }) : t("neverUsed");
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="passkey-row">
      <ThemeIcon variant="light" color="teal" size="lg" radius="md">
        <IconKey size={18} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500} truncate="end" title={p.name} data-testid="passkey-name-text">
            {p.name}
          </Text>
          {p.backedUp ? (
            <Tooltip label={t("syncedHint")} multiline w={260}>
              <Badge size="xs" variant="light" color="blue">
                {t("synced")}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t("added", { date: fmt.dateTime(new Date(p.createdAt), { dateStyle: "medium" }) })} · {used}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t("renameLabel", { name: p.name })}>
          <ActionIcon variant="subtle" color="gray" onClick={onRename} aria-label={t("renameLabel", { name: p.name })} data-testid="passkey-rename">
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("removeLabel", { name: p.name })}>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t("removeLabel", { name: p.name })} data-testid="passkey-remove">
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

export function PasskeysCard(p: Props) {
  const t = useTranslations("security.passkeys");
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyRow | null>(null);
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);
  const full = p.passkeys.length >= p.max;

  return (
    <Card withBorder padding="lg" id="passkeys" data-testid="passkeys-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t("title")}</Text>
          <Badge variant="light" color={p.passkeys.length ? "teal" : "gray"} data-testid="passkey-count">
            {t("count", { count: p.passkeys.length, max: p.max })}
          </Badge>
        </Group>
        {p.setup === "passkey" ? (
          <Alert color="orange" variant="light" icon={<IconShieldLock size={18} />} title={t("setupPasskeyTitle")} data-testid="passkey-setup">
            {t("setupPasskey")}
          </Alert>
        ) : p.setup === "2fa" ? (
          <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />} data-testid="passkey-setup">
            {t("setup2fa")}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("hint")}
        </Text>
        {p.passkeys.length ? (
          <Stack gap="md" aria-label={t("listLabel")} data-testid="passkey-list">
            {p.passkeys.map((k) => (
              <PasskeyLine key={k.id} p={k} onRename={() => setRenaming({ id: k.id, name: k.name })} onRemove={() => setRemoving({ id: k.id, name: k.name })} />
            ))}
          </Stack>
        ) : (
          <Text size="sm" data-testid="passkey-none">
            {t("none")}
          </Text>
        )}
        {!p.available ? (
          <Alert color="gray" variant="light">
            {t("unavailable")}
          </Alert>
        ) : full ? (
          <Text size="xs" c="dimmed">
            {t("limit", { max: p.max })}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button leftSection={<IconKey size={16} />} onClick={() => setAdding(true)} disabled={!p.available || full} data-testid="passkey-add">
            {t("add")}
          </Button>
        </Group>
      </Stack>
      <PasskeyAddDialog opened={adding} onClose={() => setAdding(false)} needs={p.changeNeeds} account={p.account} siteName={p.siteName} />
      <PasskeyRenameDialog key={renaming?.id ?? "none"} passkey={renaming} onClose={() => setRenaming(null)} />
      <PasskeyRemoveDialog passkey={removing} needs={p.changeNeeds} onClose={() => setRemoving(null)} />
    </Card>
  );
}
