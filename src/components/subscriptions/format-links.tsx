"use client";
// A subscription's content link in every format: a QR code to scan with the app, the link to copy,
// and which apps read it. The user's detail page and the browser view of a link both show it.
// One format at a time (a choice per client family): only the chosen one's QR code is drawn, so the
// page stays short on a phone and its HTML small (issue 24 item 11: seven QR codes made 3,700 px).
import { ActionIcon, CopyButton, Tooltip } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { QRCodeSVG } from "qrcode.react";
import { useId, useState } from "react";
import { OUTLINE_IN_CSS } from "../outline-icon";
import classes from "./format-links.module.css";
import c from "./light-layout.module.css";
import { withFormat } from "./import-links";
import { CONTENT_FORMATS, type ContentFormat } from "@/server/services/subscription-content/types";

export type LinkFormat = "auto" | ContentFormat;

/**
 * The link without format= first (the server picks by app), then one per format. Derived here from
 * the one link rather than sent six more times in the page's data (the light pages' byte budget).
 */
export function linkEntries(contentUrl: string): { format: LinkFormat; url: string }[] {
  return [{ format: "auto", url: contentUrl }, ...CONTENT_FORMATS.map((f) => ({ format: f, url: withFormat(contentUrl, f) }))];
}

export function CopyLinkButton({ value, testId }: { value: string; testId?: string }) {
  const t = useTranslations("subscriptionPage");
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t("copied") : t("copy")} withArrow>
          <ActionIcon variant="light" color={copied ? "teal" : "gray"} onClick={copy} aria-label={t("copy")} data-testid={testId}>
            {copied ? <IconCheck size={16} {...OUTLINE_IN_CSS} /> : <IconCopy size={16} {...OUTLINE_IN_CSS} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** A QR code on white, in dark mode too (format-links.module.css). */
export function LinkQr({ value, label, size = 148, testId }: { value: string; label: string; size?: number; testId?: string }) {
  return (
    <div className={classes.qrFrame}>
      <QRCodeSVG value={value} size={size} marginSize={0} title={label} role="img" aria-label={label} data-testid={testId} />
    </div>
  );
}

function FormatCard({ format, url }: { format: LinkFormat; url: string }) {
  const t = useTranslations("subscriptionPage");
  const name = t(`formats.${format}`);
  return (
    <div className={`${c.card} ${c.tight}`} data-testid="format-link" data-format={format}>
      <div className={classes.head}>
        <div>
          <p className={`${c.text} ${c.strong}`}>{name}</p>
          <p className={c.small}>{t(`formatHints.${format}`)}</p>
        </div>
        <CopyLinkButton value={url} testId={`format-copy-${format}`} />
      </div>
      <div className={classes.qrRow}>
        <LinkQr value={url} label={t("qrLabel", { format: name })} testId={`format-qr-${format}`} />
      </div>
      <pre className={classes.url} data-testid={`format-url-${format}`} dir="ltr">
        {url}
      </pre>
    </div>
  );
}

export function FormatLinks({ contentUrl }: { contentUrl: string }) {
  const t = useTranslations("subscriptionPage");
  const entries = linkEntries(contentUrl);
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
