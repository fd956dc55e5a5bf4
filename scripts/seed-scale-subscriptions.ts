// The subscription half of the scale data set: nodes with their inbounds, one plan per node bound to
// them, one subscription per user with the order that bought it (order line, payment), and the panel
// clients provisioning gives a subscription (one per plan inbound). The rows are what the services
// write: download tokens made, hashed and encrypted by provisioning's own newDownloadToken (the
// app's ENCRYPTION_KEY), client emails by clientEmailFor, credentials by newCredential and
// encryptSecret. Only those values are computed here; everything else is derived in the database,
// sent as arrays (`unnest`) in batches, never a statement per row.
import { randomBytes } from "node:crypto";
import { encryptSecret } from "../src/server/crypto/secrets";
import { clientEmailFor, newCredential } from "../src/server/services/provisioning/credentials";
import { newDownloadToken } from "../src/server/services/provisioning/provision-order";
import { inboundIdSql, nodeClientIdSql, nodeIdSql, nodeOf, nodeOfSql, orderItemIdSql, planIdSql, purchaseOrderIdSql, rowOf, stepper, subIdSql, userIdSql, type SeedClient } from "./seed-scale-ids";

/** A subscription the gate serves, with the token its owner's link carries. */
export interface SeedPair { id: string; token: string }

const BATCH = 10_000;
const GIB = "1073741824::bigint";
/** Inbounds per node: vless over ws+tls, then one of vmess, trojan and Shadowsocks-2022 in turn. */
export const INBOUNDS_PER_NODE = 2;

/** User g's address; the users step writes the same text in SQL (`userEmailSql`). */
export const userEmail = (g: number) => `scale-user-${g}@example.com`;
export const userEmailSql = (g: string) => `'scale-user-' || ${g} || '@example.com'`;

interface InboundSpec { protocol: string; port: number; settings: Record<string, unknown>; streamSettings: Record<string, unknown> }

/** The inbounds of node k (1-based), as a panel sync would have mirrored them. */
function inboundsOf(k: number, host: string, ssKey: string): InboundSpec[] {
  const tls = { serverName: host, alpn: ["h2", "http/1.1"] };
  const second: InboundSpec[] = [
    { protocol: "vmess", port: 20002, settings: {}, streamSettings: { network: "tcp", security: "none" } },
    { protocol: "trojan", port: 20003, settings: {}, streamSettings: { network: "grpc", security: "tls", tlsSettings: tls, grpcSettings: { serviceName: "svc" } } },
    { protocol: "shadowsocks", port: 20004, settings: { method: "2022-blake3-aes-128-gcm", password: ssKey, network: "tcp,udp" }, streamSettings: { network: "tcp", security: "none" } },
  ];
  return [
    { protocol: "vless", port: 20001, settings: { encryption: "none" }, streamSettings: { network: "ws", security: "tls", tlsSettings: tls, wsSettings: { path: "/ws", host } } },
    second[k % 3]!,
  ];
}

/**
 * Subscription g's timeline, as a LATERAL: joined (the user's sign-up, evenly over the 400 days
 * before yesterday), s (bought a few minutes after), st (status), k (its node and plan), e (expiry:
 * live ones run 1-60 days on, ended ones ended 30 days after they began or an hour ago), lim (the
 * plan's traffic).
 */
function timeline(g: string, now: string, users: number, nodes: number): string {
  const ts = `'${now}'::timestamptz`;
  return `lateral (select ${ts} - interval '1 day' - interval '399 days' * (1 - ${g}::float8 / ${users}) as joined, ${nodeOfSql(g, nodes)} as k,
      case when ${g} % 20 < 8 then 'ACTIVE' when ${g} % 20 = 8 then 'SUSPENDED' when ${g} % 20 < 18 then 'EXPIRED' else 'CANCELLED' end as st) a,
    lateral (select a.joined + interval '1 minute' * (3 + ${g} % 60) as s, (1 + a.k % 3) * 100 as gb) b,
    lateral (select case when a.st in ('ACTIVE', 'SUSPENDED') then ${ts} + interval '1 day' * (1 + ${g} % 60)
      else least(b.s + interval '30 days', ${ts} - interval '1 hour') end as e) c`;
}

export interface SubscriptionSeed { nodes: number; inbounds: number; plans: number; subscriptions: number; nodeClients: number; servable: SeedPair[] }

/** Writes nodes, inbounds, plans, subscriptions, their purchase orders and panel clients; users must exist. */
export async function seedSubscriptions(client: SeedClient, opts: { users: number; nodes: number; now: string; log: (line: string) => void }): Promise<SubscriptionSeed> {
  const { users: U, nodes: N, now } = opts;
  const step = stepper(client, opts.log);
  const ts = `'${now}'::timestamptz`;
  const hosts = Array.from({ length: N }, (_, i) => `node-${i + 1}.scale.example.com`);
  const specs = hosts.map((h, i) => inboundsOf(i + 1, h, randomBytes(16).toString("base64")));

  await step(
    "nodes",
    `insert into nodes (id, name, panel_url, panel_username, panel_password_enc, public_host, visibility, panel_status, panel_checked_at, last_sync_at,
       last_agent_report_at, sort_order, created_at, updated_at)
     select ${nodeIdSql("g")}, 'scale-node-' || lpad(g::text, 3, '0'), 'https://127.0.0.1:1/panel-' || g, 'admin', pw, host, 'VISIBLE',
       case when g % 10 = 0 then 'ERROR' else 'OK' end, ${ts} - interval '1 minute', ${ts} - interval '5 minutes',
       case when g % 7 = 0 then null when g % 5 = 0 then ${ts} - interval '2 hours' else ${ts} - interval '1 minute' end, g,
       ${ts} - interval '401 days', ${ts} - interval '401 days'
     from unnest($1::int[], $2::text[], $3::text[]) as t(g, host, pw)`,
    [hosts.map((_, i) => i + 1), hosts, hosts.map(() => encryptSecret(randomBytes(12).toString("base64url")))],
  );
  const ib = specs.flatMap((list, i) => list.map((spec, j) => ({ node: i + 1, slot: j + 1, ...spec })));
  await step(
    "inbounds",
    `insert into inbounds (id, node_id, panel_inbound_id, tag, remark, protocol, port, settings, stream_settings, synced_at, created_at)
     select ${inboundIdSql(`(n - 1) * ${INBOUNDS_PER_NODE} + slot`)}, ${nodeIdSql("n")}, slot, 'inbound-' || port, protocol || '-' || port, protocol, port, st, ss,
       ${ts} - interval '5 minutes', ${ts} - interval '401 days'
     from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::jsonb[], $6::jsonb[]) as t(n, slot, protocol, port, st, ss)`,
    [ib.map((r) => r.node), ib.map((r) => r.slot), ib.map((r) => r.protocol), ib.map((r) => r.port), ib.map((r) => JSON.stringify(r.settings)), ib.map((r) => JSON.stringify(r.streamSettings))],
  );
  await step(
    "plans",
    `insert into plans (id, kind, name, node_id, price_minor, traffic_gb, duration_days, renewal_mode, renewal_price_minor, sort_order, created_at, updated_at)
     select ${planIdSql("k")}, 'PROXY', 'Scale plan ' || lpad(k::text, 3, '0'), ${nodeIdSql("k")}, (1 + k % 3) * 1500, (1 + k % 3) * 100, 30, 'FIXED',
       (1 + k % 3) * 1500, k, ${ts} - interval '401 days', ${ts} - interval '401 days'
     from generate_series(1, ${N}) k`,
  );
  await step(
    "plan_inbounds",
    `insert into plan_inbounds (plan_id, inbound_id)
     select ${planIdSql("k")}, ${inboundIdSql(`(k - 1) * ${INBOUNDS_PER_NODE} + slot`)} from generate_series(1, ${N}) k, generate_series(1, ${INBOUNDS_PER_NODE}) slot`,
  );

  // The order that bought subscription g, paid a minute before it began (provisioning runs in the
  // payment's transaction, so startsAt is the moment of payment), with its line and payment.
  await step(
    "purchase orders",
    `insert into orders (id, order_no, user_id, kind, status, currency, subtotal_minor, total_minor, provider, paid_via, expires_at, paid_at, created_at, updated_at)
     select ${purchaseOrderIdSql("g")}, 'SCALEP' || lpad(g::text, 9, '0'), ${userIdSql("g")}, 'NEW_PURCHASE', 'PAID', 'CNY', b.gb * 15, b.gb * 15,
       (array['epay', 'alipay_f2f', 'usdt_trc20'])[1 + g % 3], 'GATEWAY', b.s + interval '28 minutes', b.s, b.s - interval '2 minutes', b.s
     from generate_series(1, ${U}) g, ${timeline("g", now, U, N)}`,
  );
  // Tokens made as provisioning makes them; the raw ones stay in this process (the pairs file).
  const tokens: string[] = new Array(U + 1);
  let subs = 0;
  for (let from = 1; from <= U; from += BATCH) {
    const gs = Array.from({ length: Math.min(BATCH, U - from + 1) }, (_, i) => from + i);
    const made = gs.map(() => newDownloadToken());
    gs.forEach((g, i) => (tokens[g] = made[i]!.token));
    subs += await step(
      `subscriptions ${from}-${gs.at(-1)}`,
      `insert into subscriptions (id, user_id, plan_id, kind, status, node_id, starts_at, expires_at, traffic_limit_bytes, traffic_used_bytes, traffic_up_bytes,
         traffic_down_bytes, content_version, download_token_hash, download_token_enc, holds_stock, source_order_id, created_at, updated_at)
       select ${subIdSql("g")}, ${userIdSql("g")}, ${planIdSql("a.k")}, 'PROXY', a.st, ${nodeIdSql("a.k")}, b.s, c.e, b.gb * ${GIB}, used, used / 4, used - used / 4,
         -- each renewal (one per further 30 days) bumped the content version, as syncClientsOf does
         greatest(0, ceil(extract(epoch from c.e - b.s) / 2592000)::int - 1), h, enc, a.st in ('ACTIVE', 'SUSPENDED'), ${purchaseOrderIdSql("g")},
         b.s, greatest(b.s, least(${ts}, c.e - interval '30 days'))
       from unnest($1::int[], $2::text[], $3::text[]) as t(g, h, enc), ${timeline("g", now, U, N)}, lateral (select (g % 97) * ${GIB} as used) d`,
      [gs, made.map((m) => m.hash), made.map((m) => m.enc)],
    );
  }

  // The purchase's line names what it created (after the subscriptions: the key may be checked).
  await step(
    "order_items",
    `insert into order_items (id, order_id, plan_id, kind, traffic_gb, duration_days, amount_minor, holds_stock, result_subscription_id, created_at)
     select ${orderItemIdSql("g")}, ${purchaseOrderIdSql("g")}, ${planIdSql("a.k")}, 'NEW_PURCHASE', b.gb, 30, b.gb * 15, true, ${subIdSql("g")}, b.s - interval '2 minutes'
     from generate_series(1, ${U}) g, ${timeline("g", now, U, N)}`,
  );

  // One client per plan inbound, on and off as clientShouldBeEnabled says, synced to its panel.
  let clients = 0;
  for (let from = 1; from <= U; from += BATCH) {
    const g: number[] = [], slot: number[] = [], email: string[] = [], cred: string[] = [];
    for (let n = from; n < from + BATCH && n <= U; n++) {
      specs[nodeOf(n, N) - 1]!.forEach((spec, j) => {
        g.push(n);
        slot.push(j + 1);
        email.push(clientEmailFor(userEmail(n)));
        cred.push(encryptSecret(newCredential(spec.protocol, spec.settings)));
      });
    }
    clients += await step(
      `node_clients of subscriptions ${from}-${g.at(-1)}`,
      `insert into node_clients (id, subscription_id, node_id, inbound_id, email, protocol, credential_enc, enable, total_bytes, expiry_ms, panel_state,
         synced_at, last_up_bytes, last_down_bytes, created_at, updated_at)
       select ${nodeClientIdSql(`(g - 1) * ${INBOUNDS_PER_NODE} + slot`)}, s.id, s.node_id, i.id, email, i.protocol, cred,
         s.status = 'ACTIVE' and not s.risk_restricted and s.expires_at > ${ts} and (s.traffic_limit_bytes = 0 or s.traffic_used_bytes < s.traffic_limit_bytes),
         s.traffic_limit_bytes, (extract(epoch from s.expires_at) * 1000)::bigint, 'SYNCED', ${ts} - interval '1 minute' * (g % 30),
         s.traffic_up_bytes / ${INBOUNDS_PER_NODE}, s.traffic_down_bytes / ${INBOUNDS_PER_NODE}, s.created_at, s.updated_at
       from unnest($1::int[], $2::int[], $3::text[], $4::text[]) as t(g, slot, email, cred)
         join subscriptions s on s.id = ${subIdSql("g")}
         join inbounds i on i.id = ${inboundIdSql(`(${nodeOfSql("g", N)} - 1) * ${INBOUNDS_PER_NODE} + slot`)}`,
      [g, slot, email, cred],
    );
  }
  await step(
    "inbounds.client_count",
    `update inbounds i set client_count = c.n from (select inbound_id, count(*)::int as n from node_clients group by inbound_id) c where c.inbound_id = i.id`,
  );
  await step(
    "plans.stock_held",
    `update plans p set stock_held = c.n from (select plan_id, count(*)::int as n from subscriptions where holds_stock group by plan_id) c where c.plan_id = p.id`,
  );

  // What the gate serves: a live owner and an active, unexpired, unrestricted proxy subscription.
  const { rows } = await client.query(
    `select s.id from subscriptions s join users u on u.id = s.user_id
     where s.status = 'ACTIVE' and s.kind = 'PROXY' and not s.risk_restricted and s.expires_at > $1 and u.status not in ('BANNED', 'DISABLED') order by s.id`,
    [now],
  );
  const servable = rows.map((r) => ({ id: String(r.id), token: tokens[rowOf(String(r.id))]! }));
  return { nodes: N, inbounds: ib.length, plans: N, subscriptions: subs, nodeClients: clients, servable };
}
