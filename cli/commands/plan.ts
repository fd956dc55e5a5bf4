// `plan list` and `plan create --file plan.json`: thin wrappers over the catalog service. The file is
// a PlanInput (the admin form's schema, checked the same way); for convenience it may name the node,
// its inbounds and the streaming service instead of giving their ids (see README "Plans").
import type { Ctx } from "../../src/server/context";
import type { AdminPlanRow } from "../../src/server/services/catalog";
import { formatMinor } from "../../src/server/services/catalog/money";
import { table } from "../format";
import { readJsonInput } from "../json-input";
import type { Command } from "../registry";

const catalog = () => import("../../src/server/services/catalog");
const nodeService = () => import("../../src/server/services/nodes");
const errors = () => import("../../src/server/errors");

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Turns `node` (a node name), `inbounds` (inbound names, tags, remarks or ports) and
 * `streamingService` (a service name) into nodeId / inboundIds / streamingServiceId. Ids given
 * directly win; a name that matches nothing is a field error on that name's field.
 */
export async function resolvePlanNames(ctx: Ctx, raw: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { node, inbounds, streamingService, ...input } = raw;
  const [{ listNodeInbounds, listNodes }, { listStreamingServices }, { validationError }] = await Promise.all([nodeService(), catalog(), errors()]);
  if (node !== undefined && input.nodeId === undefined) {
    const found = (await listNodes(ctx)).find((n) => n.name === String(node) || n.id === String(node));
    if (!found) throw validationError("plan_node_not_found", { fields: { node: "not_found" } });
    input.nodeId = found.id;
  }
  if (inbounds !== undefined && input.inboundIds === undefined) {
    if (!Array.isArray(inbounds)) throw validationError("invalid_input", { fields: { inbounds: "invalid" } });
    if (typeof input.nodeId !== "string") throw validationError("invalid_input", { fields: { node: "required" } });
    const mirror = await listNodeInbounds(ctx, input.nodeId, { includeInactive: false });
    input.inboundIds = inbounds.map((want) => {
      const w = String(want);
      const hit = mirror.find((i) => i.id === w || i.name === w || i.tag === w || i.remark === w || String(i.port) === w);
      if (!hit) throw validationError("plan_inbound_unavailable", { fields: { inbounds: "inbound_unavailable" } });
      return hit.id;
    });
  }
  if (streamingService !== undefined && input.streamingServiceId === undefined) {
    const found = (await listStreamingServices(ctx)).find((s) => s.name === String(streamingService) || s.id === String(streamingService));
    if (!found) throw validationError("plan_streaming_service_not_found", { fields: { streamingService: "not_found" } });
    input.streamingServiceId = found.id;
  }
  return input;
}

function priceText(p: Pick<AdminPlanRow, "pricingMode" | "priceMinor" | "pricePerGbMinor" | "minGb" | "maxGb" | "trafficGb" | "kind">): string {
  if (p.pricingMode === "SLIDER") return `${formatMinor(p.pricePerGbMinor)}/GB (${p.minGb}-${p.maxGb} GB)`;
  return p.kind === "STREAMING" ? formatMinor(p.priceMinor) : `${formatMinor(p.priceMinor)} (${p.trafficGb} GB)`;
}

const planList: Command = {
  path: ["plan", "list"],
  summary: "List plans with kind, node or service, price, duration, stock and visibility",
  json: true,
  description:
    "Prices are shown in major units (the currency setting's, e.g. yuan); JSON carries minor units.\n" +
    "JSON shape: { plans: [{ id, kind, name, nodeId, nodeName, streamingServiceId, streamingServiceName, pricingMode,\n" +
    "  priceMinor, trafficGb, pricePerGbMinor, minGb, maxGb, durationDays, renewalMode, topupMode, stockTotal,\n" +
    "  stockHeld, perUserLimit, visibility, featured, sortOrder }] }",
  options: { search: { type: "string", valueName: "text", description: "only plans whose name contains this text" } },
  async run(c, { options: o }) {
    const { listPlansAdmin } = await catalog();
    const ctx = await c.ctx();
    const rows: AdminPlanRow[] = [];
    for (let page = 1; ; page++) {
      const r = await listPlansAdmin(ctx, { q: o.search, page, pageSize: 200 });
      rows.push(...r.rows);
      if (rows.length >= r.total || r.rows.length === 0) break;
    }
    if (o.json) {
      const plans = rows.map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        nodeId: p.nodeId,
        nodeName: p.nodeName,
        streamingServiceId: p.streamingServiceId,
        streamingServiceName: p.streamingServiceName,
        pricingMode: p.pricingMode,
        priceMinor: p.priceMinor,
        trafficGb: p.trafficGb,
        pricePerGbMinor: p.pricePerGbMinor,
        minGb: p.minGb,
        maxGb: p.maxGb,
        durationDays: p.durationDays,
        renewalMode: p.renewalMode,
        topupMode: p.topupMode,
        stockTotal: p.stockTotal,
        stockHeld: p.stockHeld,
        perUserLimit: p.perUserLimit,
        visibility: p.visibility,
        featured: p.featured,
        sortOrder: p.sortOrder,
      }));
      return c.json({ plans });
    }
    if (!rows.length) return c.out("No plans.");
    const data = rows.map((p) => [
      p.name,
      p.kind,
      p.nodeName ?? p.streamingServiceName ?? "-",
      priceText(p),
      `${p.durationDays}d`,
      `${p.stockHeld}/${p.stockTotal ?? "∞"}`,
      p.visibility + (p.featured ? " *" : ""),
      p.id,
    ]);
    for (const line of table(["NAME", "KIND", "NODE/SERVICE", "PRICE", "DAYS", "STOCK", "VISIBILITY", "ID"], data)) c.out(line);
  },
};

const planCreate: Command = {
  path: ["plan", "create"],
  summary: "Create a plan from a JSON file (the admin form's fields; see examples/plan.json)",
  json: true,
  description:
    "The file holds one plan: the fields of the admin form, money in integer minor units (1999 = 19.99).\n" +
    "Give the node as nodeId or by name (\"node\"), the inbounds as inboundIds or by name, tag, remark or\n" +
    "port (\"inbounds\"), a streaming plan's service as streamingServiceId or by name (\"streamingService\").\n" +
    "Every field is described in README.md under \"Plans\".\n" +
    "JSON shape: { plan: { id, kind, name, nodeId, inboundIds, ... } }",
  options: {
    file: { type: "string", valueName: "path", description: "the plan file (JSON)", inlineAs: "data" },
    data: { type: "string", valueName: "json", description: "the plan as JSON text instead of a file" },
  },
  async run(c, { options: o }) {
    const raw = await readJsonInput(o);
    const [{ createPlan }, { validationError }] = await Promise.all([catalog(), errors()]);
    if (!isObject(raw)) throw validationError("invalid_input", { fields: { input: "invalid" } });
    const ctx = await c.ctx();
    const plan = await createPlan(ctx, await resolvePlanNames(ctx, raw));
    if (o.json) return c.json({ plan });
    c.out(`plan ${plan.name} created (${plan.id}): ${plan.kind}, ${priceText(plan)}, ${plan.durationDays} days, ${plan.visibility.toLowerCase()}`);
  },
};

export const planCommands: Command[] = [planList, planCreate];
