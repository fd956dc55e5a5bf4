// Pure transforms between 3x-ui's JSON (protocols.md §1.5) and our typed shapes. No I/O here, so every
// quirk of the wire format (settings as JSON strings, bytes named totalGB, tgId as "" or int) is tested
// in one place.
import { z } from "zod";
import type { InboundClient, PanelClientInput, PanelClientPatch, PanelClientTraffic, PanelInbound } from "./types";

/** int64 fields: absent on older panels (v2.6 has no allTime/lastOnline) or null; both mean 0. */
const int = z.number().nullish().transform((v) => v ?? 0);
const text = z.string().nullish().transform((v) => v ?? "");

const rawTrafficSchema = z.looseObject({
  inboundId: int,
  email: z.string(),
  enable: z.boolean().nullish().transform((v) => v ?? true),
  up: int,
  down: int,
  allTime: z.number().nullish(),
  total: int,
  expiryTime: int,
  lastOnline: int,
});

const rawInboundSchema = z.looseObject({
  id: z.number(),
  remark: text,
  enable: z.boolean().nullish().transform((v) => v ?? true),
  protocol: z.string(),
  listen: text,
  port: z.number(),
  tag: text,
  up: int,
  down: int,
  total: int,
  expiryTime: int,
  settings: z.unknown(),
  streamSettings: z.unknown(),
  sniffing: z.unknown(),
  // `get/:id` does not preload stats, so the field is null there (§1.4).
  clientStats: z.array(rawTrafficSchema).nullish(),
});

const rawClientSchema = z.looseObject({
  id: text,
  password: text,
  auth: text,
  email: z.string(),
  enable: z.boolean().nullish().transform((v) => v ?? true),
  totalGB: int,
  expiryTime: int,
  limitIp: int,
  subId: text,
  comment: text,
  flow: text,
  security: text,
});

export type RawClient = Record<string, unknown>;

/** Settings, streamSettings and sniffing arrive as JSON strings; tolerate objects and junk. */
export function parseJsonObject(value: unknown): Record<string, unknown> {
  let parsed: unknown = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return isRecord(parsed) ? parsed : {};
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Where the client's secret lives in `settings.clients[]` for each protocol. */
export function credentialField(protocol: string): "id" | "password" | "auth" {
  if (protocol === "trojan" || protocol === "shadowsocks") return "password";
  if (protocol === "hysteria" || protocol === "hysteria2") return "auth";
  return "id";
}

/** The `:clientId` of updateClient/delClient (§1.7): uuid, trojan password, shadowsocks email, hysteria auth. */
export function clientKeyField(protocol: string): "id" | "password" | "email" | "auth" {
  if (protocol === "shadowsocks") return "email";
  return credentialField(protocol);
}

export function clientKeyOf(protocol: string, client: RawClient): string {
  const v = client[clientKeyField(protocol)];
  return typeof v === "string" ? v : "";
}

export function rawClientsOf(settings: Record<string, unknown>): RawClient[] {
  const clients = settings.clients;
  return Array.isArray(clients) ? clients.filter(isRecord) : [];
}

/** Emails are unique case-insensitively across a panel (§1.6), so look them up the same way. */
export function findRawClient(settings: Record<string, unknown>, email: string): RawClient | undefined {
  const wanted = email.toLowerCase();
  return rawClientsOf(settings).find((c) => typeof c.email === "string" && c.email.toLowerCase() === wanted);
}

export function toInboundClient(protocol: string, raw: unknown): InboundClient | null {
  const r = rawClientSchema.safeParse(raw);
  if (!r.success) return null;
  const c = r.data;
  return {
    email: c.email,
    credential: c[credentialField(protocol)],
    enable: c.enable,
    totalBytes: c.totalGB,
    expiryTime: c.expiryTime,
    limitIp: c.limitIp,
    subId: c.subId,
    comment: c.comment,
    flow: c.flow,
    security: c.security,
  };
}

export function toClientTraffic(raw: unknown): PanelClientTraffic {
  const t = rawTrafficSchema.parse(raw);
  return {
    inboundId: t.inboundId,
    email: t.email,
    enable: t.enable,
    up: t.up,
    down: t.down,
    allTime: t.allTime ?? t.up + t.down,
    totalBytes: t.total,
    expiryTime: t.expiryTime,
    lastOnline: t.lastOnline,
  };
}

/** One panel inbound -> our shape. Throws (zod) on a shape that is not an inbound at all. */
export function toInbound(raw: unknown): PanelInbound {
  const i = rawInboundSchema.parse(raw);
  const settings = parseJsonObject(i.settings);
  const clients = rawClientsOf(settings)
    .map((c) => toInboundClient(i.protocol, c))
    .filter((c): c is InboundClient => c !== null);
  return {
    id: i.id,
    remark: i.remark,
    enable: i.enable,
    protocol: i.protocol,
    listen: i.listen,
    port: i.port,
    tag: i.tag,
    up: i.up,
    down: i.down,
    totalBytes: i.total,
    expiryTime: i.expiryTime,
    settings,
    streamSettings: parseJsonObject(i.streamSettings),
    sniffing: parseJsonObject(i.sniffing),
    clients,
    clientStats: (i.clientStats ?? []).map(toClientTraffic),
  };
}

/** A new panel client (model.Client JSON) from our input; `credential` goes to the protocol's field. */
export function buildRawClient(protocol: string, input: PanelClientInput): RawClient {
  const client: RawClient = {
    email: input.email,
    limitIp: input.limitIp ?? 0,
    totalGB: input.totalBytes,
    expiryTime: input.expiryTime,
    enable: input.enable,
    // Go int64 on the server: send a number, never the UI's "" default.
    tgId: 0,
    subId: input.subId ?? "",
    comment: input.comment ?? "",
    reset: 0,
  };
  client[credentialField(protocol)] = input.credential;
  if (protocol === "vless") client.flow = input.flow ?? "";
  if (protocol === "vmess") client.security = input.security ?? "auto";
  return client;
}

/** The existing raw client with only the patched fields replaced, so unknown fields survive an update. */
export function applyClientPatch(protocol: string, existing: RawClient, patch: PanelClientPatch): RawClient {
  const next: RawClient = { ...existing };
  if (patch.credential !== undefined) next[credentialField(protocol)] = patch.credential;
  if (patch.enable !== undefined) next.enable = patch.enable;
  if (patch.totalBytes !== undefined) next.totalGB = patch.totalBytes;
  if (patch.expiryTime !== undefined) next.expiryTime = patch.expiryTime;
  if (patch.limitIp !== undefined) next.limitIp = patch.limitIp;
  if (patch.subId !== undefined) next.subId = patch.subId;
  if (patch.comment !== undefined) next.comment = patch.comment;
  if (patch.flow !== undefined) next.flow = patch.flow;
  if (patch.security !== undefined) next.security = patch.security;
  // The UI may have stored tgId as ""; Go's int64 binding would reject that on the way back in.
  if (typeof next.tgId === "string") next.tgId = Number(next.tgId) || 0;
  return next;
}

/**
 * Settings as we mirror them: everything needed to describe the inbound and build share links (method,
 * server key of Shadowsocks-2022, vless decryption, fallbacks), without any client's or peer's secret.
 */
export function sanitizeInboundSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const { clients: _clients, peers: _peers, accounts: _accounts, users: _users, ...rest } = settings;
  return rest;
}

/** Stream settings without server private material (REALITY private key and seed, TLS key files). */
export function sanitizeStreamSettings(stream: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stream };
  if (isRecord(stream.realitySettings)) {
    const { privateKey: _k, mldsa65Seed: _s, ...reality } = stream.realitySettings;
    out.realitySettings = reality;
  }
  if (isRecord(stream.tlsSettings)) {
    const { certificates: _c, ...tls } = stream.tlsSettings;
    out.tlsSettings = tls;
  }
  return out;
}
