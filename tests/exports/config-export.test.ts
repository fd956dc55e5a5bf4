// GET /api/admin/export/config: the snapshot has every section and no secret in any form — neither
// the plaintext nor the stored ciphertext (nor a piece of it) appears anywhere in the JSON text.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { encryptSecret, keyedHash } from "../../src/server/crypto/secrets";
import { appConfig, auditLogs, inbounds, nodes, paymentProviders, plans, streamingServices } from "../../src/server/db/schema";
import { updatePaymentProviderConfig } from "../../src/server/services/payments-config";
import { updateSettings } from "../../src/server/services/settings";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", () => ({ requestCtx: async () => caller.ctx }));
const { GET } = await import("../../src/app/api/admin/export/config/route");

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, user: U;

const SECRETS = {
  smtpPassword: "smtp-PLAINTEXT-pw-1",
  turnstileSecretKey: "turnstile-PLAINTEXT-2",
  panelPassword: "panel-PLAINTEXT-pw-3",
  panelApiToken: "panel-PLAINTEXT-token-4",
  agentToken: "agent-PLAINTEXT-token-5",
  streaming: "netflix-PLAINTEXT-login-6",
  epayKey: "epay-PLAINTEXT-key-7",
  usdtApiKey: "trongrid-PLAINTEXT-key-8",
  ssServerKey: "ss2022-PLAINTEXT-server-9",
  realityPrivate: "reality-PLAINTEXT-private-10",
};

beforeAll(async () => {
  [admin, user] = [await makeUser(t.db, "ADMIN"), await makeUser(t.db)];
  await updateSettings(cliCtx(t.db), { smtpHost: "smtp.example.com", smtpUser: "mailer", smtpPassword: SECRETS.smtpPassword, turnstileSiteKey: "site-key-public", turnstileSecretKey: SECRETS.turnstileSecretKey });
  await updatePaymentProviderConfig(cliCtx(t.db), "epay", { gatewayUrl: "https://pay.example.com", pid: "1001", key: SECRETS.epayKey });
  await updatePaymentProviderConfig(cliCtx(t.db), "usdt_trc20", { apiKey: SECRETS.usdtApiKey });
  const [node] = await t.db
    .insert(nodes)
    .values({
      name: "Tokyo 1",
      panelUrl: "https://admin:urlpass-PLAINTEXT@panel.example.com:2053/xui",
      panelUsername: "admin",
      panelPasswordEnc: encryptSecret(SECRETS.panelPassword),
      panelApiTokenEnc: encryptSecret(SECRETS.panelApiToken),
      agentTokenEnc: encryptSecret(SECRETS.agentToken),
      agentTokenHash: keyedHash(SECRETS.agentToken, "agent-token"),
      agentTokenCreatedAt: new Date(),
    })
    .returning();
  // As if an older sync had mirrored server keys: the export must mask them by name.
  const [ib] = await t.db
    .insert(inbounds)
    .values({
      nodeId: node!.id,
      panelInboundId: 7,
      tag: "inbound-443",
      protocol: "shadowsocks",
      port: 443,
      settings: { method: "2022-blake3-aes-128-gcm", password: SECRETS.ssServerKey, network: "tcp", clients: [{ email: "x@y", password: "client-pw" }] },
      streamSettings: { security: "reality", realitySettings: { publicKey: "reality-public", shortIds: ["ab12"], privateKey: SECRETS.realityPrivate } },
    })
    .returning();
  const [svc] = await t.db.insert(streamingServices).values({ name: "Netflix", credentialsEnc: encryptSecret(JSON.stringify({ login: SECRETS.streaming })), slotCount: 4 }).returning();
  await t.db.insert(plans).values([
    { kind: "PROXY", name: "Basic", nodeId: node!.id, priceMinor: 1000, trafficGb: 100, durationDays: 30 },
    { kind: "STREAMING", name: "Netflix slot", streamingServiceId: svc!.id, priceMinor: 2000, durationDays: 30 },
  ]);
  expect(ib).toBeDefined();
});

const as = (ctx: Ctx) => (caller.ctx = ctx);
const get = () => GET(new Request("http://relayboard.test/api/admin/export/config"), { params: Promise.resolve({}) });

/** Every stored ciphertext and its long pieces (iv, tag, body), so a partial leak fails too. */
async function storedCiphertexts(): Promise<string[]> {
  const out: string[] = [];
  for (const r of await t.db.select().from(appConfig)) if (typeof r.value === "string" && r.value.startsWith("v1.")) out.push(r.value);
  for (const r of await t.db.select().from(nodes)) out.push(...([r.panelPasswordEnc, r.panelApiTokenEnc, r.agentTokenEnc, r.agentTokenHash].filter(Boolean) as string[]));
  for (const r of await t.db.select().from(streamingServices)) out.push(r.credentialsEnc);
  for (const r of await t.db.select().from(paymentProviders)) if (r.secretsEnc) out.push(r.secretsEnc);
  return out.flatMap((c) => [c, ...c.split(".").filter((part) => part.length >= 16)]);
}

describe("GET /api/admin/export/config", () => {
  it("contains no secret: no plaintext, no ciphertext, not even a piece of one", async () => {
    as(admin.ctx);
    const res = await get();
    expect(res.status).toBe(200);
    const text = await res.text();
    const ciphertexts = await storedCiphertexts();
    expect(ciphertexts.length).toBeGreaterThanOrEqual(8);
    for (const secret of [...Object.values(SECRETS), "urlpass-PLAINTEXT", "client-pw", ...ciphertexts]) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/PLAINTEXT/);
  });

  it("has every section, with secrets as { set } and the rest intact", async () => {
    as(admin.ctx);
    const res = await get();
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="relayboard-config-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as Record<string, unknown> & {
      settings: Record<string, unknown>;
      nodes: Record<string, unknown>[];
      inbounds: { settings: Record<string, unknown>; streamSettings: { realitySettings: Record<string, unknown> } }[];
      streamingServices: Record<string, unknown>[];
      plans: Record<string, unknown>[];
      paymentProviders: { provider: string; config: Record<string, unknown>; secrets: Record<string, unknown> }[];
    };
    expect(Object.keys(body)).toEqual(expect.arrayContaining(["version", "exportedAt", "settings", "announcements", "streamingServices", "plans", "nodes", "inbounds", "paymentProviders"]));

    expect(body.settings).toMatchObject({ smtpHost: "smtp.example.com", smtpUser: "mailer", turnstileSiteKey: "site-key-public", smtpPassword: { set: true }, turnstileSecretKey: { set: true }, siteName: "Relayboard" });
    expect(body.settings).not.toHaveProperty("secretsSet");

    expect(body.nodes).toHaveLength(1);
    expect(body.nodes[0]).toMatchObject({ name: "Tokyo 1", panelUsername: "admin", panelUrl: "https://panel.example.com:2053/xui", panelPassword: { set: true }, panelApiToken: { set: true }, agentToken: { set: true } });
    for (const k of Object.keys(body.nodes[0]!)) expect(k).not.toMatch(/Enc$|Hash$/);

    const ib = body.inbounds[0]!;
    expect(ib.settings).toMatchObject({ method: "2022-blake3-aes-128-gcm", network: "tcp", password: { set: true }, clients: { set: true } });
    expect(ib.streamSettings.realitySettings).toMatchObject({ publicKey: "reality-public", shortIds: ["ab12"], privateKey: { set: true } });

    expect(body.streamingServices[0]).toMatchObject({ name: "Netflix", slotCount: 4, credentials: { set: true } });
    expect(body.streamingServices[0]).not.toHaveProperty("credentialsEnc");
    expect(body.plans.map((p) => p.name).sort()).toEqual(["Basic", "Netflix slot"]);

    const epay = body.paymentProviders.find((p) => p.provider === "epay")!;
    expect(epay.config).toMatchObject({ gatewayUrl: "https://pay.example.com", pid: "1001" });
    expect(epay.secrets).toEqual({ key: { set: true } });
    const alipay = body.paymentProviders.find((p) => p.provider === "alipay_f2f")!;
    expect(alipay.secrets).toEqual({ privateKey: { set: false } });
  });

  it("writes an export.config audit row", async () => {
    as(admin.ctx);
    const before = (await t.db.select().from(auditLogs).where(eq(auditLogs.action, "export.config"))).length;
    await get();
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "export.config"));
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorId: admin.id, actorKind: "admin" });
  });

  it("refuses anonymous callers (401) and ordinary users (403), and audits nothing for them", async () => {
    const before = (await t.db.select().from(auditLogs).where(eq(auditLogs.action, "export.config"))).length;
    as(anonCtx(t.db));
    expect((await get()).status).toBe(401);
    as(user.ctx);
    const res = await get();
    expect(res.status).toBe(403);
    expect(await res.text()).not.toMatch(/PLAINTEXT|smtp/);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.action, "export.config"))).toHaveLength(before);
  });
});
