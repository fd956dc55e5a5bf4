// The ceiling for the `node-access` scenarios: a bare node:http server doing the same database work
// per batch as POST /api/agent/node-access with nothing crossing a threshold: the token lookup by
// keyed hash, the node's last-report touch, the client lookup by lower(email) = any($1), one unnest
// insert into subscription_access_logs, and the risk_geo_marks upsert (skipped for marks written in
// the last 5 minutes, as the service does) with the window count when a mark is fresh. The SQL is
// the service's, written out. No Next, zod, rate limiter, settings read, risk events or wrappers;
// events are checked only as far as the SQL needs. What the hardware allows. Not product code.
import { createServer, type IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { getRawClient, rawQuery } from "../src/server/db/client";
import { keyedHashCandidates } from "../src/server/crypto/secrets";
import { lookupPlace, type Place } from "../src/server/integrations/geoip/lookup";

const PORT = Number(process.argv[2] ?? 3251);
const HOUR = 3_600_000;
const WINDOW_MS = 24 * HOUR; // riskWindowHours' default
const REFRESH_MS = 5 * 60_000;

const TOKEN_SQL = "select id from nodes where agent_token_hash = any($1::text[]) limit 1";
const TOUCH_SQL = "update nodes set last_agent_report_at = $1 where id = $2 returning id";
const CLIENTS_SQL = `select lower(nc.email) as email, nc.node_id, nc.subscription_id, s.user_id
  from node_clients nc join subscriptions s on s.id = nc.subscription_id
  where lower(nc.email) = any($1::text[])`;
const INSERT_SQL = `insert into subscription_access_logs (subscription_id, user_id, node_id, source, outcome, ip, user_agent, format, country, region, city,
    inbound_tag, network, action, target_host, target_port, connection_count, unique_target_count, created_at)
  select sub, usr, $1::uuid, 'NODE', 'OK', ip, '', '', country, region, city, inbound, network, action, host, port, conns, targets, at
  from unnest($2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $13::int[], $14::int[], $15::timestamptz[])
    as x(sub, usr, ip, country, region, city, inbound, network, action, host, port, conns, targets, at)`;
const MARKS_SQL = `insert into risk_geo_marks (scope_key, kind, place, first_seen_at, last_seen_at)
  select s, k, p, $1::timestamptz, $1::timestamptz from unnest($2::text[], $3::text[], $4::text[]) as u(s, k, p)
  on conflict (scope_key, kind, place) do update set
    first_seen_at = case when risk_geo_marks.last_seen_at < $5::timestamptz then excluded.first_seen_at else risk_geo_marks.first_seen_at end,
    acknowledged = risk_geo_marks.acknowledged and risk_geo_marks.last_seen_at >= $5::timestamptz,
    last_seen_at = greatest(risk_geo_marks.last_seen_at, excluded.last_seen_at)
  returning scope_key, kind, (first_seen_at = $1::timestamptz and not acknowledged) as fresh`;
const COUNT_SQL = `select scope_key, kind, count(*)::int as n, (array_agg(place order by last_seen_at desc))[1:20] as places
  from risk_geo_marks where scope_key = any($1::text[]) and last_seen_at >= $2::timestamptz group by scope_key, kind`;

interface Event {
  clientEmail: string;
  sourceIp: string;
  inboundTag?: string;
  network?: string;
  action?: string;
  targetHost?: string;
  targetPort?: number;
  connectionCount?: number;
  uniqueTargetCount?: number;
  lastSeenAt?: string;
}
type Row = { e: Event; sub: string; usr: string; place: Place | null; at: string };

const raw = getRawClient();
const memory = new Map<string, number>();

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function ingest(authorization: string, body: string): Promise<{ status: number; json: unknown }> {
  const token = /^Bearer +(\S+)$/i.exec(authorization)?.[1] ?? "";
  const [node] = (await rawQuery(raw, TOKEN_SQL, [keyedHashCandidates(token, "agent-token")])) as { id: string }[];
  if (!node) return { status: 401, json: { ok: false } };
  const events = (JSON.parse(body) as { events: Event[] }).events;
  const now = new Date();
  await rawQuery(raw, TOUCH_SQL, [now, node.id]);
  const valid = events.filter((e) => typeof e.clientEmail === "string" && e.clientEmail && typeof e.sourceIp === "string" && isIP(e.sourceIp));
  const found = (await rawQuery(raw, CLIENTS_SQL, [[...new Set(valid.map((e) => e.clientEmail.toLowerCase()))]])) as { email: string; node_id: string; subscription_id: string; user_id: string }[];
  const byEmail = new Map(found.map((r) => [r.email, r]));
  const rows: Row[] = [];
  for (const e of valid) {
    const c = byEmail.get(e.clientEmail.toLowerCase());
    if (!c || c.node_id !== node.id) continue;
    const t = e.lastSeenAt ? Date.parse(e.lastSeenAt) : NaN;
    const at = Number.isFinite(t) && t <= now.getTime() && t >= now.getTime() - 24 * HOUR ? new Date(t) : now;
    rows.push({ e, sub: c.subscription_id, usr: c.user_id, place: lookupPlace(e.sourceIp), at: at.toISOString() });
  }
  if (rows.length) {
    const col = <T>(f: (r: Row) => T) => rows.map(f);
    await rawQuery(raw, INSERT_SQL, [
      node.id, col((r) => r.sub), col((r) => r.usr), col((r) => r.e.sourceIp), col((r) => r.place?.country ?? ""), col((r) => r.place?.region ?? ""), col((r) => r.place?.city ?? ""),
      col((r) => r.e.inboundTag ?? ""), col((r) => r.e.network ?? ""), col((r) => r.e.action ?? ""), col((r) => r.e.targetHost ?? ""), col((r) => r.e.targetPort ?? null),
      col((r) => r.e.connectionCount ?? 1), col((r) => r.e.uniqueTargetCount ?? 0), col((r) => r.at),
    ]);
    await writeMarks(rows, now);
  }
  return { status: 200, json: { ok: true, processed: rows.length, skipped: events.length - rows.length, warnings: 0, suspended: 0 } };
}

async function writeMarks(rows: Row[], now: Date): Promise<void> {
  const t = now.getTime();
  const due = new Map<string, [string, string, string]>();
  for (const r of rows) {
    const p = r.place;
    if (!p) continue;
    const scope = `sub:${r.sub}`;
    const marks: [string, string][] = [["COUNTRY", p.country]];
    if (p.region) marks.push(["REGION", `${p.country}/${p.region}`]);
    if (p.city) marks.push(["CITY", `${p.country}/${p.region}/${p.city}`]);
    for (const [kind, place] of marks) {
      const key = `${scope}|${kind}|${place}`;
      const last = memory.get(key);
      if (last === undefined || t - last >= REFRESH_MS) due.set(key, [scope, kind, place]);
    }
  }
  if (!due.size) return;
  const list = [...due.values()];
  const windowStart = new Date(t - WINDOW_MS);
  const res = (await rawQuery(raw, MARKS_SQL, [now, list.map((m) => m[0]), list.map((m) => m[1]), list.map((m) => m[2]), windowStart])) as { scope_key: string; fresh: boolean }[];
  for (const key of due.keys()) memory.set(key, t);
  const fresh = [...new Set(res.filter((r) => r.fresh).map((r) => r.scope_key))];
  if (fresh.length) await rawQuery(raw, COUNT_SQL, [fresh, windowStart]);
}

const server = createServer((req, res) => {
  readBody(req)
    .then((body) => ingest(req.headers.authorization ?? "", body))
    .then(
      ({ status, json }) => {
        const out = Buffer.from(JSON.stringify(json));
        res.writeHead(status, { "content-type": "application/json", "content-length": out.length });
        res.end(out);
      },
      (err) => {
        console.error(err);
        res.writeHead(500);
        res.end();
      },
    );
});
server.listen(PORT, "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
