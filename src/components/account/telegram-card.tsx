"use client";
// The account page's Telegram card (shown only while the bot is configured): unbound, a button that
// makes a one-time deep link (open it, copy it, or scan its QR code) valid for ten minutes, and the
// page refreshes itself until Telegram has confirmed; bound, the chat's @name, since when, "Unbind".
import { ActionIcon, Alert, Anchor, Box, Button, Card, CopyButton, Group, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBrandTelegram, IconCheck, IconCopy, IconUnlink } from "@tabler/icons-react";
import { useFormatter, useNow, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef, useState } from "react";
import { createTelegramBindLinkAction, unbindTelegramAction } from "@/app/(user)/account/telegram-actions";
import { notifyError, notifySuccess } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";

export interface TelegramBindingProps {
  binding: { username: string | null; since: Date; blocked: boolean } | null;
}

/** How often the page asks whether the chat is bound while a link is on screen. */
const REFRESH_MS = 4000;

function LinkView({ url, expiresAt, onRenew, busy }: { url: string; expiresAt: Date; onRenew: () => void; busy: boolean }) {
  const t = useTranslations("telegram.card");
  const fmt = useFormatter();
  const now = useNow({ updateInterval: 1000 });
  const router = useRouter();
  const expired = now.getTime() >= expiresAt.getTime();
  // The binding happens in Telegram: the page learns it on a refresh (the card then shows the chat).
  useEffect(() => {
    if (expired) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [expired, router]);

  if (expired) {
    return (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" data-testid="telegram-link-expired">
          {t("expired")}
        </Text>
        <Group justify="flex-end">
          <Button variant="light" onClick={onRenew} loading={busy} data-testid="telegram-new-link">
            {t("newLink")}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="telegram-link">
      <Text size="sm">{t("linkHint", { time: fmt.dateTime(expiresAt, { timeStyle: "short" }) })}</Text>
      <Group gap="xs" wrap="nowrap">
        <Button component="a" href={url} target="_blank" rel="noopener noreferrer" leftSection={<IconBrandTelegram size={16} />} data-testid="telegram-open" style={{ flex: "1 1 auto", minWidth: 0 }}>
          {t("open")}
        </Button>
        <CopyButton value={url} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t("copied") : t("copy")}>
              <ActionIcon variant="default" size="lg" onClick={copy} aria-label={t("copy")} data-testid="telegram-copy">
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Anchor href={url} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="telegram-url">
        {url}
      </Anchor>
      <Text size="xs" c="dimmed">
        {t("scan")}
      </Text>
      {/* White behind the code in both color schemes: scanners need the contrast. */}
      <Box mx="auto" p="sm" bg="white" style={{ borderRadius: "var(--mantine-radius-md)", lineHeight: 0 }}>
        <QRCodeSVG value={url} size={160} marginSize={0} title={t("qrLabel")} data-testid="telegram-qr" />
      </Box>
      <Text size="xs" c="dimmed">
        {t("waiting")}
      </Text>
    </Stack>
  );
}

export function TelegramCard({ binding }: TelegramBindingProps) {
  const t = useTranslations("telegram");
  const fmt = useFormatter();
  const { messageOf } = useErrorText();
  const router = useRouter();
  const [link, setLink] = useState<{ url: string; expiresAt: Date } | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, { open, close }] = useDisclosure(false);

  // Bound while the link was on screen (a refresh brought the binding): say so once.
  const wasBound = useRef(Boolean(binding));
  useEffect(() => {
    if (binding && !wasBound.current && link) notifySuccess(t("card.justBound"));
    wasBound.current = Boolean(binding);
  }, [binding, link, t]);

  const makeLink = async () => {
    setBusy(true);
    const r = await createTelegramBindLinkAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    setLink({ url: r.data.url, expiresAt: new Date(r.data.expiresAt) });
  };

  const unbind = async () => {
    setBusy(true);
    const r = await unbindTelegramAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    close();
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t("card.unbound"));
    // The link that bound it is used up: unbound again, the card starts from its button.
    setLink(null);
    router.refresh();
  };

  return (
    <Card withBorder padding="lg" data-testid="telegram-card" data-bound={binding ? "yes" : "no"}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBrandTelegram size={20} aria-hidden />
          <Text fw={600}>{t("title")}</Text>
        </Group>
        {binding ? (
          <>
            <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }} data-testid="telegram-bound-as">
              {binding.username ? t("card.boundAs", { username: binding.username }) : t("card.boundNoName")}
            </Text>
            <Text size="xs" c="dimmed">
              {t("card.since", { date: fmt.dateTime(new Date(binding.since), { dateStyle: "medium" }) })}
            </Text>
            {binding.blocked ? (
              <Alert color="yellow" variant="light" data-testid="telegram-blocked">
                {t("card.blocked")}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button color="red" variant="light" leftSection={<IconUnlink size={16} />} onClick={open} data-testid="telegram-unbind">
                {t("card.unbind")}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("card.hint")}
            </Text>
            {link ? (
              <LinkView url={link.url} expiresAt={link.expiresAt} onRenew={makeLink} busy={busy} />
            ) : (
              <Group justify="flex-end">
                <Button leftSection={<IconBrandTelegram size={16} />} onClick={makeLink} loading={busy} data-testid="telegram-bind">
                  {t("card.bind")}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
      <Modal opened={confirming} onClose={close} title={t("card.unbind")} centered>
        <Stack gap="md">
          <Text size="sm">{t("card.unbindConfirm")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t("card.cancel")}
            </Button>
            <Button color="red" onClick={unbind} loading={busy} data-testid="telegram-unbind-confirm">
              {t("card.unbind")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
