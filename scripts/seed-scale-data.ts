// The scale data set behind the `dashboards` bench and the subscription bench at scale (`npm run
// seed:scale`): at SCALE=1, 100,000 users with one subscription each on 200 nodes (their inbounds,
// plans, purchase orders and panel clients: scripts/seed-scale-subscriptions.ts), 1,000,000 further
// orders over a year (payments for the paid and refunded ones), 5,000,000 subscription access-log
// rows over 90 days, traffic_daily for 90 days, risk events, audit log and task rows. The bulk tables
// are filled by INSERT ... SELECT over generate_series in the database (batched for the big ones),
// so nothing crosses the wire row by row.
//
// Ids are derived from the row number (scripts/seed-scale-ids.ts) so a child row names its parent by
// arithmetic, without joins. Passwords are placeholders (nobody can sign in as these users); download
// tokens and panel credentials are real, made with the app's ENCRYPTION_KEY, so the subscription
// endpoint serves these subscriptions.
import { seedSubscriptions, userEmailSql, type SeedPair } from "./seed-scale-subscriptions";
import { nodeIdSql, nodeOfSql, orderIdSql, stepper, subIdSql, userIdSql, type SeedClient } from "./seed-scale-ids";
import { partitionName, utcDay } from "../src/server/services/logs/access-partitions";

const DAY = 86_400_000;

export interface ScaleCounts {
  users: number;
  orders: number;
  accessLogs: number;
  auditLogs: number;
  tasks: number;
  riskEvents: number;
  nodes: number;
}

export interface ScaleResult {
  counts: ScaleCounts;
  /** Every subscription the gate serves, with its raw token (for the bench's pairs file; never logged). */
  servable: SeedPair[];
}

/** Row counts at a scale factor (1 = the full set); never below a handful, so tiny scales still mean something. */
export function scaleCounts(scale: number): ScaleCounts {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return { users: n(100_000, 20), orders: n(1_000_000, 50), accessLogs: n(5_000_000, 100), auditLogs: n(500_000, 20), tasks: n(100_000, 10), riskEvents: n(2_000, 5), nodes: n(200, 5) };
}

const BATCH = 500_000;
/**
 * Fills an empty, migrated database. `log` gets one line per step. Runs with foreign-key triggers
 * off when the role may do so (session_replication_role = replica: the ids are consistent by
 * construction, and the checks would cost most of the access-log insert), on otherwise.
 */
export async function seedScale(client: SeedClient, opts: { scale: number; now?: Date; log?: (line: string) => void }): Promise<ScaleResult> {
  const c = scaleCounts(opts.scale);
  const now = (opts.now ?? new Date()).toISOString();
  const log = opts.log ?? (() => {});
  const step = stepper(client, log);
  await client.query("set session_replication_role = replica").catch(() => log("foreign-key checks stay on (not allowed to turn them off)"));
  const U = c.users;
  const N = c.nodes;

  // Users join evenly over the 400 days before yesterday, the newest last (the same instant as in
  // seed-scale-subscriptions' timeline); a few are admins, most are active, the unconfirmed ones
  // have no verified address.
  await step(
    "users",
    `insert into users (id, email, password_hash, name, role, status, email_verified_at, created_at, updated_at)
     select ${userIdSql("g")}, ${userEmailSql("g")}, '!seed-scale-no-login', 'User ' || g,
       case when g <= 3 then 'ADMIN' else 'USER' end, st, case when st <> 'PENDING_EMAIL' then t end, t, t
     from generate_series(1, $2::int) g,
       lateral (select $1::timestamptz - interval '1 day' - interval '399 days' * (1 - g::float8 / $2) as t,
         case when g % 100 < 90 then 'ACTIVE' when g % 100 < 95 then 'PENDING_EMAIL' when g % 100 < 98 then 'DISABLED' else 'BANNED' end as st) x`,
    [now, U],
  );
  const subs = await seedSubscriptions(client, { users: U, nodes: N, now, log });
  // Orders spread evenly over the last 365 days (the newest last): 70 % paid, 2 % refunded, the rest
  // closed or pending. Amounts 15.00-150.00 in CNY minor units.
  for (let from = 1; from <= c.orders; from += BATCH) {
    const to = Math.min(c.orders, from + BATCH - 1);
    await step(
      `orders ${from}-${to}`,
      `insert into orders (id, order_no, user_id, kind, status, currency, subtotal_minor, total_minor, provider, paid_via, expires_at, paid_at, closed_at,
         refunded_at, refund_amount_minor, created_at, updated_at)
       select ${orderIdSql("g")}, 'SCALE' || lpad(g::text, 9, '0'), ${userIdSql("1 + (g::bigint * 7919) % $3::int")},
         case when g % 10 < 6 then 'NEW_PURCHASE' when g % 10 < 9 then 'RENEWAL' else 'TRAFFIC_TOPUP' end, s, 'CNY', amt, amt,
         case when s in ('PAID', 'REFUNDED') then (array['epay', 'alipay_f2f', 'usdt_trc20'])[1 + g % 3] end,
         case when s in ('PAID', 'REFUNDED') then 'GATEWAY' end,
         t + interval '30 minutes',
         case when s in ('PAID', 'REFUNDED') then t + interval '1 minute' * (1 + g % 20) end,
         case when s in ('CANCELLED', 'EXPIRED') then t + interval '30 minutes' end,
         case when s = 'REFUNDED' then t + interval '2 days' end,
         case when s = 'REFUNDED' then amt end,
         t, t
       from generate_series($4::int, $5::int) g,
         lateral (select $1::timestamptz - interval '365 days' * (1 - g::float8 / $2) as t, 1500 + (g % 10) * 1500 as amt,
           case when g % 100 < 70 then 'PAID' when g % 100 < 72 then 'REFUNDED' when g % 100 < 85 then 'EXPIRED' when g % 100 < 97 then 'CANCELLED' else 'PENDING' end as s) x`,
      [now, c.orders, U, from, to],
    );
  }
  // One payment per order that was paid: its trade number, provider and time.
  await step(
    "payments",
    `insert into payments (order_id, user_id, provider, trade_no, amount_minor, status, expires_at, paid_at, created_at, updated_at)
     select id, user_id, provider, 'T' || order_no, total_minor, 'PAID', expires_at, paid_at, created_at, paid_at
     from orders where status in ('PAID', 'REFUNDED')`,
  );
  // Access log: 90 days, the newest last; 70 % content fetches (API), 30 % node connections. Their
  // day partitions first, as the hourly job would have made them (else all would land in DEFAULT).
  for (let d = utcDay(new Date(Date.parse(now) - 90 * DAY)); d.getTime() <= Date.parse(now); d = new Date(d.getTime() + DAY)) {
    await step(`${partitionName(d)}`, `create table if not exists ${partitionName(d)} partition of subscription_access_logs
      for values from ('${d.toISOString()}') to ('${new Date(d.getTime() + DAY).toISOString()}')`);
  }
  for (let from = 1; from <= c.accessLogs; from += BATCH) {
    const to = Math.min(c.accessLogs, from + BATCH - 1);
    await step(
      `subscription_access_logs ${from}-${to}`,
      `insert into subscription_access_logs (subscription_id, user_id, node_id, source, outcome, ip, user_agent, format, country, region, city,
         inbound_tag, network, target_host, target_port, connection_count, unique_target_count, created_at)
       select ${subIdSql("u")}, ${userIdSql("u")}, ${nodeIdSql(nodeOfSql("u", "$3::int"))}, src,
         case when g % 50 = 0 then 'expired' else 'OK' end,
         '10.' || (u % 250) || '.' || (g % 250) || '.' || (1 + g % 200),
         case when src = 'API' then 'ClashMeta/1.18' else '' end,
         case when src = 'API' then (array['base64', 'clash', 'sing-box'])[1 + g % 3] else '' end,
         (array['CN', 'CN', 'CN', 'HK', 'JP', 'US', 'SG'])[1 + g % 7], '', '',
         case when src = 'NODE' then 'inbound-20001' else '' end,
         case when src = 'NODE' then 'tcp' else '' end,
         case when src = 'NODE' then 'www.example.com' else '' end,
         case when src = 'NODE' then 443 end,
         case when src = 'NODE' then 1 + g % 20 end,
         case when src = 'NODE' then 1 + g % 10 end,
         $1::timestamptz - interval '90 days' * (1 - g::float8 / $2)
       from generate_series($5::int, $6::int) g,
         lateral (select 1 + (g::bigint * 104729) % $4::int as u, case when g % 10 < 7 then 'API' else 'NODE' end as src) x`,
      [now, c.accessLogs, N, U, from, to],
    );
  }
  // Traffic: 90 UTC days; the active subscriptions (40 %) moved bytes on one day in three.
  await step(
    "traffic_daily",
    `insert into traffic_daily (day, subscription_id, user_id, node_id, up_bytes, down_bytes)
     select (($1::timestamptz at time zone 'UTC')::date - d), ${subIdSql("u")}, ${userIdSql("u")}, ${nodeIdSql(nodeOfSql("u", "$2::int"))},
       (1 + (u * 31 + d) % 50) * 1048576::bigint, (1 + (u * 17 + d) % 500) * 1048576::bigint
     from generate_series(0, 89) d, generate_series(1, $3::int) u
     where u % 20 < 8 and (u + d) % 3 = 0`,
    [now, N, U],
  );
  await step(
    "subscription_risk_events",
    `insert into subscription_risk_events (user_id, subscription_id, scope_key, reason, level, day, evidence, review_status, created_at, updated_at)
     select ${userIdSql("u")}, ${subIdSql("u")}, 'sub:' || ${subIdSql("u")}, (array['COUNTRY_CHANGE', 'REGION_CHANGE', 'CITY_CHANGE', 'NODE_HIGH_FREQUENCY', 'SCATTERED_TARGETS'])[1 + g % 5],
       case when g % 10 = 0 then 'SUSPEND' else 'WARNING' end, (t at time zone 'UTC' + interval '8 hours')::date, '{"count": 3}'::jsonb,
       case when g % 3 = 0 then 'OPEN' when g % 3 = 1 then 'ACKNOWLEDGED' else 'RESOLVED' end, t, t
     from generate_series(1, $2::int) g,
       lateral (select 1 + (g::bigint * 7) % $3::int as u, $1::timestamptz - interval '90 days' * (1 - g::float8 / $2) as t) x`,
    [now, c.riskEvents, U],
  );
  await step(
    "audit_logs",
    `insert into audit_logs (actor_kind, actor_id, actor_label, action, target_type, target_id, metadata, ip, request_id, created_at)
     select case when g % 4 = 0 then 'admin' else 'user' end, ${userIdSql("u")}, 'scale-user-' || u || '@example.com',
       (array['auth.login', 'order.create', 'order.pay', 'subscription.renew', 'account.update', 'admin.user.update'])[1 + g % 6],
       'user', ${userIdSql("u")}::text, '{}'::jsonb, '10.0.' || (g % 250) || '.' || (1 + g % 200), 'scale-' || g,
       $1::timestamptz - interval '180 days' * (1 - g::float8 / $2)
     from generate_series(1, $2::int) g, lateral (select 1 + (g::bigint * 7919) % $3::int as u) x`,
    [now, c.auditLogs, U],
  );
  await step(
    "tasks",
    `insert into tasks (kind, status, payload, attempts, last_error, run_at, created_at, updated_at)
     select (array['mail.send', 'panel.provision', 'panel.sync', 'notification.deliver'])[1 + g % 4],
       case when g % 50 = 0 then 'FAILED' when g % 200 = 1 then 'PENDING' else 'SUCCEEDED' end,
       jsonb_build_object('n', g), case when g % 50 = 0 then 5 else 1 end,
       case when g % 50 = 0 then 'connect ECONNREFUSED' end, t, t, t
     from generate_series(1, $2::int) g, lateral (select $1::timestamptz - interval '60 days' * (1 - g::float8 / $2) as t) x`,
    [now, c.tasks],
  );
  await client.query("set session_replication_role = origin").catch(() => {});
  return { counts: c, servable: subs.servable };
}
