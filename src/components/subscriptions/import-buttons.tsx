"use client";
// One-tap import into the common client apps (deep links of protocols.md §8.6). A link opens the
// app when it is installed on this device; otherwise the browser does nothing, so no error to show.
// Plain links with one class each (import-buttons.module.css): the subscription pages must stay light.
import { importLinks } from "./import-links";
import classes from "./import-buttons.module.css";

export function ImportButtons({ contentUrl, name }: { contentUrl: string; name: string }) {
  return (
    <ul className={classes.list} data-testid="import-buttons">
      {importLinks(contentUrl, name).map((l) => (
        <li key={l.client}>
          <a className={classes.link} href={l.href} data-testid={`import-${l.client}`} data-format={l.format}>
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
