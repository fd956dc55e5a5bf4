// What the customer sees of a refund (issue 24 item 9): a refunded order's paying payment reads
// "refunded" in the owner's order detail, also while the gateway is still being asked and when the
// money went back by hand (the payment row itself stays PAID then, and the admin reads that). The
// owner's order list carries each order's kind.
import { describe, expect, it } from "vitest";
import { getOrderDetail, getOrderDetailAdmin, listMyOrders } from "../../src/server/services/orders";
import { refundOrder } from "../../src/server/services/refunds";
import { drainTasks, openShop } from "../commerce/fixtures";
import { gatewaysForFile, paidThrough } from "./fixtures";

const shop = openShop();
const gw = gatewaysForFile(shop);
const admin = () => shop.admin.ctx;

describe("a refunded order seen by its owner", () => {
  it("through the gateway: 'refunded' to the owner from the start; the admin sees the payment's own state until the gateway answers", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "epay");
    const before = await getOrderDetail(u.ctx, order.id);
    expect(before.payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("PAID");

    await refundOrder(admin(), order.id, { amount: 1050, destination: "gateway", endSubscription: false, note: "" });
    const mine = await getOrderDetail(u.ctx, order.id);
    expect(mine.order).toMatchObject({ status: "REFUNDED", refundAmountMinor: 1050 });
    expect(mine.order.refundedAt).toBeInstanceOf(Date);
    expect(mine.payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("REFUNDED");
    expect((await getOrderDetailAdmin(admin(), order.id)).payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("PAID");

    await drainTasks(shop.db);
    expect((await getOrderDetailAdmin(admin(), order.id)).payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("REFUNDED");
    expect((await getOrderDetail(u.ctx, order.id)).payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("REFUNDED");
  });

  it("paid back by hand: the owner reads 'refunded', the admin the payment's PAID and the refund's own record", async () => {
    const { u, order, payment } = await paidThrough(shop, gw, "alipay_f2f");
    await refundOrder(admin(), order.id, { amount: 500, destination: "manual", endSubscription: false, note: "bank transfer" });
    expect((await getOrderDetail(u.ctx, order.id)).payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("REFUNDED");
    const staff = await getOrderDetailAdmin(admin(), order.id);
    expect(staff.payments.find((p) => p.tradeNo === payment.tradeNo)?.status).toBe("PAID");
    expect(staff.buyer).toMatchObject({ id: u.id, email: u.email });
  });

  it("the owner's list says each order's kind", async () => {
    const { u, order } = await paidThrough(shop, gw, "epay");
    const { rows } = await listMyOrders(u.ctx);
    expect(rows.find((r) => r.id === order.id)?.kind).toBe("NEW_PURCHASE");
  });
});
