// `order list`, `order confirm` and `payment reconcile` through the CLI's own parser and runner.
import { describe, expect, it } from "vitest";
import { buyNow } from "../../src/server/services/orders";
import { buyer, drainTasks, openShop, proxyPlan } from "../commerce/fixtures";
import { cli, json } from "./helpers";

const shop = openShop();

describe("order and payment commands", () => {
  it("lists orders (filtered by status), confirms one by hand, and reconciles with nothing configured", async () => {
    const plan = await proxyPlan(shop);
    const u = await buyer(shop);
    const order = await buyNow(u.ctx, { planId: plan.id });

    const listed = json<{ rows: { id: string; status: string; email: string }[] }>(await cli(shop.db, "order", "list", "--status", "PENDING", "--json"));
    expect(listed.rows.find((r) => r.id === order.id)).toMatchObject({ status: "PENDING", email: u.email });
    const text = await cli(shop.db, "order", "list", "--q", order.orderNo);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(order.orderNo);
    expect(text.stdout).toContain("10.00 CNY");

    const confirmed = await cli(shop.db, "order", "confirm", order.id);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain(`order ${order.orderNo} confirmed`);
    await drainTasks(shop.db);
    expect(json<{ rows: { id: string }[] }>(await cli(shop.db, "order", "list", "--status", "PAID", "--json")).rows.map((r) => r.id)).toContain(order.id);

    const again = await cli(shop.db, "order", "confirm", order.id);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/no longer awaiting payment/i);

    const bad = await cli(shop.db, "order", "list", "--status", "NOPE");
    expect(bad.code).not.toBe(0);

    const rec = json<{ checked: number; recorded: number; failed: unknown[] }>(await cli(shop.db, "payment", "reconcile", "--json"));
    expect(rec).toMatchObject({ checked: 0, recorded: 0, failed: [] });
  });
});
