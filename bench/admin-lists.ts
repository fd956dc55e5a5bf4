// The admin list pages' server-side reads on a `seed:scale` database (100,000 subscriptions on 200
// nodes, 1,100,000 orders), for bench/dashboards.ts: each view is what the page's server component
// awaits, with the page's own page size (20), on the first page, a deep page, a filter and a search.
import type pg from "pg";
import type { Ctx } from "../src/server/context";
import { listUsers } from "../src/server/services/accounts";
import { listPlansAdmin } from "../src/server/services/catalog/plan-queries";
import { listNodes } from "../src/server/services/nodes/queries";
import { listOrdersAdmin } from "../src/server/services/orders/queries";
import { getSubscriptionAdmin, listSubscriptionFilterChoices, listSubscriptionsAdmin } from "../src/server/services/subscriptions/admin-queries";
import { listNodeHealth } from "../src/server/services/telemetry/node-health";

type View = [string, (i: number) => Promise<unknown>];

export async function adminListViews(pool: pg.Pool, admin: Ctx): Promise<View[]> {
  const one = async (q: string) => (await pool.query(q)).rows[0] as Record<string, string>;
  const users = Number((await one("select count(*)::int as n from users")).n);
  const { id: nodeId } = await one("select id from nodes order by sort_order offset 1 limit 1");
  const { rows: subIds } = await pool.query("select id from subscriptions order by id limit 200");
  const pageSize = 20;
  // The subscriptions page always loads its filter choices with the list.
  const subscriptionsPage = (f: Record<string, unknown>) => Promise.all([listSubscriptionFilterChoices(admin), listSubscriptionsAdmin(admin, { pageSize, ...f })]);
  return [
    ["subscriptions-first", () => subscriptionsPage({})],
    ["subscriptions-page-500", () => subscriptionsPage({ page: 500 })],
    ["subscriptions-by-node", () => subscriptionsPage({ nodeId })],
    ["subscriptions-active", () => subscriptionsPage({ status: "ACTIVE" })],
    ["subscriptions-search", (i) => subscriptionsPage({ q: `scale-user-${1 + ((i * 7919) % users)}@` })],
    ["subscription-detail", (i) => getSubscriptionAdmin(admin, subIds[i % subIds.length].id)],
    ["users-first", () => listUsers(admin, { pageSize })],
    ["users-page-500", () => listUsers(admin, { pageSize, page: 500 })],
    ["users-search", (i) => listUsers(admin, { pageSize, q: `scale-user-${1 + ((i * 7919) % users)}@` })],
    ["orders-first", () => listOrdersAdmin(admin, { pageSize })],
    ["orders-page-500", () => listOrdersAdmin(admin, { pageSize, page: 500 })],
    ["orders-paid", () => listOrdersAdmin(admin, { pageSize, status: "PAID" })],
    ["orders-search", (i) => listOrdersAdmin(admin, { pageSize, q: `SCALEP${String(1 + ((i * 7919) % users)).padStart(9, "0")}` })],
    ["nodes", () => Promise.all([listNodes(admin), listNodeHealth(admin)])],
    ["plans", () => listPlansAdmin(admin, { pageSize })],
  ];
}
