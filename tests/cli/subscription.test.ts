// `subscription grant|list|show|suspend|activate` through the CLI's own parser and runner.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { keyedHash } from "../../src/server/crypto/secrets";
import { subscriptions } from "../../src/server/db/schema";
import { updateSettings } from "../../src/server/services/settings";
import { DOWNLOAD_TOKEN_PURPOSE } from "../../src/server/services/provisioning/provision-order";
import { listSubscriptionsForOperator, showSubscriptionForOperator } from "../../src/server/services/subscriptions";
import { CONTENT_FORMATS } from "../../src/server/services/subscription-content/types";
import { anonCtx, cliCtx } from "../helpers/actors";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { domainErrorOf } from "../panel/helpers";
import { cli, json } from "./helpers";

const shop = openShop();

describe("subscription commands", () => {
  it("grants a plan, lists and shows it with its content URLs, suspends and activates it", async () => {
    await updateSettings(cliCtx(shop.db), { subscriptionUrl: "https://sub.example.com/" });
    const plan = await proxyPlan(shop, { stockTotal: 10 });
    const u = await buyer(shop);

    const granted = json<{ subscriptionId: string }>(await cli(shop.db, "subscription", "grant", u.email, "--plan", plan.id, "--days", "3", "--json"));
    const id = granted.subscriptionId;
    const [sub] = await shop.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(sub).toMatchObject({ userId: u.id, status: "ACTIVE" });
    expect(sub!.expiresAt.getTime() - sub!.startsAt.getTime()).toBe(3 * 86_400_000);
    await drainTasks(shop.db);

    const text = await cli(shop.db, "subscription", "grant", u.email, "--plan", plan.id);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^subscription [0-9a-f-]{36} granted to /);

    const listed = json<{ rows: { id: string; email: string; status: string; planName: string }[]; total: number }>(await cli(shop.db, "subscription", "list", "--email", u.email, "--json"));
    expect(listed.total).toBe(2);
    expect(listed.rows.find((r) => r.id === id)).toMatchObject({ email: u.email, status: "ACTIVE", planName: plan.name });
    const table = await cli(shop.db, "subscription", "list", "--email", u.email);
    expect(table.stdout).toContain(id);
    expect(table.stdout).toContain("0.00 GB / 10.00 GB");
    expect((await cli(shop.db, "subscription", "list", "--email", "nobody@example.com")).stdout).toContain("No subscriptions.");

    const shown = json<{ status: string; urls: Record<string, string>; clients: { panelState: string }[] }>(await cli(shop.db, "subscription", "show", id, "--json"));
    expect(shown.status).toBe("ACTIVE");
    expect(Object.keys(shown.urls).sort()).toEqual([...CONTENT_FORMATS].sort());
    expect(shown.clients.map((c) => c.panelState)).toEqual(["SYNCED", "SYNCED"]);
    for (const [format, url] of Object.entries(shown.urls)) {
      const u2 = new URL(url);
      expect(`${u2.origin}${u2.pathname}`).toBe(`https://sub.example.com/api/subscription/${id}`);
      // The token in the URL is the subscription's own download token.
      expect(keyedHash(u2.searchParams.get("token")!, DOWNLOAD_TOKEN_PURPOSE)).toBe(sub!.downloadTokenHash);
      expect(u2.searchParams.get("format")).toBe(format === "base64" ? null : format);
    }
    const human = await cli(shop.db, "subscription", "show", id);
    expect(human.stdout).toContain(`user      ${u.email}`);
    expect(human.stdout).toContain(shown.urls.clash!);

    expect(json<{ status: string }>(await cli(shop.db, "subscription", "suspend", id, "--json")).status).toBe("SUSPENDED");
    const again = await cli(shop.db, "subscription", "suspend", id);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/only an active subscription can be suspended/i);
    const activated = await cli(shop.db, "subscription", "activate", id);
    expect(activated.code).toBe(0);
    expect(activated.stdout).toContain(`subscription ${id} active`);

    const missingPlan = await cli(shop.db, "subscription", "grant", u.email);
    expect(missingPlan.code).toBe(2);
    const unknownUser = await cli(shop.db, "subscription", "grant", "nobody@example.com", "--plan", plan.id);
    expect(unknownUser.code).toBe(1);
    expect(unknownUser.stderr).toMatch(/user not found/i);
    expect((await cli(shop.db, "subscription", "show", "00000000-0000-4000-8000-000000000000")).code).toBe(1);
    expect((await cli(shop.db, "subscription", "--help")).stdout).toContain("subscription grant");
  });

  it("the detail with tokens answers the operator CLI only, not an admin's web session", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const id = json<{ subscriptionId: string }>(await cli(shop.db, "subscription", "grant", u.email, "--plan", plan.id, "--json")).subscriptionId;
    expect(await domainErrorOf(() => showSubscriptionForOperator(shop.admin.ctx, id))).toMatchObject({ code: "FORBIDDEN" });
    expect(await domainErrorOf(() => showSubscriptionForOperator(u.ctx, id))).toMatchObject({ code: "FORBIDDEN" });
    expect(await domainErrorOf(() => showSubscriptionForOperator(anonCtx(shop.db), id))).toMatchObject({ code: "UNAUTHENTICATED" });
    // The plain list (no tokens) is an admin read: admins yes, users and strangers no.
    expect((await listSubscriptionsForOperator(shop.admin.ctx, { email: u.email })).total).toBe(1);
    expect(await domainErrorOf(() => listSubscriptionsForOperator(u.ctx))).toMatchObject({ code: "FORBIDDEN", reason: "admin_required" });
    expect(await domainErrorOf(() => listSubscriptionsForOperator(anonCtx(shop.db)))).toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
