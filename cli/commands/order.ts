// `order list|confirm` and `payment reconcile`: thin wrappers over the orders and payments verbs.
import { formatMinor } from "../../src/server/services/catalog/money";
import { table } from "../format";
import type { Command } from "../registry";

const orders = () => import("../../src/server/services/orders");
const payments = () => import("../../src/server/services/payments");

const orderList: Command = {
  path: ["order", "list"],
  summary: "List orders, newest first",
  json: true,
  description: "JSON shape: { rows: [{ id, orderNo, email, status, reviewStatus, totalMinor, currency, provider, createdAt, ... }], total, page, pageSize }",
  options: {
    status: { type: "string", valueName: "status", description: "PENDING, PAID, CANCELLED, EXPIRED or REFUNDED" },
    review: { type: "string", valueName: "flag", description: "NORMAL, FLAGGED or RESOLVED" },
    q: { type: "string", valueName: "text", description: "order number or user email contains" },
    page: { type: "string", valueName: "n", description: "page number (default 1, 50 per page)" },
  },
  async run(c, { options: o }) {
    const { listOrdersAdmin } = await orders();
    const r = await listOrdersAdmin(await c.ctx(), { status: o.status, review: o.review, q: o.q, page: o.page ?? 1, pageSize: 50 });
    if (o.json) return c.json(r);
    if (!r.rows.length) return c.out("No orders.");
    const rows = r.rows.map((x) => [x.orderNo, x.email, x.status, x.reviewStatus === "NORMAL" ? "" : x.reviewStatus, `${formatMinor(x.totalMinor)} ${x.currency}`, x.provider ?? "-", x.createdAt.toISOString(), x.id]);
    for (const line of table(["ORDER", "USER", "STATUS", "REVIEW", "TOTAL", "PROVIDER", "CREATED", "ID"], rows)) c.out(line);
    // A capped total (listOrdersAdmin counts up to a cap) is a lower bound: "of at least", "more than".
    const pages = Math.max(1, Math.ceil(r.total / r.pageSize));
    c.out(r.totalCapped ? `page ${r.page} of at least ${pages} (more than ${r.total} orders)` : `page ${r.page} of ${pages} (${r.total} orders)`);
  },
};

const orderConfirm: Command = {
  path: ["order", "confirm"],
  summary: "Mark an order paid by hand and provision it (also a cancelled/expired one that a late payment came in for)",
  json: true,
  positionals: [{ name: "id", description: "order id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { confirmOrder } = await orders();
    const order = await confirmOrder(await c.ctx(), String(p.id));
    if (o.json) return c.json({ order });
    c.out(`order ${order.orderNo} confirmed: paid, provisioning queued`);
  },
};

const paymentReconcile: Command = {
  path: ["payment", "reconcile"],
  summary: "Ask the payment providers about unpaid and recently closed payments and record what they report",
  json: true,
  description: "JSON shape: { checked, recorded, failed: [{ tradeNo, reason }], usdt: { seen, settled, late, unmatched } }",
  async run(c, { options: o }) {
    const { reconcilePayments } = await payments();
    const r = await reconcilePayments(await c.ctx());
    if (o.json) c.json(r);
    else {
      c.out(`${r.checked} payments checked, ${r.recorded} recorded; USDT: ${r.usdt.seen} transfers seen, ${r.usdt.settled} settled, ${r.usdt.late} late, ${r.usdt.unmatched} unmatched`);
      for (const f of r.failed) c.err(`${f.tradeNo}: ${f.reason}`);
    }
    return r.failed.length ? 1 : 0;
  },
};

export const orderCommands: Command[] = [orderList, orderConfirm, paymentReconcile];
