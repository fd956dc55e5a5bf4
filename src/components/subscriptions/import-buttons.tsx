"use client";
// One-tap import into the client apps of the operator's catalogue, one platform at a time. A link
// opens the app when it is installed on this device; otherwise the browser does nothing, so no error
// to show, and the download link beside it says where to get the app. Plain links and buttons with
// one class each (import-buttons.module.css): the subscription pages must stay light.
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { CLIENT_PLATFORMS, type ClientEntry, type ClientPlatform } from "@/server/services/settings/client-catalogue-types";
import { ClientGuideLink } from "../kb/client-guide-link";
import classes from "./import-buttons.module.css";
import { importLinks } from "./import-links";

type Tab = ClientPlatform | "all";

interface Props {
  contentUrl: string;
  name: string;
  clients: readonly ClientEntry[];
  /** The platform guessed from the request's User-Agent (platform-guess.ts); null starts on every app. */
  platform?: ClientPlatform | null;
}

export function ImportButtons({ contentUrl, name, clients, platform = null }: Props) {
  const t = useTranslations("subscriptionPage");
  const links = importLinks(clients, contentUrl, name);
  // Only platforms some app runs on get a tab; a guess without apps starts on every app.
  const tabs: Tab[] = ["all", ...CLIENT_PLATFORMS.filter((p) => links.some((l) => l.platforms.includes(p)))];
  const [tab, setTab] = useState<Tab>(platform && tabs.includes(platform) ? platform : "all");
  const panelId = useId();
  if (!links.length) return null;
  // Only the chosen tab's links are in the page, so each app's test id is there once.
  const shown = tab === "all" ? links : links.filter((l) => l.platforms.includes(tab));
  return (
    <div className={classes.wrap} data-testid="import-buttons" data-platform={tab}>
      <div className={classes.tabs} role="tablist" aria-label={t("importPlatformsLabel")}>
        {tabs.map((p) => (
          <button
            key={p}
            type="button"
            role="tab"
            aria-selected={p === tab}
            aria-controls={panelId}
            className={classes.tab}
            onClick={() => setTab(p)}
            data-testid={`import-platform-${p}`}
          >
            {t(`importPlatforms.${p}`)}
          </button>
        ))}
      </div>
      <ul className={classes.list} id={panelId} role="tabpanel">
        {shown.map((l) => (
          <li key={l.client} className={classes.item}>
            <a className={classes.link} href={l.href} data-testid={`import-${l.client}`} data-format={l.format}>
              {l.label}
            </a>
            {l.downloadUrl ? (
              <a className={classes.get} href={l.downloadUrl} target="_blank" rel="noopener noreferrer" aria-label={t("importDownloadLabel", { name: l.label })} data-testid={`import-download-${l.client}`}>
                {t("importDownload")}
              </a>
            ) : null}
            {l.guideSlug ? <ClientGuideLink slug={l.guideSlug} name={l.label} className={classes.get} testId={`import-guide-${l.client}`} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
