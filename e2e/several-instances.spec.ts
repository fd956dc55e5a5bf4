// Several instances, proven (issue 25 item 5): two `npm start` processes on one PostgreSQL and one
// Redis behind nginx running deploy/nginx.conf, TRUSTED_PROXIES naming nginx alone. Rate limits are
// shared, the periodic jobs take effect once (a subscription and an unpaid order past their time),
// one payment notify sent to both at once provisions once, a session works on both, a suspension
// and a settings change made on one reach the other, and nginx serves a request from the survivor
// when an instance is killed under it.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startEpaySimulator, type EpaySimulator } from "../simulators/epay/server";
import { md5Sign } from "../simulators/epay/sign";
import { NGINX, signalInstance, startCluster, type Cluster } from "./cluster";
import { ADMIN, createUserAsAdmin, navigationReady, signInOverHttp, uniqueEmail } from "./helpers";
import { buyWithCouponDialog, createCouponAsAdmin } from "./pay-helpers";
import { rawRequest } from "./raw-request";
import { cli, configureEpay, panelEmails, panelNode, planOnSale } from "./shop";
import type { XuiSimulator } from "../simulators/xui";

test.describe.configure({ mode: "serial" });

let cluster: Cluster;
let epay: EpaySimulator;
let xui: XuiSimulator;
let planName = "";
const buyer = { email: "", password: "buyer-pass-1", subscriptionId: "", contentPath: "" };

const [A, B] = [0, 1] as const;
const port = (i: 0 | 1) => cluster.instances[i].port;
const upstream = (i: 0 | 1) => `127.0.0.1:${port(i)}`;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.beforeAll(async () => {
  test.setTimeout(360_000); // two production servers and nginx boot beside the suite's own
  const { E2E_DATABASE_URL, E2E_REDIS_URL } = process.env;
  if (!E2E_DATABASE_URL || !E2E_REDIS_URL) throw new Error("the second pass sets E2E_DATABASE_URL and E2E_REDIS_URL (scripts/test-all.mjs)");
  if (!NGINX) throw new Error("nginx is required: run scripts/install-system-deps.sh");
  cluster = await startCluster({
    basePort: Number(process.env.E2E_PORT ?? 3123),
    databaseServerUrl: E2E_DATABASE_URL,
    redisUrl: E2E_REDIS_URL,
    // Every periodic job every 1.5 s on both instances (their own periods are minutes).
    env: { JOBS_INTERVAL_MS: "1500" },
    // The tests below poll one subscription many times a second.
    settings: ["subscriptionIpRateLimitPerHour=100000", "subscriptionRateLimitPerHour=100000"],
  });
  epay = await startEpaySimulator({ notifyRetryDelaysMs: [200] });
  const node = await panelNode("cluster", 31487, cluster.env);
  xui = node.sim;
  planName = `E2E Cluster ${Date.now().toString(36)}`;
  // A stock (its held count shows each release happening once) and one device per subscription.
  await planOnSale(node.name, "cluster-vmess", planName, 1250, { stockTotal: 50, deviceLimit: 1 }, cluster.env);
});
test.afterAll(async () => {
  await Promise.all([cluster?.stop(), epay?.close(), xui?.close()]);
});

/** A browser context on one address (nginx, or one instance directly). */
async function pageOn(browser: Browser, baseURL: string): Promise<Page> {
  const ctx = await browser.newContext({ baseURL, locale: "en-US" });
  return ctx.newPage();
}

async function adminOn(browser: Browser, baseURL: string): Promise<Page> {
  const page = await pageOn(browser, baseURL);
  await signInOverHttp(page, ADMIN.email, ADMIN.password);
  return page;
}

test("client addresses come from nginx's headers, and the register limit counts across both instances", async () => {
  const register = (from: string, forged: string) =>
    rawRequest({
      port: cluster.port,
      from,
      method: "POST",
      path: "/api/auth/register",
      // A client's own X-Forwarded-For is kept by nginx but skipped: the address nginx saw is the client.
      headers: { "content-type": "application/json", "x-forwarded-for": forged },
      body: JSON.stringify({ email: uniqueEmail("cluster-limit"), password: "password-123", name: "Limit" }),
    });
  const before = cluster.accessLog().length;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await register("127.0.0.9", `198.51.100.${i + 1}`)).status);
  // registerPerIp: 5 a minute, counted in Redis whichever instance answered.
  expect(statuses.slice(0, 5).every((s) => s >= 200 && s < 300)).toBe(true);
  expect(statuses[5]).toBe(429);
  const served = cluster.accessLog().slice(before).filter((l) => l.includes("/api/auth/register")).map((l) => l.split(" ")[0]);
  expect(new Set(served)).toEqual(new Set([upstream(A), upstream(B)]));
  // The same address reaching instance B from its trusted proxy is already over the limit.
  const direct = await rawRequest({ port: port(B), method: "POST", path: "/api/auth/register", headers: { "content-type": "application/json", "x-forwarded-for": "127.0.0.9" }, body: JSON.stringify({ email: uniqueEmail("cluster-limit"), password: "password-123", name: "Limit" }) });
  expect(direct.status).toBe(429);
});

test("a session made through one instance is a session on the other", async () => {
  const cookies: string[] = [];
  const jar = (set: string[]) => cookies.push(...set.map((c) => c.split(";")[0]!));
  const csrf = await rawRequest({ port: port(A), path: "/api/auth/csrf" });
  jar(csrf.setCookies);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email: ADMIN.email, password: ADMIN.password, json: "true" }).toString();
  const signIn = await rawRequest({ port: port(A), method: "POST", path: "/api/auth/callback/credentials", headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookies.join("; ") }, body: form });
  expect([200, 302]).toContain(signIn.status);
  jar(signIn.setCookies);
  const session = await rawRequest({ port: port(B), path: "/api/auth/session", headers: { cookie: cookies.join("; ") } });
  expect(JSON.parse(session.body)).toMatchObject({ user: { email: ADMIN.email, role: "ADMIN" } });
  const adminPage = await rawRequest({ port: port(B), path: "/admin", headers: { cookie: cookies.join("; ") } });
  expect(adminPage.status).toBe(200);
});

test("one payment notify delivered to both instances at the same moment provisions once", async ({ browser }) => {
  const admin = await adminOn(browser, cluster.url);
  await configureEpay(admin, epay);
  buyer.email = uniqueEmail("cluster-buyer");
  await createUserAsAdmin(admin, buyer.email, buyer.password);
  await admin.context().close();

  const page = await pageOn(browser, cluster.url);
  await signInOverHttp(page, buyer.email, buyer.password);
  await page.goto("/store");
  await navigationReady(page);
  await page.getByTestId("plan-card").filter({ hasText: planName }).getByTestId("buy-now").click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/pay$/);
  const orderId = /\/orders\/([0-9a-f-]{36})\/pay/.exec(page.url())![1]!;
  const created = await page.request.post("/api/payment/create", { data: { orderId, provider: "epay" } });
  expect(created.status()).toBe(200);
  const { tradeNo } = (await created.json()) as { tradeNo: string };
  await page.context().close();

  // The platform's notify, signed with the merchant key as the simulator signs it, sent to each instance at once.
  const merchant = epay.merchants[0]!;
  const fields = { pid: merchant.pid, trade_no: `2026${Date.now()}`, out_trade_no: tradeNo, type: "alipay", name: planName, money: "12.50", trade_status: "TRADE_SUCCESS" };
  const query = new URLSearchParams({ ...fields, sign: md5Sign(fields, merchant.key), sign_type: "MD5" }).toString();
  const replies = await Promise.all([A, B].map((i) => rawRequest({ port: port(i), path: `/api/payment/notify/epay?${query}` })));
  expect(replies.map((r) => [r.status, r.body])).toEqual([
    [200, "success"],
    [200, "success"],
  ]);

  const [order] = await cluster.sql<{ status: string }>("select status from orders where id = $1", [orderId]);
  expect(order!.status).toBe("PAID");
  const paid = await cluster.sql("select id from payments where trade_no = $1 and status = 'PAID'", [tradeNo]);
  expect(paid).toHaveLength(1);
  const subs = await cluster.sql<{ id: string }>("select s.id from subscriptions s join users u on u.id = s.user_id where u.email = $1", [buyer.email]);
  expect(subs).toHaveLength(1);
  buyer.subscriptionId = subs[0]!.id;
  // One client on the panel, made by whichever instance's worker took the task.
  await expect.poll(() => panelEmails(xui).filter((e) => e.startsWith(`${buyer.email}-`)).length, { timeout: 20_000 }).toBe(1);
  await wait(2000);
  expect(panelEmails(xui).filter((e) => e.startsWith(`${buyer.email}-`))).toHaveLength(1);
  const shown = JSON.parse(await cli(["subscription", "show", buyer.subscriptionId, "--json"], cluster.env)) as { urls: Record<string, string> };
  const url = new URL(Object.values(shown.urls)[0]!);
  buyer.contentPath = url.pathname + url.search;
});

const fetchContent = (i: 0 | 1, hwid?: string) => rawRequest({ port: port(i), path: buyer.contentPath, headers: { "x-forwarded-for": "203.0.113.20", ...(hwid ? { "x-hwid": hwid } : {}) } });

test("a device removed on one instance frees its place on the other at once", async ({ browser }) => {
  const [first, second] = [`cluster-x-${Date.now()}`, `cluster-y-${Date.now()}`];
  expect((await fetchContent(B, first)).status).toBe(200);
  // B now remembers the first device and a count of one: the plan allows one device.
  expect((await fetchContent(B, first)).status).toBe(200);
  expect((await fetchContent(B, second)).status).toBe(403);
  const admin = await adminOn(browser, cluster.instances[A].url);
  await admin.goto(`/admin/subscriptions/${buyer.subscriptionId}`);
  await navigationReady(admin);
  await admin.getByTestId("device-remove").first().click();
  await admin.getByTestId("device-remove-confirm").click();
  await expect(admin.getByTestId("devices-empty")).toBeVisible();
  // A device B does not know is always checked against the database, so the freed place is there.
  expect((await fetchContent(B, second)).status).toBe(200);
  await admin.context().close();
});

test("a settings change made on one instance reaches the other's subscription endpoint within its cache bound", async ({ browser }) => {
  expect((await fetchContent(B)).status).toBe(200);
  const admin = await adminOn(browser, cluster.instances[A].url);
  await admin.goto("/admin/settings");
  await navigationReady(admin);
  const name = `Cluster ${Date.now().toString(36)}`;
  await admin.getByTestId("setting-siteName").fill(name);
  await admin.getByTestId("settings-save").click();
  await expect.poll(async () => (await cluster.sql<{ v: string }>("select value #>> '{}' as v from app_config where key = 'siteName'"))[0]?.v ?? "").toBe(name);
  const saved = Date.now();
  const title = async () => Buffer.from(String((await fetchContent(B)).headers["profile-title"] ?? "").replace(/^base64:/, ""), "base64").toString("utf8");
  // contentSettings: re-read every 5 s per instance, so no fetch that starts later than 5 s after
  // the save may miss it (and on a busy machine, a fetch's own duration does not count against it).
  let missedAt = saved;
  for (;;) {
    const started = Date.now();
    if ((await title()).includes(name)) break;
    missedAt = started;
    expect(started - saved).toBeLessThan(10_000);
    await wait(100);
  }
  expect(missedAt - saved).toBeLessThan(5_000);
  await admin.context().close();
});

test("a suspension made on one instance is honoured by the other's subscription endpoint within one second", async ({ browser }) => {
  expect((await fetchContent(B)).status).toBe(200);
  const admin = await adminOn(browser, cluster.instances[A].url);
  await admin.goto(`/admin/subscriptions/${buyer.subscriptionId}`);
  await navigationReady(admin);
  await admin.getByTestId("subscription-suspend").click();
  await admin.getByTestId("subscription-confirm-submit").click();
  await expect(admin.getByTestId("subscription-detail")).toHaveAttribute("data-status", "SUSPENDED");
  const done = Date.now();
  let status = 0;
  while (Date.now() - done < 5_000 && status !== 403) status = (await fetchContent(B)).status;
  expect(status).toBe(403);
  expect(Date.now() - done).toBeLessThan(1_000);
  await admin.context().close();
});

test("the periodic jobs run on both instances and take effect once", async () => {
  // Daily log cleanup: the day is claimed in the database, so after many ticks of both there is one run.
  const cleanups = () => cluster.sql("select id from audit_logs where action = 'logs.cleanup.auto'");
  await expect.poll(async () => (await cleanups()).length, { timeout: 20_000 }).toBe(1);

  // Lifecycle: a subscription past its end.
  const plan = (await cluster.sql<{ id: string }>("select id from plans where name = $1", [planName]))[0]!;
  const gift = JSON.parse(await cli(["subscription", "grant", buyer.email, "--plan", plan.id, "--json"], cluster.env)) as { subscriptionId: string };
  const one = async <T,>(text: string, params: unknown[]) => (await cluster.sql<T>(text, params))[0]!;
  const held = async () => (await one<{ n: number }>("select stock_held as n from plans where id = $1", [plan.id])).n;
  const version = async () => (await one<{ n: number }>("select content_version as n from subscriptions where id = $1", [gift.subscriptionId])).n;
  const clients = (await cluster.sql<{ id: string }>("select id from node_clients where subscription_id = $1", [gift.subscriptionId])).map((c) => c.id);
  expect(clients).toHaveLength(1);
  // The plan's held count is the number of its holders: live subscriptions and pending order lines.
  // A release made twice would take it below them.
  const holders = async () =>
    one<{ subs: number; lines: number }>(
      `select (select count(*)::int from subscriptions where plan_id = $1 and holds_stock) as subs,
        (select count(*)::int from order_items i join orders o on o.id = i.order_id where i.plan_id = $1 and i.holds_stock and o.status = 'PENDING') as lines`,
      [plan.id],
    );
  const [heldBefore, holdersBefore, versionBefore] = [await held(), await holders(), await version()];
  expect(holdersBefore.subs).toBe(2); // the paid subscription and the gift
  expect(heldBefore).toBe(holdersBefore.subs + holdersBefore.lines);
  const { t } = await one<{ t: Date }>("select clock_timestamp() as t", []);
  await cluster.sql("update subscriptions set expires_at = now() - interval '1 minute' where id = $1", [gift.subscriptionId]);
  const status = async (table: string, id: string) => (await one<{ status: string }>(`select status from ${table} where id = $1`, [id])).status;
  await expect.poll(() => status("subscriptions", gift.subscriptionId), { timeout: 20_000 }).toBe("EXPIRED");
  await wait(4_500); // three more ticks of each job on each instance

  expect(await cleanups()).toHaveLength(1);
  // Each release once (twice would take the held count below its holders), one content change, one panel sync.
  const after = await holders();
  expect(after).toEqual({ subs: holdersBefore.subs - 1, lines: holdersBefore.lines });
  expect(await held()).toBe(after.subs);
  expect(await version()).toBe(versionBefore + 1);
  const syncs = await cluster.sql("select id from tasks where kind = 'panel.client.sync' and payload->>'nodeClientId' = $1 and created_at >= $2", [clients[0], t]);
  expect(syncs).toHaveLength(1);
});

test("an unpaid order past its time expires once while both instances run the expiry job", async ({ browser }) => {
  // A pending order holding a unit of the plan's stock and a use of a coupon, as a buyer leaves one.
  const code = `CLUSTER${Date.now().toString(36)}`.toUpperCase();
  const admin = await adminOn(browser, cluster.url);
  await createCouponAsAdmin(admin, code, "3");
  await admin.context().close();
  const page = await pageOn(browser, cluster.url);
  await signInOverHttp(page, buyer.email, buyer.password);
  const order = await buyWithCouponDialog(page, planName, code);
  await page.context().close();

  const one = async <T,>(text: string, params: unknown[]) => (await cluster.sql<T>(text, params))[0]!;
  const plan = await one<{ id: string }>("select id from plans where name = $1", [planName]);
  const coupon = await one<{ id: string }>("select id from coupons where code = $1", [code]);
  // What the order holds, next to everything that holds it: a release made twice would take the
  // held counts below their holders (the coupon's check refuses a negative count outright).
  const state = async () =>
    one<{ status: string; closed: boolean; held: number; subs: number; lines: number; ours: number; uses: number; couponHolders: number; redemption: string }>(
      `select o.status, o.closed_at is not null as closed,
        (select stock_held from plans where id = $2) as held,
        (select count(*)::int from subscriptions where plan_id = $2 and holds_stock) as subs,
        (select count(*)::int from order_items i join orders p on p.id = i.order_id where i.plan_id = $2 and i.holds_stock and p.status = 'PENDING') as lines,
        (select count(*)::int from order_items where order_id = $1 and holds_stock) as ours,
        (select uses_held from coupons where id = $3) as uses,
        (select count(*)::int from coupon_redemptions where coupon_id = $3 and status in ('HELD', 'USED')) as "couponHolders",
        (select status from coupon_redemptions where order_id = $1) as redemption
       from orders o where o.id = $1`,
      [order.id, plan.id, coupon.id],
    );
  const before = await state();
  expect(before).toMatchObject({ status: "PENDING", closed: false, ours: 1, uses: 1, couponHolders: 1, redemption: "HELD" });
  expect(before.held).toBe(before.subs + before.lines);

  await cluster.sql("update orders set expires_at = now() - interval '1 minute' where id = $1", [order.id]);
  await expect.poll(async () => (await state()).status, { timeout: 20_000 }).toBe("EXPIRED");
  await wait(4_500); // three more ticks of each instance's expiry job

  const after = await state();
  expect(after).toMatchObject({ status: "EXPIRED", closed: true, subs: before.subs, lines: before.lines - 1, uses: 0, couponHolders: 0, redemption: "RELEASED" });
  // The unit went back once: the held count is its holders again, one fewer than before.
  expect(after.held).toBe(after.subs + after.lines);
  expect(after.held).toBe(before.held - 1);
  // A payment the pay page opened for it is closed (a late one would be recorded as late).
  const open = await cluster.sql("select id from payments where order_id = $1 and status <> 'CLOSED'", [order.id]);
  expect(open).toHaveLength(0);
});

test("an instance killed under a request: nginx serves it, and the next ones, from the other", async () => {
  const before = cluster.accessLog().length;
  // Instance A holds its requests (stopped), so one of the two below is in flight there when it dies.
  signalInstance(cluster.instances[A], "SIGSTOP");
  const inFlight = Promise.all([0, 1].map(() => rawRequest({ port: cluster.port, from: "127.0.0.11", path: "/api/health" })));
  await wait(700);
  signalInstance(cluster.instances[A], "SIGKILL");
  await cluster.instances[A].exited;
  expect((await inFlight).map((r) => r.status)).toEqual([200, 200]);
  const next = [];
  for (let i = 0; i < 4; i++) next.push((await rawRequest({ port: cluster.port, from: "127.0.0.11", path: "/api/health" })).status);
  expect(next).toEqual([200, 200, 200, 200]);
  const lines = cluster.accessLog().slice(before).filter((l) => l.includes("/api/health"));
  // The request that was at A when it died went on to B ("A, B" in $upstream_addr); the rest were B's.
  expect(lines.filter((l) => l.startsWith(`${upstream(A)}, ${upstream(B)} 200`))).toHaveLength(1);
  expect(lines).toHaveLength(6);
  expect(lines.every((l) => l.includes(`${upstream(B)} 200`))).toBe(true);
});
