// Rendered content, cached per subscription and format. The key holds the subscription's and its
// node's content versions, which every change that affects the output bumps (status, credentials,
// inbounds, display names, node address): a stale entry is never read again, on any instance, and
// simply ages out. Concurrent misses for one key share one render.
import type { Db } from "../../db/client";
import { decryptSecret } from "../../crypto/secrets";
import { coalescing, perHandle } from "../../db/coalesce";
import { hotRows } from "../../db/hot-query";
import { countSkippedEndpoints } from "../../metrics/count";
// The flow provisioning gave the client: the same rule, so links match the panel.
import { flowFor as flowOf } from "../provisioning/converge-client";
import type { SubjectSubscription } from "./access";
import { documentClash } from "./clash";
import { limitsKey, versionRefusal, type ClientLimits } from "./client-capabilities";
import { carriedBy, endpointsFor, isRenderable, uniqueNames } from "./endpoints";
import { documentBase64, documentPlain } from "./share-links";
import { documentSingBox } from "./sing-box";
import { isUnreadableReason } from "./stream";
import type { ProxyEndpoint, RenderedContent, ServedFormat } from "./types";
import { documentLoon } from "./loon";
import { documentQuantumultX } from "./quantumult-x";
import { documentShadowrocket } from "./shadowrocket";
import { documentSip008 } from "./sip008";
import { documentSurge } from "./surge";
import { documentV2rayJson, documentXrayJson } from "./v2ray-json";

const MAX_ENTRIES = 5_000;
const NO_LIMITS: ClientLimits = { client: null, version: null, lacks: [] };
const cache = new Map<string, Promise<RenderedContent>>();

export function cacheKey(scope: string, format: ServedFormat, subs: Pick<SubjectSubscription, "id" | "contentVersion" | "nodeVersion">[]): string {
  return `${scope}|${format}|${subs.map((s) => `${s.id}.${s.contentVersion}.${s.nodeVersion}`).join(",")}`;
}

export function renderCached(db: Db, baseKey: string, format: ServedFormat, subs: SubjectSubscription[], title: string, limits: ClientLimits = NO_LIMITS): Promise<RenderedContent> {
  const gated = limitsKey(limits);
  const key = gated ? `${baseKey}|lacks:${gated}` : baseKey;
  const hit = cache.get(key);
  if (hit) {
    // Refresh its place: the Map's insertion order is the eviction order (least recently used first).
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = endpointsCached(db, subs).then((eps) => renderCounted(format, eps, title, limits));
  cache.set(key, value);
  value.catch(() => cache.delete(key));
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}

// The endpoints of a set of subscriptions at given versions, shared by every format: a client that
// asks for Clash after base64 costs no second query. Same key rule and eviction as the documents.
const endpointCache = new Map<string, Promise<ProxyEndpoint[]>>();

function endpointsCached(db: Db, subs: Pick<SubjectSubscription, "id" | "contentVersion" | "nodeVersion">[]): Promise<ProxyEndpoint[]> {
  const key = subs.map((s) => `${s.id}.${s.contentVersion}.${s.nodeVersion}`).join(",");
  const hit = endpointCache.get(key);
  if (hit) return hit;
  const value = subs.length === 1 ? loadOneEndpoints(db)(subs[0]!.id).then(ownEndpoints) : loadEndpoints(db, subs.map((s) => s.id));
  endpointCache.set(key, value);
  value.catch(() => endpointCache.delete(key));
  if (endpointCache.size > MAX_ENTRIES) endpointCache.delete(endpointCache.keys().next().value!);
  return value;
}

/**
 * A render for a client's capabilities whose left-out endpoints are counted (once per render: a
 * cached document is not counted again). Endpoints the client's version cannot use are left out first.
 */
export function renderCounted(format: ServedFormat, eps: ProxyEndpoint[], title: string, limits: ClientLimits = NO_LIMITS): RenderedContent {
  const { kept, skipped: tooNew } = carriedBy(eps, (ep) => versionRefusal(limits, ep));
  const rendered = renderDocument(format, kept, title);
  const doc = tooNew.length ? { ...rendered, skipped: [...tooNew, ...rendered.skipped] } : rendered;
  if (doc.skipped.length) {
    const unreadable = rendered.skipped.filter((s) => isUnreadableReason(s.reason)).length;
    countSkippedEndpoints(format, unreadable, rendered.skipped.length - unreadable, tooNew.length);
  }
  return doc;
}

export function clearContentCache(): void {
  cache.clear();
  endpointCache.clear();
}

export function renderDocument(format: ServedFormat, eps: ProxyEndpoint[], title: string): RenderedContent {
  switch (format) {
    case "base64":
      return documentBase64(eps);
    case "plain":
      return documentPlain(eps);
    case "clash":
      return documentClash(eps, { dialect: "mihomo", title });
    case "stash":
      return documentClash(eps, { dialect: "stash", title });
    case "sing-box":
      return documentSingBox(eps, { title });
    case "v2ray-json":
      return documentV2rayJson(eps);
    case "clash-classic":
      return documentClash(eps, { dialect: "classic", title });
    case "sip008":
      return documentSip008(eps);
    case "xray-json":
      return documentXrayJson(eps);
    case "surge":
      return documentSurge(eps, { dialect: "surge", title });
    case "surfboard":
      return documentSurge(eps, { dialect: "surfboard", title });
    case "quantumult-x":
      return documentQuantumultX(eps);
    case "loon":
      return documentLoon(eps);
    case "shadowrocket":
      return documentShadowrocket(eps);
  }
}

/** Hostname clients dial when the node has no public host of its own: the panel URL's host. */
export function nodeHostOf(node: { publicHost: string | null; panelUrl: string }): string {
  if (node.publicHost) return node.publicHost;
  try {
    return new URL(node.panelUrl).hostname.replace(/^\[|\]$/g, "");
  } catch {
    return "";
  }
}

/** Every endpoint of these subscriptions, in subscription then inbound order. */
export async function loadEndpoints(db: Db, subscriptionIds: string[]): Promise<ProxyEndpoint[]> {
  if (subscriptionIds.length === 0) return [];
  const rows = await endpointRows(db, subscriptionIds);
  const order = new Map(subscriptionIds.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.subscriptionId)! - order.get(b.subscriptionId)!);
  return uniqueNames(rows.flatMap(endpointsOfRow));
}

// One subscription's endpoints (the content endpoint's usual case): concurrent first fetches of
// different subscriptions share one query, split here per subscription. A row that cannot be made
// into endpoints (a credential that no longer decrypts) fails its own subscription's fetch only,
// not the others that happened to share the round.
const loadOneEndpoints = perHandle((db: Db) =>
  coalescing(async (ids: string[]) => {
    const rows = new Map<string, EndpointRow[]>(ids.map((id) => [id, []]));
    for (const row of await endpointRows(db, ids)) rows.get(row.subscriptionId)!.push(row);
    const bySub = new Map<string, ProxyEndpoint[] | Error>();
    for (const [id, own] of rows) {
      try {
        bySub.set(id, uniqueNames(own.flatMap(endpointsOfRow)));
      } catch (err) {
        bySub.set(id, err instanceof Error ? err : new Error(String(err)));
      }
    }
    return bySub;
  }),
);

function ownEndpoints(found: ProxyEndpoint[] | Error | undefined): ProxyEndpoint[] {
  if (found instanceof Error) throw found;
  return found ?? [];
}

interface EndpointRow {
  subscriptionId: string;
  client: { email: string; credentialEnc: string };
  inbound: { protocol: string; port: number; listen: string; remark: string; displayName: string | null; settings: Record<string, unknown>; streamSettings: Record<string, unknown> };
  node: { name: string; publicHost: string | null; panelUrl: string };
}

// The active and enabled inbounds' clients of these subscriptions, in client then inbound order.
const ENDPOINTS_SQL = `select nc.subscription_id, nc.email, nc.credential_enc, i.protocol, i.port, i.listen, i.remark, i.display_name,
  i.settings, i.stream_settings, n.name as node_name, n.public_host, n.panel_url
  from node_clients nc join inbounds i on i.id = nc.inbound_id join nodes n on n.id = nc.node_id
  where nc.subscription_id = any($1::uuid[]) and i.active and i.enabled
  order by nc.created_at, i.port`;

async function endpointRows(db: Db, subscriptionIds: string[]): Promise<EndpointRow[]> {
  const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const obj = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as Record<string, unknown>;
  return (await hotRows(db, "rb-content-endpoints", ENDPOINTS_SQL, [subscriptionIds])).map((r) => ({
    subscriptionId: String(r.subscription_id),
    client: { email: String(r.email), credentialEnc: String(r.credential_enc) },
    inbound: { protocol: String(r.protocol), port: Number(r.port), listen: String(r.listen), remark: String(r.remark), displayName: str(r.display_name), settings: obj(r.settings), streamSettings: obj(r.stream_settings) },
    node: { name: String(r.node_name), publicHost: str(r.public_host), panelUrl: String(r.panel_url) },
  }));
}

function endpointsOfRow({ client, inbound, node }: EndpointRow): ProxyEndpoint[] {
  if (!isRenderable(inbound.protocol, inbound.settings)) return [];
  return endpointsFor({
    inbound: { protocol: inbound.protocol, port: inbound.port, listen: inbound.listen, remark: inbound.remark, displayName: inbound.displayName, settings: inbound.settings, streamSettings: inbound.streamSettings },
    client: { email: client.email, credential: decryptSecret(client.credentialEnc), flow: flowOf(inbound.protocol, inbound.streamSettings) },
    nodeHost: nodeHostOf(node),
    nodeName: node.name,
  });
}
