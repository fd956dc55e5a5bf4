// Bench fixture (run by bench/run.mjs with the server's environment, before the server starts, so it
// may open PGlite's data directory): a node with four inbounds, a proxy plan on them, and N users
// with one active subscription each, written through the app's own schema, token and credential
// code. Prints one JSON line: [{ id, token }, ...]. With BENCH_SUBSCRIPTION_PAIRS (a file written by
// `SEED_PAIRS_FILE=... npm run seed:scale`) it writes nothing but the limits below and prints the
// seeded database's pairs instead (bench/subscription-pairs.ts). Not part of the product.
import { closeDb, installDb, openRawClient } from "../src/server/db/client";
import { runMigrations } from "../src/server/db/migrate";
import { appConfig, inbounds, nodeClients, nodes, planInbounds, plans, subscriptions, users } from "../src/server/db/schema";
import { encryptSecret } from "../src/server/crypto/secrets";
import { env } from "../src/server/env";
import { clientEmailFor, newCredential } from "../src/server/services/provisioning/credentials";
import { newDownloadToken } from "../src/server/services/provisioning/provision-order";
import { pairsFromSeed } from "./subscription-pairs";

const COUNT = Number(process.argv[2] ?? 1000);
const DAY = 86_400_000;

const INBOUNDS = [
  { protocol: "vless", port: 20001, settings: { encryption: "none" }, streamSettings: { network: "ws", security: "tls", tlsSettings: { serverName: "bench.example.com", alpn: ["h2", "http/1.1"] }, wsSettings: { path: "/ws", host: "bench.example.com" } } },
  { protocol: "vmess", port: 20002, settings: {}, streamSettings: { network: "tcp", security: "none" } },
  { protocol: "trojan", port: 20003, settings: {}, streamSettings: { network: "grpc", security: "tls", tlsSettings: { serverName: "bench.example.com" }, grpcSettings: { serviceName: "svc" } } },
  { protocol: "shadowsocks", port: 20004, settings: { method: "2022-blake3-aes-128-gcm", password: "AAAAAAAAAAAAAAAAAAAAAA==", network: "tcp,udp" }, streamSettings: { network: "tcp", security: "none" } },
];

async function main() {
  const e = env();
  const raw = openRawClient({ databaseUrl: e.DATABASE_URL, dataDir: e.dataDir });
  const db = installDb(raw);
  await runMigrations(raw);
  // Limits high enough that a long run measures the endpoint, not 429s; the counters still run.
  await db
    .insert(appConfig)
    .values([
      { key: "subscriptionIpRateLimitPerHour", value: 100_000 },
      { key: "subscriptionRateLimitPerHour", value: 100_000 },
    ])
    .onConflictDoNothing();
  const pairsFile = process.env.BENCH_SUBSCRIPTION_PAIRS;
  if (pairsFile) {
    if (e.embedded) throw new Error("BENCH_SUBSCRIPTION_PAIRS needs BENCH_DATABASE_URL: the seed:scale database the pairs were written for");
    const pairs = await pairsFromSeed(db, pairsFile, process.env.BENCH_SUBSCRIPTIONS ? COUNT : undefined);
    process.stdout.write(`${JSON.stringify(pairs)}\n`);
    return closeDb();
  }
  const [node] = await db.insert(nodes).values({ name: "bench-sub-node", panelUrl: "http://127.0.0.1:9/", panelUsername: "bench", panelPasswordEnc: encryptSecret("bench"), publicHost: "bench.example.com", visibility: "VISIBLE" }).returning();
  const ibs = await db
    .insert(inbounds)
    .values(INBOUNDS.map((ib, i) => ({ nodeId: node!.id, panelInboundId: i + 1, tag: `in-${ib.port}`, remark: `${ib.protocol}-${ib.port}`, protocol: ib.protocol, port: ib.port, settings: ib.settings, streamSettings: ib.streamSettings })))
    .returning();
  const [plan] = await db.insert(plans).values({ kind: "PROXY", name: "Bench plan", nodeId: node!.id, priceMinor: 1000, trafficGb: 100, durationDays: 30 }).returning();
  await db.insert(planInbounds).values(ibs.map((ib) => ({ planId: plan!.id, inboundId: ib.id })));
  const out: { id: string; token: string }[] = [];
  const now = Date.now();
  for (let i = 0; i < COUNT; i += 250) {
    const n = Math.min(250, COUNT - i);
    const us = await db
      .insert(users)
      .values(Array.from({ length: n }, (_, j) => ({ email: `bench-sub-${i + j}@example.com`, passwordHash: "x" })))
      .returning({ id: users.id, email: users.email });
    const tokens = us.map(() => newDownloadToken());
    const subs = await db
      .insert(subscriptions)
      .values(us.map((u, j) => ({ userId: u.id, planId: plan!.id, kind: "PROXY" as const, nodeId: node!.id, startsAt: new Date(now), expiresAt: new Date(now + 30 * DAY), trafficLimitBytes: 100 * 1024 ** 3, downloadTokenHash: tokens[j]!.hash, downloadTokenEnc: tokens[j]!.enc })))
      .returning({ id: subscriptions.id, userId: subscriptions.userId });
    await db.insert(nodeClients).values(
      subs.flatMap((s, j) =>
        ibs.map((ib) => ({ subscriptionId: s.id, nodeId: node!.id, inboundId: ib.id, email: clientEmailFor(us[j]!.email), protocol: ib.protocol, credentialEnc: encryptSecret(newCredential(ib.protocol, ib.settings)), panelState: "SYNCED" as const, totalBytes: 100 * 1024 ** 3, expiryMs: now + 30 * DAY })),
      ),
    );
    subs.forEach((s, j) => out.push({ id: s.id, token: tokens[j]!.token }));
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
  await closeDb();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
