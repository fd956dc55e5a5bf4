// `node add|list|sync|token`: thin wrappers over the nodes service verbs.
import { table } from "../format";
import type { Command } from "../registry";

const nodeService = () => import("../../src/server/services/nodes");

const nodeAdd: Command = {
  path: ["node", "add"],
  summary: "Add a node (3x-ui panel) and sync its inbounds",
  json: true,
  description:
    "JSON shape: { node: { id, name, panelUrl, panelStatus, ... }, sync: { ok, inboundCount, error? } }\n" +
    "The panel password is read from --password-stdin, RELAYBOARD_PANEL_PASSWORD, or a prompt on a terminal.\n" +
    "--password <value> still works but is discouraged: other local users see it in the process list and\n" +
    "the shell keeps it in its history.",
  options: {
    name: { type: "string", required: true, description: "display name of the node" },
    "panel-url": { type: "string", required: true, valueName: "url", description: "panel URL with its base path, e.g. https://1.2.3.4:2053/abc/" },
    username: { type: "string", required: true, description: "panel username" },
    password: {
      type: "string",
      required: true,
      description: "panel password, stored encrypted (discouraged on the command line)",
      secret: { env: "RELAYBOARD_PANEL_PASSWORD", prompt: "Panel password: " },
    },
    "api-token": { type: "string", valueName: "token", description: "3x-ui v3 API token (then the Bearer API is used)" },
    "insecure-tls": { type: "boolean", description: "accept the panel's self-signed (unverified) TLS certificate" },
  },
  async run(c, { options: o }) {
    const { createNode } = await nodeService();
    const r = await createNode(await c.ctx(), {
      name: o.name,
      panelUrl: o["panel-url"],
      panelUsername: o.username,
      panelPassword: o.password,
      panelApiToken: o["api-token"],
      panelTlsInsecure: o["insecure-tls"] === true,
    });
    if (o.json) return c.json(r);
    // One outcome, one line (as in the admin UI): added and synced, or saved but not synced (exit 1).
    if (r.sync.ok) c.out(`node ${r.node.name} added (${r.node.id}): panel OK, ${r.sync.inboundCount} inbounds synced`);
    else c.out(`node ${r.node.name} saved but not synced (${r.node.id}): panel check failed: ${r.sync.error?.message}; hidden from users until a sync succeeds`);
    return r.sync.ok ? 0 : 1;
  },
};

const nodeList: Command = {
  path: ["node", "list"],
  summary: "List nodes with panel status, inbounds, agent token state and latest latency",
  json: true,
  description: "JSON shape: { nodes: [{ id, name, panelUrl, panelStatus, inboundCount, agentToken: { active }, lastAgentReportAt, latency }] }",
  async run(c, { options: o }) {
    const { listNodes } = await nodeService();
    const nodes = await listNodes(await c.ctx());
    if (o.json) return c.json({ nodes });
    if (!nodes.length) return c.out("No nodes.");
    const ms = (v?: { latencyMs: number }) => (v ? `${Math.round(v.latencyMs)}` : "-");
    const rows = nodes.map((n) => [n.name, n.panelStatus, String(n.inboundCount), n.agentToken.active ? "yes" : "no", `${ms(n.latency.telecom)}/${ms(n.latency.unicom)}/${ms(n.latency.mobile)}`, n.id]);
    for (const line of table(["NAME", "PANEL", "INBOUNDS", "AGENT", "CT/CU/CM ms", "ID"], rows)) c.out(line);
  },
};

const nodeSync: Command = {
  path: ["node", "sync"],
  summary: "Log in to a node's panel and sync its inbounds now",
  json: true,
  positionals: [{ name: "id", description: "node id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { syncNodeInbounds } = await nodeService();
    const r = await syncNodeInbounds(await c.ctx(), String(p.id), { fresh: true });
    if (o.json) c.json(r);
    else c.out(r.ok ? `${r.inboundCount} inbounds synced` : `sync failed: ${r.error?.message}`);
    return r.ok ? 0 : 1;
  },
};

const nodeToken: Command = {
  path: ["node", "token"],
  summary: "Generate a new agent token for a node (the old one stops working) and print it once",
  json: true,
  positionals: [{ name: "id", description: "node id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { generateAgentToken } = await nodeService();
    const r = await generateAgentToken(await c.ctx(), String(p.id));
    if (o.json) c.json({ token: r.token, createdAt: r.createdAt.toISOString() });
    else c.out(r.token);
  },
};

export const nodeCommands: Command[] = [nodeAdd, nodeList, nodeSync, nodeToken];
