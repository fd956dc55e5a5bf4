// What the access log's foreign keys would cost (issue 25, ARCHITECTURE.md "The access log"): the
// service's 500-row insert, timed alone on a database the node-access bench has seeded, without the
// three keys (as migration 0019 left the table) and with them added back, in alternating blocks,
// each insert in a transaction rolled back so the table does not grow between blocks. The keys are
// dropped again at the end. Not product code.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/rb_bench node --import tsx bench/access-log-fk.ts [rounds]
import pg from "pg";

const ROUNDS = Number(process.argv[2] ?? 30);
const BATCH = 500;
const KEYS = [
  `subscription_access_logs_subscription_id_fk foreign key (subscription_id) references subscriptions(id) on delete cascade`,
  `subscription_access_logs_user_id_fk foreign key (user_id) references users(id) on delete cascade`,
  `subscription_access_logs_node_id_fk foreign key (node_id) references nodes(id) on delete set null`,
];
const INSERT = `insert into subscription_access_logs (subscription_id, user_id, node_id, source, outcome, ip, country, region, city,
    inbound_tag, network, action, target_host, target_port, connection_count, unique_target_count, created_at)
  select sub, usr, $1::uuid, 'NODE', 'OK', ip, 'JP', 'Tokyo', 'Tokyo', 'inbound-1', 'tcp', 'accepted', 'www.example.com', 443, 2, 1, now()
  from unnest($2::uuid[], $3::uuid[], $4::text[]) as x(sub, usr, ip)`;

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
// One node's clients, as one agent batch names them (events of the same client repeat).
const { rows } = await client.query<{ node_id: string; sub: string; usr: string }>(
  `select nc.node_id, nc.subscription_id as sub, s.user_id as usr from node_clients nc join subscriptions s on s.id = nc.subscription_id
   where nc.node_id = (select node_id from node_clients limit 1)`,
);
if (!rows.length) throw new Error("no node clients: run the node-access bench on this database first");
const pick = Array.from({ length: BATCH }, (_, i) => rows[i % rows.length]!);
const params = [rows[0]!.node_id, pick.map((r) => r.sub), pick.map((r) => r.usr), pick.map((_, i) => `203.0.113.${i % 250}`)];

async function block(): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    await client.query("begin");
    const t0 = performance.now();
    await client.query(INSERT, params);
    ms.push(performance.now() - t0);
    await client.query("rollback");
  }
  return ms;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const without: number[] = [];
const withKeys: number[] = [];
try {
  await block(); // warm-up
  for (let r = 0; r < 2; r++) {
    without.push(...(await block()));
    for (const k of KEYS) await client.query(`alter table subscription_access_logs add constraint ${k}`);
    withKeys.push(...(await block()));
    for (const k of KEYS) await client.query(`alter table subscription_access_logs drop constraint ${k.split(" ")[0]}`);
  }
} finally {
  for (const k of KEYS) await client.query(`alter table subscription_access_logs drop constraint if exists ${k.split(" ")[0]}`);
  await client.end();
}
console.log(JSON.stringify({ batch: BATCH, runs: without.length, withoutKeysMedianMs: +median(without).toFixed(2), withKeysMedianMs: +median(withKeys).toFixed(2) }));
