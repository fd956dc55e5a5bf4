// The daily digest on a hand-made day whose every figure is known: orders paid just inside and just
// outside the Asia/Shanghai day, sign-ups, the UTC traffic day of the same date, and outages that
// overlap the day or only touch its edges. Then the text in both languages, and the sending: once a
// day after 08:00 site time, once with two instances (two PostgreSQL pools), never while disabled,
// mailed through the real outbox and SMTP only when SMTP is set.
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appConfig, nodeIncidents, orders, tasks, users, type OrderStatus } from "../../src/server/db/schema";
import { buildDailyDigest, DIGEST_DAY_SETTING, registerDigestSink, renderDigest, sendDailyDigest, type DailyDigest } from "../../src/server/services/node-alerts";
import { updateSettings } from "../../src/server/services/settings";
import { runDueTasks } from "../../src/server/services/tasks";
import { startSmtpSimulator, type SmtpSimulator } from "../../simulators/smtp/server";
import { node, proxyPlan, subscription, traffic } from "../admin-subscriptions/fixtures";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { secondInstanceForFile } from "../helpers/race";

const t = testDbForFile();
const second = secondInstanceForFile(t);
const DAY = "2026-03-09"; // on the site's clock: 2026-03-08T16:00Z to 2026-03-09T16:00Z
const SEND_AT = new Date("2026-03-10T00:30:00Z"); // 08:30 on 10 March in Shanghai
const at = (iso: string) => new Date(iso);

let smtp: SmtpSimulator;
let adminEn: { id: string; email: string };
let adminZh: { id: string; email: string };
let alpha: { id: string; name: string };
let beta: { id: string; name: string };
let seq = 0;
const sinkCalls: string[] = [];
let unregister: () => void;

async function order(userId: string, status: OrderStatus, total: number, paidAt: Date | null, currency = "CNY") {
  const createdAt = new Date((paidAt ?? at("2026-03-09T05:00:00Z")).getTime() - 60_000);
  await t.db.insert(orders).values({ orderNo: `DIG${seq++}`, userId, kind: "NEW_PURCHASE", status, currency, subtotalMinor: total, totalMinor: total, expiresAt: new Date(createdAt.getTime() + 1_800_000), paidAt, createdAt });
}

beforeAll(async () => {
  smtp = await startSmtpSimulator();
  const en = await makeUser(t.db, "ADMIN");
  const zh = await makeUser(t.db, "ADMIN");
  const disabledAdmin = await makeUser(t.db, "ADMIN");
  const buyer = await makeUser(t.db);
  adminEn = en;
  adminZh = zh;
  await t.db.update(users).set({ locale: "en" }).where(eq(users.id, en.id));
  await t.db.update(users).set({ status: "DISABLED" }).where(eq(users.id, disabledAdmin.id));
  await t.db.update(users).set({ createdAt: at("2025-01-01T00:00:00Z") }).where(inArray(users.id, [en.id, zh.id, disabledAdmin.id, buyer.id]));

  // Sign-ups: the day's first and last second count; a second either side does not.
  for (const [i, when] of ["2026-03-08T16:00:00Z", "2026-03-09T15:59:59Z", "2026-03-08T15:59:59Z", "2026-03-09T16:00:00Z"].entries()) {
    await t.db.insert(users).values({ email: `joined-${i}@example.com`, passwordHash: "x", createdAt: at(when) });
  }

  // Revenue: CNY 1.00 + 2.50 and USD 5.00 inside the day; everything else must not count.
  await order(buyer.id, "PAID", 100, at("2026-03-08T16:00:00Z"));
  await order(buyer.id, "PAID", 250, at("2026-03-09T15:59:59Z"));
  await order(buyer.id, "PAID", 500, at("2026-03-09T03:00:00Z"), "USD");
  await order(buyer.id, "PAID", 1_000, at("2026-03-08T15:59:59Z")); // 23:59 on 8 March in Shanghai
  await order(buyer.id, "PAID", 2_000, at("2026-03-09T16:00:00Z")); // 00:00 on 10 March
  await order(buyer.id, "REFUNDED", 4_000, at("2026-03-09T04:00:00Z"));
  await order(buyer.id, "PENDING", 8_000, null);

  // Traffic: the UTC day of the same date only.
  const a = await node(t.db, "alpha-node");
  const b = await node(t.db, "beta-node");
  const g = await node(t.db, "gamma-node");
  alpha = { id: a.id, name: a.name };
  beta = { id: b.id, name: b.name };
  const plan = await proxyPlan(t.db, a.id);
  const sub1 = await subscription(t.db, { userId: buyer.id, planId: plan.id, nodeId: a.id });
  const sub2 = await subscription(t.db, { userId: buyer.id, planId: plan.id, nodeId: a.id });
  await traffic(t.db, sub1, a.id, DAY, 1_000, 3_000);
  await traffic(t.db, sub2, b.id, DAY, 24, 72);
  await traffic(t.db, sub1, a.id, "2026-03-08", 999_999, 999_999);
  await traffic(t.db, sub1, a.id, "2026-03-10", 999_999, 999_999);

  // Outages: alpha 1 h inside the day (17:00 ends it) + one still open since 18:00 local (6 h until
  // the day ends); beta 30 min; one that ends exactly when the day begins and one that begins exactly
  // when it ends do not count.
  await t.db.insert(nodeIncidents).values([
    { nodeId: a.id, cause: "agent_stale", startedAt: at("2026-03-08T15:00:00Z"), endedAt: at("2026-03-08T17:00:00Z") },
    { nodeId: a.id, cause: "panel_error", startedAt: at("2026-03-09T10:00:00Z"), endedAt: null },
    { nodeId: b.id, cause: "agent_stale", startedAt: at("2026-03-09T01:00:00Z"), endedAt: at("2026-03-09T01:30:00Z") },
    { nodeId: b.id, cause: "agent_stale", startedAt: at("2026-03-07T00:00:00Z"), endedAt: at("2026-03-08T16:00:00Z") },
    { nodeId: g.id, cause: "panel_error", startedAt: at("2026-03-09T16:00:00Z"), endedAt: at("2026-03-09T17:00:00Z") },
  ]);

  unregister = registerDigestSink("digest-test", async (digest, tx) => {
    // A sink writes inside the claim's transaction: prove it by reading the claim it is part of.
    const [claim] = await tx.select().from(appConfig).where(eq(appConfig.key, DIGEST_DAY_SETTING));
    sinkCalls.push(`${digest.day}:${String(claim?.value)}`);
  });
});
afterAll(async () => {
  unregister?.();
  await smtp?.close();
});

const EXPECTED: DailyDigest = {
  day: DAY,
  timeZone: "Asia/Shanghai",
  from: "2026-03-08T16:00:00.000Z",
  to: "2026-03-09T16:00:00.000Z",
  revenue: [
    { currency: "CNY", minor: 350, orders: 2 },
    { currency: "USD", minor: 500, orders: 1 },
  ],
  ordersPaid: 3,
  newUsers: 2,
  traffic: { utcDay: DAY, upBytes: 1_024, downBytes: 3_072, totalBytes: 4_096 },
  incidents: {
    count: 3,
    downtimeSeconds: 7.5 * 3600,
    nodes: [
      { nodeId: "alpha", name: "alpha-node", incidents: 2, downtimeSeconds: 7 * 3600 },
      { nodeId: "beta", name: "beta-node", incidents: 1, downtimeSeconds: 1800 },
    ],
  },
};
const expected = (): DailyDigest => ({
  ...EXPECTED,
  incidents: { ...EXPECTED.incidents, nodes: [{ ...EXPECTED.incidents.nodes[0]!, nodeId: alpha.id }, { ...EXPECTED.incidents.nodes[1]!, nodeId: beta.id }] },
});

describe("buildDailyDigest", () => {
  it("counts exactly the site-time-zone day", async () => {
    expect(await buildDailyDigest(t.db, DAY, SEND_AT)).toEqual(expected());
  });

  it("counts an open outage up to now while the day is still running, and refuses a malformed day", async () => {
    const midday = at("2026-03-09T12:00:00Z");
    const d = await buildDailyDigest(t.db, DAY, midday);
    expect(d.incidents.nodes.find((n) => n.nodeId === alpha.id)!.downtimeSeconds).toBe(3600 + 2 * 3600);
    await expect(buildDailyDigest(t.db, "2026-3-9")).rejects.toThrow(/not a day/);
  });
});

/** What a person must never read in the digest: message keys, placeholders, codes. */
function expectWorded(text: string) {
  expect(text).not.toMatch(/[{}]|nodeAlerts|digest\.|agent_stale|panel_error|undefined|NaN|CNY|USD/);
}

describe("renderDigest", () => {
  it("words the digest in English", () => {
    const { subject, text } = renderDigest("en", expected());
    expect(subject).toBe("Daily digest for Mar 9, 2026");
    expect(text.split("\n")).toEqual([
      "What happened on Mar 9, 2026 (Beijing time):",
      "",
      "Revenue: ¥3.50 from 2 orders",
      "Revenue: $5.00 from 1 order",
      "Orders paid: 3",
      "New users: 2",
      "Traffic: 4 KB (UTC day of Mar 9, 2026)",
      "Node incidents: 3 incidents on 2 nodes, 7 h 30 min down in total",
      "- alpha-node: 2 incidents, 7 h 0 min down",
      "- beta-node: 1 incident, 30 min down",
    ]);
    expectWorded(subject + text);
  });

  it("words the digest in Chinese", () => {
    const { subject, text } = renderDigest("zh-CN", expected());
    expect(subject).toBe("2026年3月9日 每日摘要");
    expect(text).toContain("收入：¥3.50（2 笔订单）");
    expect(text).toContain("已支付订单：3");
    expect(text).toContain("新注册用户：2");
    expect(text).toContain("节点故障：2 个节点共 3 次，累计中断 7 小时 30 分钟");
    expect(text).toContain("- beta-node：1 次，中断 30 分钟");
    expectWorded(subject + text);
  });

  it("says 'none' for an empty day in both languages", async () => {
    const empty = await buildDailyDigest(t.db, "2020-01-01", SEND_AT);
    expect(renderDigest("en", empty).text).toContain("Revenue: none");
    expect(renderDigest("en", empty).text).toContain("Node incidents: none");
    expect(renderDigest("zh-CN", empty).text).toContain("节点故障：无");
    expectWorded(renderDigest("zh-CN", empty).text);
  });
});

const digestMailTasks = () =>
  t.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.kind, "mail.send"), sql`${tasks.payload} ->> 'template' = 'daily-digest'`));

describe("sendDailyDigest", () => {
  beforeEach(async () => {
    await t.db.delete(appConfig).where(eq(appConfig.key, DIGEST_DAY_SETTING));
    await t.db.delete(tasks).where(eq(tasks.kind, "mail.send"));
    sinkCalls.length = 0;
    await updateSettings(cliCtx(t.db), { dailyDigestEnabled: true, smtpHost: smtp.host, smtpPort: smtp.port, smtpFrom: "no-reply@relayboard.test" });
  });

  it("sends nothing while disabled, nor before 08:00 on the site's clock", async () => {
    await updateSettings(cliCtx(t.db), { dailyDigestEnabled: false });
    expect(await sendDailyDigest(t.db, SEND_AT)).toEqual({ sent: false, why: "disabled" });
    await updateSettings(cliCtx(t.db), { dailyDigestEnabled: true });
    expect(await sendDailyDigest(t.db, at("2026-03-09T23:59:00Z"))).toEqual({ sent: false, why: "not_due" });
    expect(await digestMailTasks()).toHaveLength(0);
    expect(sinkCalls).toEqual([]);
  });

  it("mails each active admin once in their language, and sends the next day's only the next day", async () => {
    const since = smtp.messages.length;
    const r = await sendDailyDigest(t.db, SEND_AT);
    expect(r).toEqual({ sent: true, day: DAY, digest: expected(), mailed: 2 });
    expect(sinkCalls).toEqual([`${DAY}:${DAY}`]);
    expect(await sendDailyDigest(t.db, new Date(SEND_AT.getTime() + 6 * 3_600_000))).toEqual({ sent: false, why: "not_due" });

    await runDueTasks(t.db);
    const en = await smtp.waitForMailTo(adminEn.email, 5000, { since });
    const zh = await smtp.waitForMailTo(adminZh.email, 5000, { since });
    expect(smtp.messages.slice(since)).toHaveLength(2);
    expect(en.subject).toBe("Daily digest for Mar 9, 2026 - Relayboard");
    expect(en.text).toContain("Revenue: ¥3.50 from 2 orders");
    expect(en.text).toContain("Node incidents: 3 incidents on 2 nodes, 7 h 30 min down in total");
    expect(en.text).toMatch(/Open the dashboard: https?:\/\/\S+\/admin\b/);
    expect(zh.subject).toBe("2026年3月9日 每日摘要 - Relayboard");
    expect(zh.text).toContain("收入：¥3.50（2 笔订单）");
    expect(zh.html).toContain("每日摘要");
    for (const m of [en, zh]) expectWorded(`${m.subject}\n${m.text}`);

    // The next morning reports 10 March.
    const next = await sendDailyDigest(t.db, new Date(SEND_AT.getTime() + 86_400_000));
    expect(next).toMatchObject({ sent: true, day: "2026-03-10", mailed: 2 });
    expect(sinkCalls).toEqual([`${DAY}:${DAY}`, "2026-03-10:2026-03-10"]);
  });

  it("claims the day without mailing when SMTP is not set (other sinks still get it)", async () => {
    await updateSettings(cliCtx(t.db), { smtpHost: "" });
    expect(await sendDailyDigest(t.db, SEND_AT)).toMatchObject({ sent: true, day: DAY, mailed: 0 });
    expect(await digestMailTasks()).toHaveLength(0);
    expect(sinkCalls).toHaveLength(1);
  });

  it("is sent once when several instances run the job at the same moment", async () => {
    // On PostgreSQL the odd runs use a second pool (another instance); on PGlite they serialize.
    const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => sendDailyDigest(i % 2 ? second.db : t.db, SEND_AT)));
    expect(runs.filter((r) => r.sent)).toHaveLength(1);
    expect(runs.filter((r) => !r.sent).every((r) => !r.sent && r.why === "not_due")).toBe(true);
    expect(await digestMailTasks()).toHaveLength(2);
    expect(sinkCalls).toEqual([`${DAY}:${DAY}`]);
  }, 60_000);
});
