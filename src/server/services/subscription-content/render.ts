// Rendered content, cached per subscription and format. The key holds the subscription's and its
// node's content versions, which every change that affects the output bumps (status, credentials,
// inbounds, display names, node address): a stale entry is never read again, on any instance, and
// simply ages out. Concurrent misses for one key share one render.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inbounds, nodeClients, nodes } from "../../db/schema";
import { decryptSecret } from "../../crypto/secrets";
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
  const value = loadEndpoints(db, subs.map((s) => s.id));
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
  const rows = await db
    .select({ client: nodeClients, inbound: inbounds, node: { name: nodes.name, publicHost: nodes.publicHost, panelUrl: nodes.panelUrl } })
    .from(nodeClients)
    .innerJoin(inbounds, eq(inbounds.id, nodeClients.inboundId))
    .innerJoin(nodes, eq(nodes.id, nodeClients.nodeId))
    .where(and(inArray(nodeClients.subscriptionId, subscriptionIds), eq(inbounds.active, true), eq(inbounds.enabled, true)))
    .orderBy(nodeClients.createdAt, inbounds.port);
  const order = new Map(subscriptionIds.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.client.subscriptionId)! - order.get(b.client.subscriptionId)!);
  const eps: ProxyEndpoint[] = [];
  for (const { client, inbound, node } of rows) {
    if (!isRenderable(inbound.protocol, inbound.settings)) continue;
    eps.push(
      ...endpointsFor({
        inbound: { protocol: inbound.protocol, port: inbound.port, listen: inbound.listen, remark: inbound.remark, displayName: inbound.displayName, settings: inbound.settings, streamSettings: inbound.streamSettings },
        client: { email: client.email, credential: decryptSecret(client.credentialEnc), flow: flowOf(inbound.protocol, inbound.streamSettings) },
        nodeHost: nodeHostOf(node),
        nodeName: node.name,
      }),
    );
  }
  return uniqueNames(eps);
}
