// `npm run seed:scale` at a tiny scale on a real PostgreSQL database: it refuses without a database or
// an ENCRYPTION_KEY and refuses one with tables (unless --force), writes the row counts its scale asks
// for, and writes the servable id/token pairs to SEED_PAIRS_FILE only (0600), never to its output.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scaleCounts } from "../../scripts/seed-scale-data";
import { describeOnPostgres } from "../helpers/requirements";

const ROOT = path.resolve(__dirname, "../..");
const SCALE = 0.001;
const KEY = randomBytes(32).toString("base64");

async function seed(env: Record<string, string | undefined>, args: string[] = []): Promise<{ code: number; out: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !["SEED_DATABASE_URL", "ENCRYPTION_KEY", "SEED_PAIRS_FILE"].includes(k)));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/seed-scale.ts", ...args], { cwd: ROOT, env: { ...clean, ...env } as NodeJS.ProcessEnv, timeout: 120_000 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

it("refuses to run without SEED_DATABASE_URL", async () => {
  const r = await seed({});
  expect(r.code).toBe(2);
  expect(r.out).toContain("set SEED_DATABASE_URL");
}, 60_000);

it("refuses to run without the app's ENCRYPTION_KEY", async () => {
  const r = await seed({ SEED_DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
  expect(r.code).toBe(2);
  expect(r.out).toContain("set ENCRYPTION_KEY");
}, 60_000);

describeOnPostgres("seed:scale on PostgreSQL", () => {
  const name = `rb_seed_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  let url = "";
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const counts = async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const tables = ["users", "subscriptions", "node_clients", "order_items", "orders", "payments", "subscription_access_logs", "traffic_daily", "subscription_risk_events", "audit_logs", "tasks", "nodes"];
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = Number((await c.query(`select count(*)::int as n from ${t}`)).rows[0].n);
      out.paid = Number((await c.query("select count(*)::int as n from orders where status in ('PAID', 'REFUNDED')")).rows[0].n);
      out.brokenOrders = Number((await c.query("select count(*)::int as n from orders o left join users u on u.id = o.user_id where u.id is null")).rows[0].n);
      out.brokenLogs = Number((await c.query("select count(*)::int as n from subscription_access_logs l left join subscriptions s on s.id = l.subscription_id where s.id is null")).rows[0].n);
      return out;
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)));

  it("fills an empty database with the counts of its scale, every child row naming a real parent", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "rb-seed-pairs-"));
    const pairsFile = path.join(dir, "pairs.json");
    const r = await seed({ SEED_DATABASE_URL: url, SCALE: String(SCALE), ENCRYPTION_KEY: KEY, SEED_PAIRS_FILE: pairsFile });
    expect(r.code, r.out).toBe(0);
    const want = scaleCounts(SCALE);
    const got = await counts();
    const { pairs } = JSON.parse(readFileSync(pairsFile, "utf8")) as { pairs: { id: string; token: string }[] };
    expect(statSync(pairsFile).mode & 0o777).toBe(0o600);
    rmSync(dir, { recursive: true, force: true });
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) expect(r.out).not.toContain(p.token);
    expect(r.out).toContain(`"servable":${pairs.length}`);
    expect(got).toMatchObject({
      users: want.users,
      subscriptions: want.users,
      // one client per plan inbound (two per node), and the order that bought each subscription
      node_clients: want.users * 2,
      order_items: want.users,
      orders: want.orders + want.users,
      subscription_access_logs: want.accessLogs,
      subscription_risk_events: want.riskEvents,
      audit_logs: want.auditLogs,
      tasks: want.tasks,
      nodes: want.nodes,
      brokenOrders: 0,
      brokenLogs: 0,
    });
    expect(got.payments).toBe(got.paid);
    expect(got.paid).toBe(Math.round(want.orders * 0.72) + want.users);
    // 40 % of subscriptions move bytes on one day in three, over 90 days.
    expect(got.traffic_daily).toBe(Math.round(want.users * 0.4 * 30));
  }, 120_000);

  it("refuses the now non-empty database, and --force starts it over", async () => {
    const refused = await seed({ SEED_DATABASE_URL: url, SCALE: String(SCALE), ENCRYPTION_KEY: KEY });
    expect(refused.code).toBe(2);
    expect(refused.out).toContain("not empty");
    expect((await counts()).users).toBe(scaleCounts(SCALE).users);

    const forced = await seed({ SEED_DATABASE_URL: url, SCALE: "0.0005", ENCRYPTION_KEY: KEY }, ["--force"]);
    expect(forced.code, forced.out).toBe(0);
    const small = scaleCounts(0.0005);
    expect((await counts()).orders).toBe(small.orders + small.users);
  }, 120_000);
});
