// `subscription grant|list|show|suspend|activate`: thin wrappers over the subscriptions verbs.
// `show` prints the content URLs with their download token: operator-only output, on purpose.
import type { OperatorSubscriptionRow } from "../../src/server/services/subscriptions";
import { table } from "../format";
import type { Command } from "../registry";

const subscriptions = () => import("../../src/server/services/subscriptions");

const GIB = 1024 ** 3;
const gb = (bytes: number) => `${(bytes / GIB).toFixed(2)} GB`;
const usage = (r: Pick<OperatorSubscriptionRow, "kind" | "trafficUsedBytes" | "trafficLimitBytes">) =>
  r.kind === "STREAMING" ? "-" : `${gb(r.trafficUsedBytes)} / ${r.trafficLimitBytes ? gb(r.trafficLimitBytes) : "unlimited"}`;
const rowJson = (r: OperatorSubscriptionRow) => ({ ...r, expiresAt: r.expiresAt.toISOString() });

const grant: Command = {
  path: ["subscription", "grant"],
  summary: "Give a user a plan as a gift, provisioned like a paid order (stock and per-user limits apply)",
  json: true,
  description: "An order at amount 0 is created and marked paid by an admin; the panel clients are queued.\nJSON shape: { subscriptionId }",
  positionals: [{ name: "email", description: "the recipient's account email", required: true }],
  options: {
    plan: { type: "string", valueName: "id", description: "plan id (hidden plans may be given too)", required: true },
    days: { type: "string", valueName: "n", description: "duration in days (default: the plan's)" },
    gb: { type: "string", valueName: "n", description: "traffic in GB for a slider plan (default: its minimum)" },
  },
  async run(c, { options: o, positionals: p }) {
    const { grantSubscription } = await subscriptions();
    const subscriptionId = await grantSubscription(await c.ctx(), { email: p.email, planId: o.plan, days: o.days, trafficGb: o.gb });
    if (o.json) return c.json({ subscriptionId });
    c.out(`subscription ${subscriptionId} granted to ${String(p.email).toLowerCase()}; panel clients queued`);
  },
};

const list: Command = {
  path: ["subscription", "list"],
  summary: "List subscriptions, newest first",
  json: true,
  description: "JSON shape: { rows: [{ id, email, planName, kind, status, nodeName, streamingName, expiresAt, trafficUsedBytes, trafficLimitBytes }], total, page, pageSize }",
  options: {
    email: { type: "string", valueName: "e", description: "only this user's subscriptions" },
    page: { type: "string", valueName: "n", description: "page number (default 1, 50 per page)" },
  },
  async run(c, { options: o }) {
    const { listSubscriptionsForOperator } = await subscriptions();
    const r = await listSubscriptionsForOperator(await c.ctx(), { email: o.email, page: o.page ?? 1 });
    if (o.json) return c.json({ ...r, rows: r.rows.map(rowJson) });
    if (!r.rows.length) return c.out("No subscriptions.");
    const rows = r.rows.map((x) => [x.id, x.email, x.planName, x.kind, x.status, x.nodeName ?? x.streamingName ?? "-", usage(x), x.expiresAt.toISOString()]);
    for (const line of table(["ID", "USER", "PLAN", "KIND", "STATUS", "NODE/SERVICE", "USAGE", "EXPIRES"], rows)) c.out(line);
    c.out(`page ${r.page} of ${Math.max(1, Math.ceil(r.total / r.pageSize))} (${r.total} subscriptions)`);
  },
};

const show: Command = {
  path: ["subscription", "show"],
  summary: "Show one subscription: status, usage, panel clients, and its content URLs with the token",
  json: true,
  description: "The URLs carry the subscription's download token: whoever has one can fetch it.\nJSON shape: { id, email, planName, kind, status, expiresAt, trafficUsedBytes, trafficLimitBytes, trafficUpBytes, trafficDownBytes, trafficExhausted, riskRestricted, urls: { <format>: url }, clients: [...] }",
  positionals: [{ name: "id", description: "subscription id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { showSubscriptionForOperator } = await subscriptions();
    const d = await showSubscriptionForOperator(await c.ctx(), String(p.id));
    if (o.json) return c.json({ ...d, expiresAt: d.expiresAt.toISOString(), startsAt: d.startsAt.toISOString() });
    c.out(`subscription ${d.id}`);
    c.out(`  user      ${d.email}`);
    c.out(`  plan      ${d.planName} (${d.kind})${d.nodeName ? ` on ${d.nodeName}` : ""}${d.streamingName ? ` on ${d.streamingName}` : ""}`);
    c.out(`  status    ${d.status}${d.riskRestricted ? " (risk-restricted)" : ""}${d.trafficExhausted ? " (traffic used up)" : ""}`);
    c.out(`  period    ${d.startsAt.toISOString()} .. ${d.expiresAt.toISOString()}`);
    if (d.kind === "PROXY") c.out(`  usage     ${usage(d)} (up ${gb(d.trafficUpBytes)}, down ${gb(d.trafficDownBytes)})`);
    for (const [format, url] of Object.entries(d.urls)) c.out(`  ${format.padEnd(10)}${url}`);
    if (d.clients.length) {
      c.out("");
      for (const line of table(["CLIENT", "PROTOCOL", "INBOUND", "ENABLED", "PANEL", "ERROR"], d.clients.map((x) => [x.email, x.protocol, x.inbound, x.enable ? "yes" : "no", x.panelState, x.lastError ?? ""]))) c.out(line);
    }
  },
};

const suspend: Command = {
  path: ["subscription", "suspend"],
  summary: "Suspend an active subscription (its panel clients are switched off; the owner is notified)",
  json: true,
  positionals: [{ name: "id", description: "subscription id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { suspendSubscription } = await subscriptions();
    const s = await suspendSubscription(await c.ctx(), String(p.id));
    if (o.json) return c.json({ id: s.id, status: s.status });
    c.out(`subscription ${s.id} suspended; panel clients queued to switch off`);
  },
};

const activate: Command = {
  path: ["subscription", "activate"],
  summary: "Activate a suspended subscription again (expired and cancelled ones are refused)",
  json: true,
  positionals: [{ name: "id", description: "subscription id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { activateSubscription } = await subscriptions();
    const s = await activateSubscription(await c.ctx(), String(p.id));
    if (o.json) return c.json({ id: s.id, status: s.status });
    c.out(`subscription ${s.id} active; panel clients queued to switch on`);
  },
};

export const subscriptionCommands: Command[] = [grant, list, show, suspend, activate];
