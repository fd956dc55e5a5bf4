// The owner's operations (rotate access, the aggregate link, streaming credentials) and moving a
// streaming subscription to another service.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decryptSecret, keyedHash } from "../../src/server/crypto/secrets";
import { auditLogs, nodeClients, subscriptions, users } from "../../src/server/db/schema";
import { DOWNLOAD_TOKEN_PURPOSE } from "../../src/server/services/provisioning/provision-order";
import {
  AGGREGATE_TOKEN_PURPOSE,
  cancelSubscription,
  myAggregateToken,
  reassignStreamingSlot,
  revealStreamingCredentials,
  rotateAggregateToken,
  rotateSubscriptionAccess,
  suspendSubscription,
} from "../../src/server/services/subscriptions";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { domainErrorOf } from "../panel/helpers";
import { clientsOf, gift, serviceOf, streamingPlan, streamingService, subOf } from "./helpers";

const shop = openShop();
const onPanel = (email: string) => shop.sim.state.findClientByEmail(email)?.client;

describe("rotateSubscriptionAccess", () => {
  it("gives a new token and new panel credentials under the same emails; used traffic stays", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    await drainTasks(shop.db);
    const before = (await subOf(shop.db, id))!;
    const oldClients = await clientsOf(shop.db, id);
    // Usage so far: on the panel (keyed by email) and in our row.
    for (const c of oldClients) shop.sim.state.addTraffic(c.email, 1000, 5000);
    await shop.db.update(subscriptions).set({ trafficUsedBytes: 12_000, trafficUpBytes: 2000, trafficDownBytes: 10_000 }).where(eq(subscriptions.id, id));

    const { token } = await rotateSubscriptionAccess(u.ctx, id);
    const after = (await subOf(shop.db, id))!;
    expect(token).toBeTruthy();
    expect(after.downloadTokenHash).toBe(keyedHash(token!, DOWNLOAD_TOKEN_PURPOSE));
    expect(after.downloadTokenHash).not.toBe(before.downloadTokenHash);
    expect(decryptSecret(after.downloadTokenEnc)).toBe(token);
    expect(after.contentVersion).toBeGreaterThan(before.contentVersion);
    expect(after).toMatchObject({ trafficUsedBytes: 12_000, trafficUpBytes: 2000, trafficDownBytes: 10_000, status: "ACTIVE" });

    await drainTasks(shop.db);
    const newClients = await clientsOf(shop.db, id);
    expect(newClients.map((c) => c.email).sort()).toEqual(oldClients.map((c) => c.email).sort());
    for (const c of newClients) {
      const old = oldClients.find((o) => o.email === c.email)!;
      const credential = decryptSecret(c.credentialEnc);
      expect(credential).not.toBe(decryptSecret(old.credentialEnc));
      expect(c.panelState).toBe("SYNCED");
      // On the panel: the same client (same email, counters kept) with the new id.
      expect(onPanel(c.email)).toMatchObject({ id: credential, enable: true });
      expect(shop.sim.state.trafficRow(c.email)).toMatchObject({ up: 1000, down: 5000 });
    }
    const [audit] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, "subscription.access_rotated")));
    expect(audit!.metadata).toMatchObject({ by: "owner", clients: 2 });
    expect(JSON.stringify(audit!.metadata)).not.toContain(token!);
  });

  it("is for the owner (or an admin, who gets no token), for proxy subscriptions that are not cancelled", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const stranger = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    expect(await domainErrorOf(() => rotateSubscriptionAccess(stranger.ctx, id))).toMatchObject({ code: "NOT_FOUND", reason: "subscription_not_found" });
    const hash = (await subOf(shop.db, id))!.downloadTokenHash;
    expect(await rotateSubscriptionAccess(shop.admin.ctx, id)).toEqual({ token: null });
    expect((await subOf(shop.db, id))!.downloadTokenHash).not.toBe(hash);
    await suspendSubscription(shop.admin.ctx, id); // a suspended one may still be rotated
    expect((await rotateSubscriptionAccess(u.ctx, id)).token).toBeTruthy();
    await cancelSubscription(shop.admin.ctx, id);
    expect(await domainErrorOf(() => rotateSubscriptionAccess(u.ctx, id))).toMatchObject({ code: "CONFLICT", reason: "subscription_is_cancelled" });

    const svc = await streamingService(shop, 3);
    const sp = await streamingPlan(shop, svc.id);
    const sid = await gift(shop, u.email, sp.id);
    expect(await domainErrorOf(() => rotateSubscriptionAccess(u.ctx, sid))).toMatchObject({ code: "CONFLICT", reason: "subscription_not_proxy" });
  });
});

describe("aggregate token", () => {
  it("is made on first view, stays the same, and rotating replaces it", async () => {
    const u = await buyer(shop);
    const first = await myAggregateToken(u.ctx);
    expect(await myAggregateToken(u.ctx)).toEqual(first);
    const [row] = await shop.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.subscriptionTokenHash).toBe(keyedHash(first.token, AGGREGATE_TOKEN_PURPOSE));
    expect(row!.subscriptionTokenEnc).not.toContain(first.token);

    const rotated = await rotateAggregateToken(u.ctx);
    expect(rotated.token).not.toBe(first.token);
    expect(await myAggregateToken(u.ctx)).toEqual(rotated);
    const [after] = await shop.db.select().from(users).where(eq(users.id, u.id));
    expect(after!.subscriptionTokenHash).toBe(keyedHash(rotated.token, AGGREGATE_TOKEN_PURPOSE));
    expect(await shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, u.id), eq(auditLogs.action, "subscription.aggregate_rotated")))).toHaveLength(1);
    // Another user's token is theirs alone.
    expect((await myAggregateToken((await buyer(shop)).ctx)).token).not.toBe(rotated.token);
  });
});

describe("streaming subscriptions", () => {
  it("reassignStreamingSlot takes a slot on the new service, gives one back on the old, and cancelling later frees the new one", async () => {
    const a = await streamingService(shop, 2);
    const b = await streamingService(shop, 1);
    const plan = await streamingPlan(shop, a.id);
    const u = await buyer(shop);
    const first = await gift(shop, u.email, plan.id);
    const second = await gift(shop, u.email, plan.id);
    expect((await serviceOf(shop.db, a.id)).slotsHeld).toBe(2);

    expect(await reassignStreamingSlot(shop.admin.ctx, { subscriptionId: first, serviceId: b.id })).toEqual({ subscriptionId: first, serviceId: b.id });
    expect((await subOf(shop.db, first))!.streamingServiceId).toBe(b.id);
    expect((await serviceOf(shop.db, a.id)).slotsHeld).toBe(1);
    expect((await serviceOf(shop.db, b.id)).slotsHeld).toBe(1);

    expect(await domainErrorOf(() => reassignStreamingSlot(shop.admin.ctx, { subscriptionId: first, serviceId: b.id }))).toMatchObject({ code: "CONFLICT", reason: "streaming_slot_same_service" });
    expect(await domainErrorOf(() => reassignStreamingSlot(shop.admin.ctx, { subscriptionId: second, serviceId: b.id }))).toMatchObject({ code: "CONFLICT", reason: "streaming_no_free_slot" });
    expect((await serviceOf(shop.db, a.id)).slotsHeld).toBe(1); // the refused move changed nothing
    expect(await domainErrorOf(() => reassignStreamingSlot(shop.admin.ctx, { subscriptionId: second, serviceId: "00000000-0000-4000-8000-000000000003" }))).toMatchObject({
      code: "NOT_FOUND",
      reason: "streaming_service_not_found",
    });
    const proxy = await gift(shop, u.email, (await proxyPlan(shop)).id);
    expect(await domainErrorOf(() => reassignStreamingSlot(shop.admin.ctx, { subscriptionId: proxy, serviceId: b.id }))).toMatchObject({ reason: "subscription_not_streaming" });
    expect(await domainErrorOf(() => reassignStreamingSlot(u.ctx, { subscriptionId: first, serviceId: a.id }))).toMatchObject({ code: "FORBIDDEN" });

    // The slot given back is the one on the service it uses now.
    await cancelSubscription(shop.admin.ctx, first);
    expect((await serviceOf(shop.db, b.id)).slotsHeld).toBe(0);
    expect((await serviceOf(shop.db, a.id)).slotsHeld).toBe(1);
    expect(await domainErrorOf(() => reassignStreamingSlot(shop.admin.ctx, { subscriptionId: first, serviceId: a.id }))).toMatchObject({ reason: "subscription_is_cancelled" });
  });

  it("revealStreamingCredentials answers the owner of an active streaming subscription, audited without the secret", async () => {
    const svc = await streamingService(shop, 5, "login: shared@example.com\npassword: s3cret");
    const plan = await streamingPlan(shop, svc.id);
    const u = await buyer(shop);
    const id = await gift(shop, u.email, plan.id);
    expect(await revealStreamingCredentials(u.ctx, id)).toEqual({ serviceName: svc.name, credentials: "login: shared@example.com\npassword: s3cret" });
    const audits = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.targetId, id), eq(auditLogs.action, "subscription.streaming_credentials_revealed")));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0])).not.toContain("s3cret");

    const stranger = await buyer(shop);
    expect(await domainErrorOf(() => revealStreamingCredentials(stranger.ctx, id))).toMatchObject({ code: "NOT_FOUND", reason: "subscription_not_found" });
    expect(await domainErrorOf(() => revealStreamingCredentials(shop.admin.ctx, id))).toMatchObject({ code: "NOT_FOUND" });
    await shop.db.update(subscriptions).set({ riskRestricted: true }).where(eq(subscriptions.id, id));
    expect(await domainErrorOf(() => revealStreamingCredentials(u.ctx, id))).toMatchObject({ code: "CONFLICT", reason: "streaming_credentials_inactive" });
    await shop.db.update(subscriptions).set({ riskRestricted: false }).where(eq(subscriptions.id, id));
    await suspendSubscription(shop.admin.ctx, id);
    expect(await domainErrorOf(() => revealStreamingCredentials(u.ctx, id))).toMatchObject({ reason: "streaming_credentials_inactive" });
    const proxy = await gift(shop, u.email, (await proxyPlan(shop)).id);
    expect(await domainErrorOf(() => revealStreamingCredentials(u.ctx, proxy))).toMatchObject({ reason: "subscription_not_streaming" });
    // No client rows for a streaming subscription: nothing of it reaches a panel.
    expect(await shop.db.select().from(nodeClients).where(eq(nodeClients.subscriptionId, id))).toHaveLength(0);
  });
});
