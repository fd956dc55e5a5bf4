"use client";
// The browsers signed in to this account: sign one other device out, or all of them.
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from "@tabler/icons-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { logoutEverywhereAction, revokeSessionAction } from "@/app/(user)/account/actions";
import { signOut } from "../auth/next-auth-client";
import { notifyError, notifySuccess } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";
import { describeUserAgent } from "./describe-user-agent";

export interface SessionRow { id: string; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null; current: boolean }

function SessionItem({ s, onRevoke, busy }: { s: SessionRow; onRevoke: (s: SessionRow) => void; busy: boolean }) {
  const t = useTranslations("security.sessions");
  const fmt = useFormatter();
  const now = useNow({ updateInterval: 60_000 });
  const d = describeUserAgent(s.userAgent);
  const name = d ? t("device", d) : t("unknownDevice");
  const mobile = d?.os === "iOS" || d?.os === "Android";
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid="session-row" data-current={s.current || undefined}>
      <ThemeIcon variant="light" color={s.current ? "teal" : "gray"} size="lg" radius="md">
        {mobile ? <IconDeviceMobile size={18} /> : <IconDeviceDesktop size={18} />}
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500} truncate="end" title={name}>
            {name}
          </Text>
          {s.current ? (
            <Badge size="xs" variant="light" color="teal">
              {t("thisDevice")}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {[t("lastActive", { when: fmt.relativeTime(new Date(s.lastSeenAt), now) }), s.ip ? t("ip", { ip: s.ip }) : null].filter(Boolean).join(" · ")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("signedIn", { when: fmt.dateTime(new Date(s.createdAt), { dateStyle: "medium", timeStyle: "short" }) })}
        </Text>
      </Stack>
      {s.current ? null : (
        <Tooltip label={t("revokeLabel", { device: name })}>
          <ActionIcon variant="subtle" color="red" onClick={() => onRevoke(s)} loading={busy} aria-label={t("revokeLabel", { device: name })} data-testid="session-revoke">
            <IconLogout size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

export function SessionsCard({ sessions }: { sessions: SessionRow[] }) {
  const t = useTranslations("account");
  const ts = useTranslations("security.sessions");
  const { messageOf } = useErrorText();
  const router = useRouter();
  const [opened, { open, close }] = useDisclosure(false);
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);

  const revoke = async (s: SessionRow) => {
    setRevoking(s.id);
    const r = await revokeSessionAction(s.id).catch(() => ({ ok: false as const, error: networkError() }));
    setRevoking(null);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(ts("revoked"));
    router.refresh();
  };

  const confirm = async () => {
    setBusy(true);
    const r = await logoutEverywhereAction().catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) {
      setBusy(false);
      return notifyError(messageOf(r.error));
    }
    await signOut();
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- full reload: signed out everywhere, so no cached page of this user may survive
    window.location.href = "/login?notice=signed_out_everywhere";
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text fw={600}>{t("sessions.title")}</Text>
        {sessions.length ? (
          <Stack gap="md" data-testid="session-list" aria-label={ts("listTitle")}>
            {sessions.map((s) => (
              <SessionItem key={s.id} s={s} onRevoke={revoke} busy={revoking === s.id} />
            ))}
          </Stack>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("sessions.hint")}
        </Text>
        <Group justify="flex-end">
          <Button color="red" variant="light" onClick={open} data-testid="logout-everywhere">
            {t("sessions.button")}
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={close} title={t("sessions.confirmTitle")} centered>
        <Stack gap="md">
          <Text size="sm">{t("sessions.confirmText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button color="red" onClick={confirm} loading={busy} data-testid="logout-everywhere-confirm">
              {t("sessions.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
