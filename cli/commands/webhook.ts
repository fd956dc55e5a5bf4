// `webhook add|list|remove|enable|disable|deliveries|resend|test`: outbound webhooks (README
// "Webhooks"). `add` prints the signing secret once; nothing else ever prints it.
import { UsageError } from "../args";
import { table } from "../format";
import type { Command } from "../registry";

const webhooks = () => import("../../src/server/services/webhooks");

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

const add: Command = {
  path: ["webhook", "add"],
  summary: "Register a webhook endpoint and print its signing secret (shown this once)",
  json: true,
  description:
    "JSON shape: { id, secret }\n" +
    "The receiver checks Relayboard-Webhook-Signature with the secret (Standard Webhooks: HMAC-SHA256 of \"<id>.<timestamp>.<body>\",\n" +
    "keyed with the base64-decoded part after whsec_). Store the secret now: it cannot be shown again.",
  options: {
    url: { type: "string", required: true, valueName: "url", description: "the receiver's http(s) URL (public addresses only, unless allowed in settings)" },
    events: { type: "string", required: true, valueName: "a,b", description: "event types to send, comma-separated (e.g. order.paid,subscription.created)" },
    description: { type: "string", valueName: "text", description: "a note for admins" },
  },
  async run(c, { options: o }) {
    const { addWebhook } = await webhooks();
    const r = await addWebhook(await c.ctx(), { url: o.url, events: o.events, description: o.description ?? "" });
    if (o.json) return c.json({ id: r.id, secret: r.secret });
    c.out(`webhook ${r.id} added`);
    c.out(`secret: ${r.secret}`);
    c.out("Store the secret now: it is not shown again.");
  },
};

const list: Command = {
  path: ["webhook", "list"],
  summary: "List webhook endpoints with their last delivery (never their secret)",
  json: true,
  description:
    "JSON shape: { webhooks: [{ id, url, description, events, enabled, createdAt, lastDelivery: { status, responseStatus, at } | null,\n" +
    "  last24h: { pending, succeeded, failed } }] }",
  async run(c, { options: o }) {
    const { listWebhooks } = await webhooks();
    const rows = await listWebhooks(await c.ctx());
    const shaped = rows.map((w) => ({
      id: w.id,
      url: w.url,
      description: w.description,
      events: w.events,
      enabled: w.enabled,
      createdAt: iso(w.createdAt),
      lastDelivery: w.lastDelivery ? { status: w.lastDelivery.status, responseStatus: w.lastDelivery.responseStatus, at: iso(w.lastDelivery.at) } : null,
      last24h: w.last24h,
    }));
    if (o.json) return c.json({ webhooks: shaped });
    if (!rows.length) return c.out("No webhooks.");
    const last = (w: (typeof shaped)[number]) => (w.lastDelivery ? `${w.lastDelivery.status}${w.lastDelivery.responseStatus ? ` ${w.lastDelivery.responseStatus}` : ""}` : "-");
    const rowsOut = shaped.map((w) => [w.url, w.enabled ? "on" : "off", w.events.join(","), last(w), w.id]);
    for (const line of table(["URL", "STATE", "EVENTS", "LAST", "ID"], rowsOut)) c.out(line);
  },
};

const remove: Command = {
  path: ["webhook", "remove"],
  summary: "Remove a webhook endpoint and its delivery log",
  positionals: [{ name: "id", description: "webhook id", required: true }],
  async run(c, { positionals: p }) {
    const { removeWebhook } = await webhooks();
    await removeWebhook(await c.ctx(), String(p.id));
    c.out(`webhook ${String(p.id)} removed`);
  },
};

const switchCommand = (enabled: boolean): Command => ({
  path: ["webhook", enabled ? "enable" : "disable"],
  summary: enabled ? "Switch a webhook endpoint on" : "Switch a webhook endpoint off (queued deliveries are not sent)",
  positionals: [{ name: "id", description: "webhook id", required: true }],
  async run(c, { positionals: p }) {
    const { setWebhookEnabled } = await webhooks();
    await setWebhookEnabled(await c.ctx(), String(p.id), enabled);
    c.out(`webhook ${String(p.id)} ${enabled ? "on" : "off"}`);
  },
});

const deliveries: Command = {
  path: ["webhook", "deliveries"],
  summary: "Show an endpoint's deliveries, newest first",
  json: true,
  description:
    "JSON shape: { deliveries: [{ id, eventId, eventType, status, attempts, responseStatus, lastError, createdAt, lastAttemptAt, nextAttemptAt }],\n" +
    "  older }  (pass older back as --cursor for the next page)",
  positionals: [{ name: "id", description: "webhook id", required: true }],
  options: {
    status: { type: "string", valueName: "PENDING|SUCCEEDED|FAILED", description: "only deliveries in this state" },
    cursor: { type: "string", valueName: "cursor", description: "start after this cursor (the `older` of the previous page)" },
    limit: { type: "string", valueName: "n", description: "rows per page (1-200, default 50)" },
  },
  async run(c, { options: o, positionals: p }) {
    const limit = o.limit === undefined ? 50 : Number(o.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw new UsageError("--limit takes a whole number from 1 to 200");
    const { listWebhookDeliveries } = await webhooks();
    const page = await listWebhookDeliveries(await c.ctx(), String(p.id), { status: o.status, cursor: o.cursor, pageSize: limit });
    const rows = page.rows.map((d) => ({ ...d, createdAt: iso(d.createdAt), lastAttemptAt: iso(d.lastAttemptAt), nextAttemptAt: iso(d.nextAttemptAt) }));
    if (o.json) return c.json({ deliveries: rows, older: page.older });
    if (!rows.length) return c.out("No deliveries.");
    const out = rows.map((d) => [d.createdAt ?? "", d.eventType, d.status, d.responseStatus === null ? "-" : String(d.responseStatus), String(d.attempts), d.id]);
    for (const line of table(["CREATED", "EVENT", "STATUS", "HTTP", "ATTEMPTS", "ID"], out)) c.out(line);
    if (page.older) c.out(`more: --cursor ${page.older}`);
  },
};

const resend: Command = {
  path: ["webhook", "resend"],
  summary: "Send a delivery once more (same body and webhook id)",
  positionals: [{ name: "deliveryId", description: "delivery id (from `webhook deliveries`)", required: true }],
  async run(c, { positionals: p }) {
    const { resendWebhookDelivery } = await webhooks();
    const r = await resendWebhookDelivery(await c.ctx(), String(p.deliveryId));
    c.out(`delivery ${r.deliveryId} queued to be sent again`);
  },
};

const test: Command = {
  path: ["webhook", "test"],
  summary: "Send a webhook.test event to one endpoint",
  json: true,
  description: "JSON shape: { deliveryId, eventId }",
  positionals: [{ name: "id", description: "webhook id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { sendTestWebhook } = await webhooks();
    const r = await sendTestWebhook(await c.ctx(), String(p.id));
    if (o.json) return c.json(r);
    c.out(`test event ${r.eventId} queued (delivery ${r.deliveryId})`);
  },
};

export const webhookCommands: Command[] = [add, list, remove, switchCommand(true), switchCommand(false), deliveries, resend, test];
