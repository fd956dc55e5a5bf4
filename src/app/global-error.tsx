"use client";
// Replaces the root layout when that layout itself fails: no providers, no Mantine, no next-intl
// context. Plain markup, the language picked from the cookie or the browser, both themes via CSS,
// in the colors the Mantine theme uses for AA contrast (src/components/readable-colors.ts).
import { useSyncExternalStore } from "react";
import en from "../../messages/en.json";
import zh from "../../messages/zh-CN.json";

function browserMessages() {
  const cookie = /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(document.cookie)?.[1];
  const lang = cookie ?? navigator.language ?? "";
  return lang.toLowerCase().startsWith("en") ? en.errors : zh.errors;
}

// The language is read once per render; nothing to subscribe to.
const noSubscribe = () => () => {};
const serverMessages = () => zh.errors;

const css = `
  :root { color-scheme: light dark; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif; background: #fff; color: #212529; }
  main { min-height: 100dvh; display: flex; align-items: center; justify-content: center; padding: 24px; box-sizing: border-box; text-align: center; }
  .box { max-width: 480px; }
  .code { font-size: 56px; font-weight: 800; color: #5c636a; margin: 0; }
  h1 { font-size: 24px; margin: 8px 0; }
  p { opacity: .75; line-height: 1.5; }
  code { background: rgba(127,127,127,.15); padding: 2px 6px; border-radius: 4px; }
  .actions { display: flex; gap: 12px; justify-content: center; flex-wrap: wrap; margin-top: 16px; }
  button, a.btn { font: inherit; padding: 8px 16px; border-radius: 8px; border: 1px solid #4263eb; background: #4263eb; color: #fff; cursor: pointer; text-decoration: none; }
  a.btn { background: transparent; color: inherit; border-color: rgba(127,127,127,.5); }
  @media (prefers-color-scheme: dark) { body { background: #1a1b1e; color: #c9c9c9; } .code { color: #a6a6a6; } }
  html[data-mantine-color-scheme="dark"] body { background: #1a1b1e; color: #c9c9c9; }
  html[data-mantine-color-scheme="dark"] .code { color: #a6a6a6; }
`;

export default function GlobalError({ error, retry, reset }: { error: unknown; retry?: () => void; reset?: () => void }) {
  // zh-CN (the default) on the server and while hydrating, then the visitor's language.
  const m = useSyncExternalStore(noSubscribe, browserMessages, serverMessages);
  const digest = typeof error === "object" && error !== null && "digest" in error ? String((error as { digest?: unknown }).digest ?? "") : "";
  const again = retry ?? reset;
  return (
    <html lang="zh-CN">
      <head>
        <title>{m.title}</title>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>
          <div className="box" data-testid="error-page">
            <p className="code">500</p>
            <h1>{m.title}</h1>
            <p>{m.message}</p>
            {digest ? (
              <p>
                {m.reference} <code>{digest}</code>
              </p>
            ) : null}
            <div className="actions">
              {again ? <button onClick={() => again()}>{m.retry}</button> : null}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- the router may be what failed */}
              <a className="btn" href="/">
                {m.home}
              </a>
            </div>
          </div>
        </main>
      </body>
    </html>
  );
}
