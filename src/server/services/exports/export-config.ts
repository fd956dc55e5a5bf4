// GET /api/admin/export/config: a configuration snapshot an operator can keep or compare. Secrets
// appear only as { set }, never as plaintext or ciphertext; ciphertext columns are not even read.
import { asc } from "drizzle-orm";
import { hasPermission, requireAdmin, type Ctx } from "../../context";
import { announcements, inbounds, nodes, planInbounds, plans, streamingServices } from "../../db/schema";
import { recordAudit } from "../audit";
import { listPaymentProviderConfigs } from "../payments-config/list-configs";
import { getSettings } from "../settings/queries";
import { SECRET_SETTINGS } from "../settings/schema";
import { maskSecrets, withoutUserInfo } from "./mask";

export const CONFIG_EXPORT_VERSION = 1;

export interface ConfigExport {
  version: number;
  exportedAt: string;
  settings: Record<string, unknown>;
  announcements: unknown[];
  streamingServices: unknown[];
  plans: unknown[];
  nodes: unknown[];
  inbounds: unknown[];
  paymentProviders: unknown[];
}

const set = (v: string | null | undefined) => ({ set: Boolean(v) });

async function settingsSection(ctx: Ctx): Promise<Record<string, unknown>> {
  const { secretsSet, secretsUnreadable: _u, ...plain } = await getSettings(ctx);
  const out: Record<string, unknown> = { ...plain };
  for (const k of SECRET_SETTINGS) out[k] = { set: secretsSet[k] };
  return out;
}

async function nodesSection(ctx: Ctx) {
  // Only the "is it set" of each secret column leaves the database, as a boolean.
  const rows = await ctx.db
    .select({
      id: nodes.id,
      name: nodes.name,
      panelUrl: nodes.panelUrl,
      panelUsername: nodes.panelUsername,
      panelTlsInsecure: nodes.panelTlsInsecure,
      publicHost: nodes.publicHost,
      visibility: nodes.visibility,
      sortOrder: nodes.sortOrder,
      panelStatus: nodes.panelStatus,
      lastSyncAt: nodes.lastSyncAt,
      agentTokenCreatedAt: nodes.agentTokenCreatedAt,
      hasPanelPassword: nodes.panelPasswordEnc,
      hasPanelApiToken: nodes.panelApiTokenEnc,
      hasAgentToken: nodes.agentTokenHash,
      createdAt: nodes.createdAt,
      updatedAt: nodes.updatedAt,
    })
    .from(nodes)
    .orderBy(asc(nodes.sortOrder), asc(nodes.name));
  return rows.map(({ hasPanelPassword, hasPanelApiToken, hasAgentToken, panelUrl, ...n }) => ({
    ...n,
    panelUrl: withoutUserInfo(panelUrl),
    panelPassword: set(hasPanelPassword),
    panelApiToken: set(hasPanelApiToken),
    agentToken: set(hasAgentToken),
  }));
}

async function streamingSection(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      id: streamingServices.id,
      name: streamingServices.name,
      description: streamingServices.description,
      slotCount: streamingServices.slotCount,
      slotsHeld: streamingServices.slotsHeld,
      enabled: streamingServices.enabled,
      credentialsEnc: streamingServices.credentialsEnc,
      createdAt: streamingServices.createdAt,
      updatedAt: streamingServices.updatedAt,
    })
    .from(streamingServices)
    .orderBy(asc(streamingServices.name));
  return rows.map(({ credentialsEnc, ...s }) => ({ ...s, credentials: set(credentialsEnc) }));
}

async function plansSection(ctx: Ctx) {
  const [rows, links] = await Promise.all([ctx.db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.name)), ctx.db.select().from(planInbounds)]);
  return rows.map((p) => ({ ...p, inboundIds: links.filter((l) => l.planId === p.id).map((l) => l.inboundId) }));
}

async function paymentsSection(ctx: Ctx) {
  const views = await listPaymentProviderConfigs(ctx);
  return views.map((v) => ({
    provider: v.provider,
    enabled: v.enabled,
    displayName: v.displayName,
    sortOrder: v.sortOrder,
    // Non-secret by design; masked by key name anyway in case a secret ever lands in config.
    config: maskSecrets(v.config, { byKey: true }),
    secrets: Object.fromEntries(Object.entries(v.secrets).map(([k, state]) => [k, { set: state !== "unset" }])),
    notifyUrl: v.notifyUrl,
    updatedAt: v.updatedAt,
  }));
}

/**
 * The snapshot (staff who may read the settings); writes the "export.config" audit row. The payment
 * providers' section (which keys are set) only for those who may see payment secrets.
 */
export async function exportConfig(ctx: Ctx): Promise<ConfigExport> {
  requireAdmin(ctx, "settings.read");
  const [settings, announcementRows, streaming, planRows, nodeRows, inboundRows, payments] = await Promise.all([
    settingsSection(ctx),
    ctx.db.select().from(announcements).orderBy(asc(announcements.createdAt)),
    streamingSection(ctx),
    plansSection(ctx),
    nodesSection(ctx),
    ctx.db.select().from(inbounds).orderBy(asc(inbounds.nodeId), asc(inbounds.panelInboundId)),
    hasPermission(ctx, "payments.secrets") ? paymentsSection(ctx) : Promise.resolve([]),
  ]);
  const snapshot = {
    version: CONFIG_EXPORT_VERSION,
    exportedAt: ctx.now().toISOString(),
    settings,
    announcements: announcementRows,
    streamingServices: streaming,
    plans: planRows,
    nodes: nodeRows,
    // The mirror already drops client lists and server keys; panel JSON is foreign, so mask by key too.
    inbounds: inboundRows.map((ib) => ({ ...ib, settings: maskSecrets(ib.settings, { byKey: true }), streamSettings: maskSecrets(ib.streamSettings, { byKey: true }) })),
    paymentProviders: payments,
  };
  await recordAudit(ctx, {
    action: "export.config",
    metadata: { nodes: nodeRows.length, inbounds: inboundRows.length, plans: planRows.length, announcements: announcementRows.length, streamingServices: streaming.length },
  });
  // Last guard: no ciphertext-shaped string survives anywhere (dates become ISO strings here too).
  return maskSecrets(snapshot, { byKey: false }) as ConfigExport;
}

/** relayboard-config-2026-11-25.json (UTC date of the export). */
export const configExportFileName = (at: Date) => `relayboard-config-${at.toISOString().slice(0, 10)}.json`;
