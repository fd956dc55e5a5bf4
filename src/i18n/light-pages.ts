// Pages whose HTML must stay small (issue 24 item 11: a subscription's page for its owner, and the
// browser view of a subscription URL, opened on phones over poor links). Every page used to carry
// the whole message catalogue (about 150 KB) for its client components; these carry only what they
// render at first, and the browser loads the rest right after (components/site/full-messages.tsx),
// for dialogs, error texts and the pages a client-side navigation reaches next.
// tests/i18n/light-pages.test.ts checks the lists against what the pages' client components use.

/** The browser view of a subscription URL: no user shell, only the site frame and the subscription. */
const VIEW = [
  // The custom server sends a browser's GET /api/subscription/<id|all>?token=… to the view page.
  /^\/api\/subscription\/[^/?]+\/?(?:\?|$)/,
  /^\/subscription-view\/[^/?]+\/?(?:\?|$)/,
];
/** The owner's subscription page, inside the user shell. */
const OWN = [/^\/subscriptions\/[0-9a-f-]{36}\/?(?:\?|$)/i];

export type LightPage = "view" | "own";

/** Which light page an address is, if any. */
export function lightPageOf(path: string): LightPage | null {
  if (VIEW.some((re) => re.test(path))) return "view";
  if (OWN.some((re) => re.test(path))) return "own";
  return null;
}

export const isLightPath = (path: string): boolean => lightPageOf(path) !== null;

/** The browser view's words that its server component draws (the client components never read them). */
const SERVER_DRAWN_VIEW_TEXTS = [
  "-subscriptionPage.refused",
  "-subscriptionPage.title",
  "-subscriptionPage.allTitle",
  "-subscriptionPage.intro",
  "-subscriptionPage.privateNote",
  "-subscriptionPage.viewOnlyNote",
  "-subscriptionPage.expires",
  "-subscriptionPage.noneActive",
  "-subscriptionPage.importTitle",
  "-subscriptionPage.importHint",
] as const;

/**
 * What each light page renders before the rest arrives. Dotted entries take one part of a
 * namespace; a leading "-" leaves a part out (texts only shown after a click or a fetch).
 */
export const LIGHT_MESSAGES: Record<LightPage, readonly string[]> = {
  view: ["chrome", "subscriptionPage", ...SERVER_DRAWN_VIEW_TEXTS, "durations", "kb.clientGuide"],
  own: [
    "chrome",
    "nav",
    "store.nav",
    // The header's bell: its button and the few lines of its list (the rest is the notifications page's).
    "notifications.bell",
    "notifications.bellUnread",
    "notifications.recent",
    "notifications.markAllRead",
    "notifications.loadFailed",
    "notifications.noneRecent",
    "notifications.viewAll",
    "announcements.shown",
    "riskRestriction",
    // The access reset and the streaming credentials; the other words of the page are drawn on the server.
    "subscriptions.detail",
    "-subscriptions.detail.back",
    "-subscriptions.detail.kind",
    "-subscriptions.detail.starts",
    "-subscriptions.detail.where",
    "-subscriptions.detail.trafficUsedUpHint",
    "-subscriptions.detail.restrictedHint",
    "-subscriptions.detail.notLiveHint",
    "-subscriptions.detail.linksTitle",
    "-subscriptions.detail.linksHint",
    "subscriptionPage",
    ...SERVER_DRAWN_VIEW_TEXTS,
    // The import buttons' "Set-up guide" links (knowledge base).
    "kb.clientGuide",
    "devices",
    "-devices.adminTitle",
    "-devices.adminHint",
    "-devices.adminLimit",
    "-devices.adminNoLimit",
    "-devices.planField",
    "-devices.removeTextAdmin",
    "durations",
    // State words of the badges its client components draw (the subscription's status); every other
    // family (orders, wallet, referral, tickets, admin words) is left to the full catalogue: each new
    // family had grown this page (it passed its byte budget at 87.5 KB).
    "labels.subscriptionStatus",
    // The confirmation dialogs mount closed but read their namespace at once.
    "nodes.cancel",
    // The "Change plan" button's word; its dialog reads the rest of planChange from the full catalogue.
    "planChange.open",
  ],
};

/**
 * Read only after an action, a click or an error (error sentences, dialogs, the error pages, admin
 * words that a shared module imports): left to the full catalogue that follows.
 */
export const DEFERRED_MESSAGES = ["serverErrors", "errors", "support", "contact", "nodes", "adminOrders", "store", "announcements"] as const;

type Tree = Record<string, unknown>;

/** The parts of the catalogue named by `paths` ("a", "a.b", or "-a.b" to leave a part out), nested as in the catalogue. */
export function pickMessages(all: Tree, paths: readonly string[]): Tree {
  const out: Tree = {};
  for (const p of paths.filter((x) => !x.startsWith("-"))) {
    const [head, ...rest] = p.split(".");
    const value = all[head!];
    if (value === undefined) continue;
    if (!rest.length) out[head!] = value;
    else if (value && typeof value === "object") out[head!] = { ...((out[head!] as Tree) ?? {}), ...pickMessages(value as Tree, [rest.join(".")]) };
  }
  for (const p of paths.filter((x) => x.startsWith("-"))) omit(out, p.slice(1).split("."));
  return out;
}

/** Removes one path from a picked tree, copying the objects on the way (the catalogue is shared). */
function omit(tree: Tree, [head, ...rest]: string[]): void {
  const value = tree[head!];
  if (value === undefined) return;
  if (!rest.length) delete tree[head!];
  else if (value && typeof value === "object") {
    const copy = { ...(value as Tree) };
    omit(copy, rest);
    tree[head!] = copy;
  }
}
