// Page-load scenarios (issue 25, bounded memory): the main signed-in pages rendered by Next/React on
// the server, as a browser's first load of each (full HTML, not a client-side navigation), and a
// mixed page + API load whose length is set apart from the other scenarios (BENCH_MIXED_SECONDS; the
// recorded run is 5 minutes) because memory that creeps shows only over time.
// The admin is also a user, so one session cookie opens both the user pages and the admin pages.

/** What a signed-in user and an operator open most: the user shell's pages, then the admin lists. */
export const PAGES = [
  "/dashboard",
  "/store",
  "/subscriptions",
  "/orders",
  "/account",
  "/notifications",
  "/admin",
  "/admin/users",
  "/admin/orders",
  "/admin/subscriptions",
  "/admin/nodes",
  "/admin/plans",
  "/admin/risk",
  "/admin/settings",
];

/**
 * The two scenarios. deps: login(ip) -> Cookie header; uniqueIp(); clientHeaders(w); adminEmail;
 * subscriptions() -> the seeded [{ id, token }] or null; mixedSeconds.
 */
export function pageScenarios({ login, uniqueIp, clientHeaders, adminEmail, subscriptions, mixedSeconds }) {
  const page = (w, s) => ({ path: PAGES[s.next++ % PAGES.length], headers: { ...clientHeaders(w), cookie: s.cookie, accept: "text/html" } });
  // Each page's HTML carries the signed-in user's address (the shell's user menu): a login page
  // or an error page served instead never passes for a rendered page.
  const pages = {
    name: "pages",
    what: `GET ${PAGES.length} signed-in pages in turn (user shell + admin), full server render, admin session cookie, 10 connections`,
    concurrency: 10,
    setup: async () => ({ cookie: await login(uniqueIp()), next: 0 }),
    request: page,
    check: (body) => body.includes(adminEmail),
    expect: adminEmail,
    wrkRequests: () => PAGES.length * 10,
  };
  const apis = [
    (w) => ({ path: "/api/health", headers: clientHeaders(w) }),
    (w) => ({ path: "/api/public/app-info", headers: clientHeaders(w) }),
    (w, s) => ({ path: "/api/auth/session", headers: { ...clientHeaders(w), cookie: s.cookie } }),
    (w, s) => {
      if (!s.subs?.length) return { path: "/api/health", headers: clientHeaders(w) };
      const sub = s.subs[s.nextSub++ % s.subs.length];
      const format = ["base64", "clash", "sing-box"][s.nextSub % 3];
      return { path: `/api/subscription/${sub.id}?token=${sub.token}&format=${format}`, headers: { "x-forwarded-for": uniqueIp() } };
    },
  ];
  const mixed = {
    name: "mixed",
    what: `pages and APIs alternating (a page, then health / app-info / session / subscription fetch in turn), 10 connections, ${mixedSeconds} s`,
    concurrency: 10,
    seconds: mixedSeconds,
    setup: async () => ({ cookie: await login(uniqueIp()), subs: subscriptions(), next: 0, nextSub: 0, nextApi: 0 }),
    request: (w, s) => (s.nextApi++ % 2 === 0 ? page(w, s) : apis[Math.floor(s.nextApi / 2) % apis.length](w, s)),
    // Each answer must be 2xx and not empty; the page and API checks above prove their content.
    check: (body) => body.length > 0,
    minBody: 1,
    wrkRequests: (s) => Math.max(PAGES.length * apis.length * 20, (s.subs?.length ?? 0) * 2),
  };
  return [pages, mixed];
}
