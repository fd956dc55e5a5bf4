"use client";
// A subscription's content link in every format: a QR code to scan with the app, the link to copy,
// and which apps read it. The user's detail page and the browser view of a link both show it.
// One format at a time (a choice per client family): only the chosen one's QR code is drawn, so the
// page stays short on a phone and its HTML small (issue 24 item 11: seven QR codes made 3,700 px).
import { ActionIcon, Box, Card, Code, CopyButton, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { QRCodeSVG } from "qrcode.react";
import { useId, useState } from "react";
import classes from "./format-links.module.css";
import { CONTENT_FORMATS, type ContentFormat } from "@/server/services/subscription-content/types";

export type LinkFormat = "auto" | ContentFormat;

/** The link without format= first (the server picks by app), then one per format. */
export function linkEntries(contentUrl: string, urls: Record<ContentFormat, string>): { format: LinkFormat; url: string }[] {
  return [{ format: "auto", url: contentUrl }, ...CONTENT_FORMATS.map((f) => ({ format: f, url: urls[f] }))];
}

export function CopyLinkButton({ value, testId }: { value: string; testId?: string }) {
  const t = useTranslations("subscriptionPage");
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("copied") : t("copy")} withArrow>
          <ActionIcon variant="light" color={copied ? "teal" : "gray"} onClick={copy} aria-label={t("copy")} data-testid={testId}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A QR code on white, in dark mode too: scanners need the contrast. */
export function LinkQr({ value, label, size = 148, testId }: { value: string; label: string; size?: number; testId?: string }) {
  return (
    <Box p={8} bg="white" style={{ borderRadius: "var(--mantine-radius-sm)", lineHeight: 0, flexShrink: 0 }}>
      <QRCodeSVG value={value} size={size} marginSize={0} title={label} role="img" aria-label={label} data-testid={testId} />
    </Box>
  );
}

function FormatCard({ format, url }: { format: LinkFormat; url: string }) {
  const t = useTranslations("subscriptionPage");
  const name = t(`formats.${format}`);
  return (
    <Card withBorder padding="sm" radius="md" data-testid="format-link" data-format={format}>
      <Stack gap="xs" align="stretch">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`formatHints.${format}`)}
            </Text>
          </Stack>
          <CopyLinkButton value={url} testId={`format-copy-${format}`} />
        </Group>
        <Group justify="center">
          <LinkQr value={url} label={t("qrLabel", { format: name })} testId={`format-qr-${format}`} />
        </Group>
        {/* Selectable in one go, for browsers without the clipboard API (plain http). */}
        <Code block style={{ whiteSpace: "normal", overflowWrap: "anywhere", userSelect: "all", fontSize: 12 }} data-testid={`format-url-${format}`}>
          {url}
        </Code>
      </Stack>
    </Card>
  );
}

export function FormatLinks({ contentUrl, urls }: { contentUrl: string; urls: Record<ContentFormat, string> }) {
  const t = useTranslations("subscriptionPage");
  const entries = linkEntries(contentUrl, urls);
  const [active, setActive] = useState<LinkFormat>("auto");
  const group = useId();
  const current = entries.find((e) => e.format === active) ?? entries[0]!;
  return (
    <div data-testid="format-links">
      <div role="radiogroup" aria-label={t("formatsTitle")} className={classes.choices}>
        {entries.map((e) => (
          <label key={e.format} className={classes.choice} data-testid={`format-tab-${e.format}`}>
            <input type="radio" className={classes.input} name={group} value={e.format} checked={e.format === active} onChange={() => setActive(e.format)} />
            <span className={classes.label}>{t(`formats.${e.format}`)}</span>
          </label>
        ))}
      </div>
      <FormatCard key={current.format} format={current.format} url={current.url} />
    </div>
  );
}
