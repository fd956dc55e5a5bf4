// Pages whose HTML must stay small (issue 24 item 11: a subscription's page for its owner, and the
// browser view of a subscription URL, opened on phones over poor links). Every page used to carry
// the whole message catalogue (about 150 KB) for its client components; these carry only what they
// render at first, and the browser loads the rest right after (components/site/full-messages.tsx),
// for dialogs, error texts and the pages a client-side navigation reaches next.
// tests/i18n/light-pages.test.ts checks the list against what the pages' client components use.

const LIGHT_PATHS = [
  /^\/subscriptions\/[0-9a-f-]{36}\/?(?:\?|$)/i,
  // The custom server sends a browser's GET /api/subscription/<id|all>?token=… to the view page.
  /^\/api\/subscription\/[^/?]+\/?(?:\?|$)/,
  /^\/subscription-view\/[^/?]+\/?(?:\?|$)/,
];

export const isLightPath = (path: string): boolean => LIGHT_PATHS.some((re) => re.test(path));

/**
 * What the light pages render before the rest arrives: the chrome, the user shell (nav, bell,
 * announcements, restriction notice) and the subscription's own words. Dotted entries take one
 * part of a namespace.
 */
export const LIGHT_MESSAGES = [
  "chrome",
  "nav",
  "store.nav",
  "role",
  "status",
  "notifications",
  "announcements.shown",
  "riskRestriction",
  "subscriptions",
  "subscriptionPage",
  "devices",
  "support",
  "contact",
  "durations",
  "errors",
] as const;

/**
 * Read only after an action or a click (error sentences, confirmation dialogs, admin words that a
 * shared module imports): left to the full catalogue that follows.
 */
export const DEFERRED_MESSAGES = ["serverErrors", "nodes", "adminOrders", "store", "announcements"] as const;

type Tree = Record<string, unknown>;

/** The parts of the catalogue named by `paths` ("a" or "a.b"), nested as in the catalogue. */
export function pickMessages(all: Tree, paths: readonly string[] = LIGHT_MESSAGES): Tree {
  const out: Tree = {};
  for (const p of paths) {
    const [head, ...rest] = p.split(".");
    const value = all[head!];
    if (value === undefined) continue;
    if (!rest.length) out[head!] = value;
    else if (value && typeof value === "object") out[head!] = { ...((out[head!] as Tree) ?? {}), ...pickMessages(value as Tree, [rest.join(".")]) };
  }
  return out;
}
