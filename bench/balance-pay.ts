// The `balance-pay` bench scenario (run by bench/run.mjs with BENCH_ONLY=balance-pay, or alone with
// DATABASE_URL set): paying orders from ONE balance under contention, service-level, on PostgreSQL.
// 32 concurrent `createOrderPayment({ provider: "balance" })` calls (the verb behind POST
// /api/payment/create) pay 32 separate orders of one user through a pg pool of 32 connections, round
// after round; each payment is the whole transaction (order lock, settleOrder door, provisioning of a
// subscription and its panel clients, the ledger debit, audit). Against it, on the same pool:
//   - `balance-pay-spread`: the same payments by 32 users, one balance each (no shared row), which
//     shows what the one balance's row lock costs;
//   - `ledger-bare`: the ceiling, 32 concurrent transactions doing only the bare conditional
//     UPDATE of the one balance plus the ledger INSERT (what every payment must serialise on).
// Then an over-subscribed round (a balance for 16 of 32 payments: exactly 16 may succeed) and the
// wallet consistency check. Needs an empty PostgreSQL database (it migrates it and leaves rows).
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import pg from "pg";
import { makeCtx, type Ctx } from "../src/server/context";
import { drizzleFor } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { inbounds, orderItems, orders, type Order } from "../src/server/db/schema";
import { adminCreateUser } from "../src/server/services/accounts";
import { createPlan, type PlanInputRaw } from "../src/server/services/catalog";
import { createNode } from "../src/server/services/nodes";
import { buyNow } from "../src/server/services/orders";
import { createOrderPayment } from "../src/server/services/payments";
import { balanceOf, checkWallets, moveBalance } from "../src/server/services/wallet";
import { startXuiSimulator } from "../simulators/xui";

const CONNECTIONS = Number(process.env.BENCH_BALANCE_CONNECTIONS || 32);
const ROUNDS = Number(process.env.BENCH_BALANCE_ROUNDS || 10);
const PRICE = 1000;
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("balance-pay: set BENCH_DATABASE_URL to an empty PostgreSQL database");
  process.exit(2);
}
if (process.env.EDITION !== "wallet") {
  console.error("balance-pay: run with EDITION=wallet (bench/run.mjs sets it)");
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
const raw = { kind: "pg" as const, pool };
await runMigrations(raw);
const db = drizzleFor(raw);
const cli = makeCtx(db, { kind: "cli" });

// A node on a 3x-ui simulator and a plan on two of its inbounds, as the shop tests make them.
const placeholder = (protocol: string) => ({ id: randomUUID(), email: `keep-${protocol}`, enable: true, totalGB: 0, expiryTime: 0, limitIp: 0, tgId: "", subId: "" });
const sim = await startXuiSimulator({
  username: "admin",
  password: "bench-pass",
  inbounds: [
    { id: 1, protocol: "vmess", port: 21001, clients: [placeholder("vmess")] },
    { id: 2, protocol: "vless", port: 21002, network: "ws", wsPath: "/vl", clients: [placeholder("vless")] },
  ],
});
const stamp = Date.now().toString(36);
const adminUser = await adminCreateUser(cli, { email: `bench-admin-${stamp}@example.com`, password: "correct-horse-9", role: "ADMIN" });
const admin = makeCtx(db, { kind: "admin", userId: adminUser.id, email: adminUser.email, role: "ADMIN" });
const node = await createNode(admin, { name: `bench-${stamp}`, panelUrl: sim.url, panelUsername: "admin", panelPassword: "bench-pass" });
const bound = await db.select().from(inbounds).where(eq(inbounds.nodeId, node.node.id));
const plan = await createPlan(admin, { kind: "PROXY", name: `bench-plan-${stamp}`, nodeId: node.node.id, inboundIds: bound.map((i) => i.id), pricingMode: "FIXED", priceMinor: PRICE, trafficGb: 10, durationDays: 30 } as PlanInputRaw);

async function buyer(i: number): Promise<Ctx> {
  const u = await adminCreateUser(cli, { email: `bench-buyer-${stamp}-${i}@example.com`, password: "correct-horse-9", role: "USER" });
  return makeCtx(db, { kind: "user", userId: u.id, email: u.email, role: "USER" });
}
/** `n` pending orders of one buyer: one placed by the verb, the rest copies of it (the verb allows five pending at once). */
async function pendingOrders(ctx: Ctx, n: number): Promise<Order[]> {
  const first = await buyNow(ctx, { planId: plan.id });
  const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, first.id));
  const out = [first];
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  await db.update(orders).set({ expiresAt }).where(eq(orders.id, first.id));
  for (let i = 1; i < n; i++) {
    const { id: _id, ...rest } = first;
    const [copy] = await db.insert(orders).values({ ...rest, orderNo: `${first.orderNo}-${i}`, expiresAt }).returning();
    const { id: _itemId, ...line } = item!;
    await db.insert(orderItems).values({ ...line, orderId: copy!.id });
    out.push(copy!);
  }
  return out;
}
const fund = (userId: string, amountMinor: number) => db.transaction((tx) => moveBalance(tx, { userId, kind: "ADMIN_CREDIT", amountMinor, now: new Date() }));
const opts = { baseUrl: "http://127.0.0.1:9", clientIp: "127.0.0.1" };

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const results: Record<string, unknown>[] = [];
function report(name: string, ms: number[], wallMs: number, errors: number, extra: Record<string, unknown> = {}) {
  ms.sort((a, b) => a - b);
  const r = { scenario: name, ops: ms.length, perSecond: Math.round((ms.length / wallMs) * 1000 * 10) / 10, p50: +pct(ms, 50).toFixed(1), p95: +pct(ms, 95).toFixed(1), p99: +pct(ms, 99).toFixed(1), max: +ms.at(-1)!.toFixed(1), errors, ...extra };
  results.push(r);
  console.log(`  ${name.padEnd(20)} ${String(r.perSecond).padStart(7)} /s  p50 ${String(r.p50).padStart(7)} ms  p95 ${String(r.p95).padStart(7)} ms  p99 ${String(r.p99).padStart(7)} ms  max ${String(r.max).padStart(7)} ms  errors ${errors}`);
  return r;
}

/** ROUNDS rounds of CONNECTIONS payments at once; `who(i)` is the payer of the i-th payment of a round. */
async function payRounds(name: string, payers: Ctx[], ordersOf: Map<string, Order[]>) {
  const ms: number[] = [];
  let errors = 0;
  let wall = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const batch = Array.from({ length: CONNECTIONS }, (_, i) => {
      const ctx = payers[i % payers.length]!;
      return { ctx, order: ordersOf.get(ctx.actor.userId!)!.pop()! };
    });
    const t0 = performance.now();
    const times = await Promise.all(
      batch.map(async ({ ctx, order }) => {
        const s = performance.now();
        try {
          await createOrderPayment(ctx, { orderId: order.id, provider: "balance" }, opts);
        } catch (err) {
          errors++;
          console.error(`  ${name}: ${(err as { reason?: string }).reason ?? String(err)}`);
        }
        return performance.now() - s;
      }),
    );
    if (round === 0) continue; // warm-up round
    wall += performance.now() - t0;
    ms.push(...times);
  }
  return report(name, ms, wall, errors);
}

console.log(`balance-pay: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${CONNECTIONS} payments (+1 warm-up round), price ${PRICE}`);
const perRound = CONNECTIONS;
const total = (ROUNDS + 1) * perRound;

// One balance, 32 payments at once.
const one = await buyer(0);
const oneOrders = await pendingOrders(one, total + CONNECTIONS);
await fund(one.actor.userId!, total * PRICE);
const single = await payRounds("balance-pay", [one], new Map([[one.actor.userId!, oneOrders.slice(0, total)]]));
const leftOne = await balanceOf(db, one.actor.userId!);

// The same payments spread over 32 balances.
const spreadPayers = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => buyer(i + 1)));
const spreadOrders = new Map<string, Order[]>();
for (const p of spreadPayers) {
  spreadOrders.set(p.actor.userId!, await pendingOrders(p, ROUNDS + 1));
  await fund(p.actor.userId!, (ROUNDS + 1) * PRICE);
}
const spread = await payRounds("balance-pay-spread", spreadPayers, spreadOrders);

// The ceiling: the bare conditional UPDATE of one balance plus the ledger INSERT, on the same pool.
const bareUser = (await buyer(999)).actor.userId!;
await fund(bareUser, total * PRICE);
{
  const ms: number[] = [];
  let wall = 0;
  let errors = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const t0 = performance.now();
    const times = await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        const s = performance.now();
        const c = await pool.connect();
        try {
          await c.query("begin");
          const { rows } = await c.query("update wallet_accounts set balance_minor = balance_minor - $1, updated_at = now() where user_id = $2 and balance_minor >= $1 returning balance_minor", [PRICE, bareUser]);
          if (!rows[0]) throw new Error("insufficient");
          await c.query("insert into wallet_transactions (user_id, kind, amount_minor, balance_after_minor, reference_type, reference_id, idempotency_key) values ($1, 'ORDER_PAYMENT', $2, $3, 'order', $4, $5)", [bareUser, -PRICE, rows[0].balance_minor, randomUUID(), `bench:${randomUUID()}`]);
          await c.query("commit");
        } catch (err) {
          errors++;
          await c.query("rollback");
          console.error(`  ledger-bare: ${String(err)}`);
        } finally {
          c.release();
        }
        return performance.now() - s;
      }),
    );
    if (round === 0) continue;
    wall += performance.now() - t0;
    ms.push(...times);
  }
  report("ledger-bare", ms, wall, errors);
}

// Over-subscribed: a balance for half of one round; exactly that many may succeed.
const leftOrders = oneOrders.slice(total);
await fund(one.actor.userId!, (CONNECTIONS / 2) * PRICE - leftOne);
const outcomes = await Promise.allSettled(leftOrders.map((o) => createOrderPayment(one, { orderId: o.id, provider: "balance" }, opts)));
const ok = outcomes.filter((o) => o.status === "fulfilled").length;
const refused = outcomes.filter((o) => o.status === "rejected" && (o.reason as { reason?: string }).reason === "insufficient_balance").length;
const finalBalance = await balanceOf(db, one.actor.userId!);
const check = await checkWallets(db);
console.log(`  over-subscribed: ${ok} paid, ${refused} insufficient_balance of ${CONNECTIONS} (balance for ${CONNECTIONS / 2}); balance left ${finalBalance}; wallet check ${check.ok ? "ok" : "FAILED"}`);
const ceiling = results.find((r) => r.scenario === "ledger-bare") as { perSecond: number };
console.log(`  balance-pay is ${Math.round(((single.perSecond as number) / ceiling.perSecond) * 100)} % of the ledger-bare ceiling; the spread payments ${Math.round(((spread.perSecond as number) / ceiling.perSecond) * 100)} %`);
console.log(JSON.stringify({ bench: "relayboard-balance-pay", connections: CONNECTIONS, rounds: ROUNDS, results, overSubscribed: { paid: ok, refused, expected: CONNECTIONS / 2, balanceLeft: finalBalance }, walletCheckOk: check.ok }));
await sim.close();
await pool.end();
const good = ok === CONNECTIONS / 2 && refused === CONNECTIONS / 2 && finalBalance === 0 && check.ok && results.every((r) => r.errors === 0);
process.exit(good ? 0 : 1);
