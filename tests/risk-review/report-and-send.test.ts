// The risk report: generated from the evidence in the owner's language, stored (regenerating
// overwrites), and sent, which restricts the account and the scope's subscriptions once, however
// often it is sent.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import { nodeClients, tasks } from "../../src/server/db/schema";
import { generateRiskReport, sendRiskReport } from "../../src/server/services/risk/risk-report";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { domainErrorOf } from "../panel/helpers";
import { access, auditsOf, eventRow, HOUR, owner, proxySub, riskEvent, riskNotices, subRow, userRow } from "./fixtures";

const t = testDbForFile();
let ctx: Ctx;
let user: Awaited<ReturnType<typeof makeUser>>;
const NOW = new Date();

beforeAll(async () => {
  const admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
  ctx = makeCtx(t.db, admin.ctx.actor, { now: () => NOW });
});

async function scenario(locale: "zh-CN" | "en" | null) {
  const u = await owner(t.db, locale);
  const s = await proxySub(t.db, u.id, "Premium HK");
  const other = await proxySub(t.db, u.id, "Other plan");
  const at = (h: number) => new Date(NOW.getTime() - h * HOUR);
  await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: at(3), ip: "223.5.5.5", place: ["CN", "Zhejiang", "Hangzhou"] });
  await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: at(2), ip: "8.8.8.8", place: ["US", "California", "Mountain View"] });
  await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: at(1), ip: "81.2.69.160", place: ["GB", "England", "London"] });
  await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: at(1), ip: "8.8.4.4", place: ["US", "", ""], source: "NODE", nodeId: s.node.id, connectionCount: 400, uniqueTargetCount: 170 });
  const event = await riskEvent(t.db, { userId: u.id, subscriptionId: s.sub.id, createdAt: at(0.5) });
  return { u, s, other, event };
}

describe("generateRiskReport", () => {
  it("summarises the evidence in Chinese for an owner without a language, and stores it", async () => {
    const { event } = await scenario(null);
    const r = await generateRiskReport(ctx, event.id);
    for (const bit of ["风控审核报告", "在多个国家/地区使用", "Premium HK", "访问次数：4（订阅更新 3，节点连接 1）", "不同 IP 地址：4", "不同地点：4", "223.5.5.5", "CN / Zhejiang / Hangzhou", "81.2.69.160", "GB / England / London", "400 次连接，最多 170 个不同目标", "提交工单"]) {
      expect(r.report).toContain(bit);
    }
    expect(r.report).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}：订阅更新 1，节点连接 0/);
    expect(await eventRow(t.db, event.id)).toMatchObject({ report: r.report, reportGeneratedAt: NOW });
    expect(await auditsOf(t.db, "risk.report.generate", event.id)).toHaveLength(1);
  });

  it("is written in English for an English-speaking owner, and regenerating overwrites it with new evidence", async () => {
    const { u, s, event } = await scenario("en");
    const first = await generateRiskReport(ctx, event.id);
    expect(first.report).toContain("Risk review report");
    expect(first.report).toContain("Accesses: 4 (subscription updates 3, node connections 1)");
    expect(first.report).toContain("8.8.8.8 (US / California / Mountain View), subscription update: 1");
    expect(first.report).not.toContain("风控");
    await access(t.db, { subscriptionId: s.sub.id, userId: u.id, at: new Date(NOW.getTime() - 10 * 60_000), ip: "1.1.1.1", place: ["AU", "Queensland", "Brisbane"] });
    const second = await generateRiskReport(ctx, event.id);
    expect(second.report).toContain("Accesses: 5");
    expect(second.report).toContain("1.1.1.1");
    expect((await eventRow(t.db, event.id)).report).toBe(second.report);
  });
});

describe("sendRiskReport", () => {
  it("refuses to send before a report exists", async () => {
    const { u, event } = await scenario(null);
    expect((await domainErrorOf(() => sendRiskReport(ctx, event.id))).reason).toBe("risk_report_missing");
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toBeNull();
    expect(await riskNotices(t.db, u.id)).toHaveLength(0);
  });

  it("restricts the account and the event's subscription, notifies with the report once, even when sent twice", async () => {
    const { u, s, other, event } = await scenario(null);
    const { report } = await generateRiskReport(ctx, event.id);
    const first = await sendRiskReport(ctx, event.id);
    expect(first.sent).toBe(true);
    expect(await eventRow(t.db, event.id)).toMatchObject({ restrictionActive: true, reportSentAt: NOW });
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toEqual(NOW);
    expect((await subRow(t.db, s.sub.id)).riskRestricted).toBe(true);
    expect((await subRow(t.db, other.sub.id)).riskRestricted).toBe(false); // a subscription scope restricts only its subscription
    // Its panel client is switched off through the outbox.
    const [c] = await t.db.select().from(nodeClients).where(eq(nodeClients.id, s.client.id));
    expect(c).toMatchObject({ enable: false, panelState: "PENDING" });
    const queued = (await t.db.select().from(tasks)).filter((x) => (x.payload as { nodeClientId?: string }).nodeClientId === s.client.id);
    expect(queued.length).toBeGreaterThan(0);

    const later = makeCtx(t.db, ctx.actor, { now: () => new Date(NOW.getTime() + 60_000) });
    const second = await sendRiskReport(later, event.id);
    expect(second.sent).toBe(false);
    expect((await eventRow(t.db, event.id)).reportSentAt).toEqual(NOW);
    const notes = await riskNotices(t.db, u.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "RISK", level: "ERROR", body: report, link: "/tickets", title: "风控审核：您的账户已受限" });
    expect(await auditsOf(t.db, "risk.report.send", event.id)).toHaveLength(1);
  });

  it("an aggregate-link event restricts every proxy subscription of the owner", async () => {
    const { u, s, other } = await scenario("en");
    const event = await riskEvent(t.db, { userId: u.id, reason: "REGION_CHANGE", createdAt: new Date(NOW.getTime() - HOUR) });
    await generateRiskReport(ctx, event.id);
    await sendRiskReport(ctx, event.id);
    expect((await subRow(t.db, s.sub.id)).riskRestricted).toBe(true);
    expect((await subRow(t.db, other.sub.id)).riskRestricted).toBe(true);
    expect((await riskNotices(t.db, u.id))[0]!.title).toBe("Your account is restricted after a risk review");
  });

  it("ordinary users and anonymous callers can neither generate nor send", async () => {
    const { u, event } = await scenario(null);
    for (const c of [user.ctx, anonCtx(t.db)]) {
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain((await domainErrorOf(() => generateRiskReport(c, event.id))).code);
      expect(["FORBIDDEN", "UNAUTHENTICATED"]).toContain((await domainErrorOf(() => sendRiskReport(c, event.id))).code);
    }
    expect((await eventRow(t.db, event.id)).report).toBeNull();
    expect((await userRow(t.db, u.id)).riskRestrictedAt).toBeNull();
  });

  it("an unknown event is risk_event_not_found", async () => {
    expect((await domainErrorOf(() => sendRiskReport(ctx, "00000000-0000-4000-8000-000000000000"))).reason).toBe("risk_event_not_found");
    expect((await domainErrorOf(() => generateRiskReport(ctx, "x"))).reason).toBe("risk_event_not_found");
  });
});
