// Bench fixture for the `node-access` scenarios (run by bench/run.mjs with the server's environment,
// before the server starts, like seed-subscriptions.ts): N nodes, each with an agent token and one
// vless inbound, and per node M users with one active subscription and one panel client each,
// written through the app's own schema, token and credential code in bulk inserts. Risk switches on,
// auto-suspend off. Also picks a pool of public addresses the GeoIP database places in several
// countries. Prints one JSON line: { ips: [[ip, country, region]], nodes: [{ token, tag, clients:
// [[email, homeIp, altIp]] }] } (ip indexes into ips). Not part of the product.
import { sql } from "drizzle-orm";
import { closeDb, installDb, openRawClient } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { appConfig, inbounds, nodeClients, nodes, plans, subscriptions, users } from "../src/server/db/schema";
import { encryptSecret } from "../src/server/crypto/secrets";
import { env } from "../src/server/env";
import { lookupPlace } from "../src/server/integrations/geoip/lookup";
import { clientEmailFor, newCredential } from "../src/server/services/provisioning/credentials";
import { newDownloadToken } from "../src/server/services/provisioning/provision-order";
import { newAgentToken } from "../src/server/services/telemetry/agent-token";

const COUNT = Number(process.argv[2] ?? 10_000);
const NODE_COUNT = Number(process.argv[3] ?? 50);
const POOL_SIZE = 300;
const DAY = 86_400_000;

// /16 blocks the bundled GeoLite2 database places in one country each (most with region and city):
// residential and mobile ranges of the countries a proxy service typically sees.
const BLOCKS = ["36.110", "223.104", "183.62", "117.136", "73.162", "3.16", "133.32", "84.130", "86.10", "95.24", "189.6", "177.10", "1.224", "62.210", "41.0"];

/** A fixed-seed generator, so every run draws the same pool and the same homes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addressPool(rand: () => number): [string, string, string][] {
  const pool: [string, string, string][] = [];
  const seen = new Set<string>();
  while (pool.length < POOL_SIZE) {
    const ip = `${BLOCKS[pool.length % BLOCKS.length]}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`;
    const place = seen.has(ip) ? null : lookupPlace(ip);
    seen.add(ip);
    if (place) pool.push([ip, place.country, place.region]);
  }
  return pool;
}

async function main() {
  const e = env();
  const raw = openRawClient({ databaseUrl: e.DATABASE_URL, dataDir: e.dataDir });
  const db = installDb(raw);
  await runMigrations(raw);
  // The scenario measures ingest with both risk checks on (the defaults, written explicitly).
  await db
    .insert(appConfig)
    .values([
      { key: "riskEnabled", value: true },
      { key: "nodeLogRiskEnabled", value: true },
      { key: "riskAutoSuspend", value: false },
    ])
    .onConflictDoUpdate({ target: appConfig.key, set: { value: sql`excluded.value` } });

  const rand = prng(20_260_617);
  const ips = addressPool(rand);
  // An occasional second address in the same country and region (a phone on the same carrier).
  const sameArea = new Map<string, number[]>();
  ips.forEach(([, c, r], i) => sameArea.set(`${c}/${r}`, [...(sameArea.get(`${c}/${r}`) ?? []), i]));

  const tokens = Array.from({ length: NODE_COUNT }, () => newAgentToken());
  const ns = await db
    .insert(nodes)
    .values(tokens.map((t, i) => ({ name: `bench-na-node-${i}`, panelUrl: "http://127.0.0.1:9/", panelUsername: "bench", panelPasswordEnc: encryptSecret("bench"), agentTokenEnc: encryptSecret(t.token), agentTokenHash: t.hash, agentTokenCreatedAt: new Date(), visibility: "VISIBLE" as const })))
    .returning({ id: nodes.id });
  const settings = { encryption: "none" };
  const ibs = await db
    .insert(inbounds)
    .values(ns.map((n) => ({ nodeId: n.id, panelInboundId: 1, tag: "inbound-443", remark: "vless-443", protocol: "vless", port: 443, settings, streamSettings: { network: "tcp", security: "reality" } })))
    .returning({ id: inbounds.id, nodeId: inbounds.nodeId, tag: inbounds.tag });
  const ps = await db
    .insert(plans)
    .values(ns.map((n, i) => ({ kind: "PROXY" as const, name: `Bench access plan ${i}`, nodeId: n.id, priceMinor: 1000, trafficGb: 100, durationDays: 30 })))
    .returning({ id: plans.id });

  const out = ns.map((n, i) => ({ token: tokens[i]!.token, tag: ibs[i]!.tag, clients: [] as [string, number, number][] }));
  const now = Date.now();
  for (let i = 0; i < COUNT; i += 500) {
    const size = Math.min(500, COUNT - i);
    const us = await db
      .insert(users)
      .values(Array.from({ length: size }, (_, j) => ({ email: `bench-na-${i + j}@example.com`, passwordHash: "x" })))
      .returning({ id: users.id, email: users.email });
    const nodeOf = (j: number) => (i + j) % NODE_COUNT; // clients spread evenly over the nodes
    const subs = await db
      .insert(subscriptions)
      .values(
        us.map((u, j) => {
          const download = newDownloadToken();
          return { userId: u.id, planId: ps[nodeOf(j)]!.id, kind: "PROXY" as const, nodeId: ns[nodeOf(j)]!.id, startsAt: new Date(now), expiresAt: new Date(now + 30 * DAY), trafficLimitBytes: 100 * 1024 ** 3, downloadTokenHash: download.hash, downloadTokenEnc: download.enc };
        }),
      )
      .returning({ id: subscriptions.id });
    const emails = us.map((u) => clientEmailFor(u.email));
    await db.insert(nodeClients).values(
      subs.map((s, j) => ({ subscriptionId: s.id, nodeId: ns[nodeOf(j)]!.id, inboundId: ibs[nodeOf(j)]!.id, email: emails[j]!, protocol: "vless", credentialEnc: encryptSecret(newCredential("vless", settings)), panelState: "SYNCED" as const, totalBytes: 100 * 1024 ** 3, expiryMs: now + 30 * DAY })),
    );
    emails.forEach((email, j) => {
      const home = Math.floor(rand() * ips.length);
      const area = sameArea.get(`${ips[home]![1]}/${ips[home]![2]}`)!;
      out[nodeOf(j)]!.clients.push([email, home, area[Math.floor(rand() * area.length)]!]);
    });
  }
  // Planner statistics for the fresh rows, as autovacuum would gather them on a live database (it
  // may be off on a test server): without them the client lookup plans a sequential scan.
  await db.execute(sql`analyze`);
  process.stdout.write(`${JSON.stringify({ ips, nodes: out })}\n`);
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
