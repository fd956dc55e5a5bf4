// The admin routes: GET /api/admin/backup/database (contract: a dump, audited, no-store, admins
// only), POST /api/admin/backup/restore (typed word, same origin, size cap, 409 on another
// migration level, rows per table) and the stored-dump download (exact names only).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { auditLogs, userSessions } from "../../src/server/db/schema";
import { restoreUploadedDump } from "../../src/server/services/backup";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", () => ({ requestCtx: async () => caller.ctx }));
const { GET: download } = await import("../../src/app/api/admin/backup/database/route");
const { POST: restore } = await import("../../src/app/api/admin/backup/restore/route");
const { GET: stored } = await import("../../src/app/api/admin/backup/files/[name]/route");

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, user: U;
beforeAll(async () => {
  [admin, user] = [await makeUser(t.db, "ADMIN"), await makeUser(t.db)];
});

const as = (ctx: Ctx) => (caller.ctx = ctx);
const noParams = { params: Promise.resolve({}) };
const get = () => download(new Request("http://relayboard.test/api/admin/backup/database"), noParams);
const post = (body: string, headers: Record<string, string> = {}) =>
  restore(
    new Request("http://relayboard.test/api/admin/backup/restore", {
      method: "POST",
      body,
      headers: { host: "relayboard.test", origin: "http://relayboard.test", "sec-fetch-site": "same-origin", "content-type": "application/sql", "x-relayboard-confirm": "RESTORE", ...headers },
    }),
    noParams,
  );

describe("GET /api/admin/backup/database", () => {
  it("streams a dump with a timestamped attachment name, no-store, and audits who took it", async () => {
    as(admin.ctx);
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="relayboard-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sql"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toMatch(/^-- Relayboard database dump\n-- format: 1\n/);
    expect(text).toContain(`INSERT INTO "users"`);
    expect(text).toContain(admin.email);
    const [row] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "backup.download"));
    expect(row).toMatchObject({ actorId: admin.id, targetType: "database" });
    // The audit row records sizes, never the content.
    expect(JSON.stringify(row!.metadata)).not.toContain(admin.email);
  });

  it("refuses anonymous callers (401) and non-admins (403)", async () => {
    as(anonCtx(t.db));
    expect((await get()).status).toBe(401);
    as(user.ctx);
    expect((await get()).status).toBe(403);
  });
});

describe("POST /api/admin/backup/restore", () => {
  it("refuses anonymous callers (401), non-admins (403) and cross-site requests (403), changing nothing", async () => {
    as(admin.ctx);
    const dump = await (await get()).text();
    as(anonCtx(t.db));
    expect((await post(dump)).status).toBe(401);
    as(user.ctx);
    expect((await post(dump)).status).toBe(403);
    as(admin.ctx);
    const cross = await post(dump, { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
    expect(cross.status).toBe(403);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.action, "backup.restore"))).toHaveLength(0);
  });

  it("needs the typed word (400), refuses a too-large body (413) and another migration level (409)", async () => {
    as(admin.ctx);
    const dump = await (await get()).text();
    const wrong = await post(dump, { "x-relayboard-confirm": "restore please" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.details.reason).toBe("backup_confirmation_wrong");
    const big = await post(dump, { "content-length": String(2 * 1024 * 1024 * 1024) });
    expect(big.status).toBe(413);
    const other = await post(dump.replace(/^-- migrations: (\d+)$/m, "-- migrations: 1"));
    expect(other.status).toBe(409);
    expect((await other.json()).error.details.reason).toBe("backup_migration_mismatch");
    const refused = await post(`${dump}\nDROP TABLE users;\n`);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { details: { reason: string; line: number } } };
    expect(body.error.details).toMatchObject({ reason: "backup_statement_refused", line: dump.split("\n").length + 1 });
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "backup.restore_refused"));
    expect(audits.map((a) => (a.metadata as { reason: string }).reason)).toEqual(expect.arrayContaining(["backup_migration_mismatch", "backup_statement_refused"]));
  });

  it("caps the body while it streams, whatever Content-Length says (413)", async () => {
    as(admin.ctx);
    const dump = await (await get()).text();
    await expect(restoreUploadedDump(admin.ctx, { confirm: "RESTORE" }, new Response(dump).body, { maxBytes: 100 })).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("restores, answers rows per table, revokes every session and audits it after the commit", async () => {
    as(admin.ctx);
    const dump = await (await get()).text();
    await makeUser(t.db, "USER", "added-later@example.com");
    await t.db.insert(userSessions).values({ userId: admin.id, sessionVersion: 0, expiresAt: new Date(Date.now() + 86_400_000) });
    const res = await post(dump);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rows: Record<string, number>; signInAgain: boolean; sessionsRevoked: number };
    expect(body.signInAgain).toBe(true);
    expect(body.rows.users).toBe(2);
    expect(Object.keys(body.rows)).toContain("app_config");
    const open = await t.db.select().from(userSessions).where(and(eq(userSessions.userId, admin.id)));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "backup.restore"));
    expect(audit).toMatchObject({ actorId: admin.id });
  });
});

describe("GET /api/admin/backup/files/[name]", () => {
  it("answers 404 for names that are not a stored dump's, and refuses non-admins", async () => {
    as(admin.ctx);
    for (const name of ["../relayboard.lock", "relayboard-backup-2026-01-01T00-00-00Z.sql", "x.sql"]) {
      expect((await stored(new Request("http://relayboard.test/x"), { params: Promise.resolve({ name }) })).status).toBe(404);
    }
    as(user.ctx);
    expect((await stored(new Request("http://relayboard.test/x"), { params: Promise.resolve({ name: "x.sql" }) })).status).toBe(403);
  });
});

describe("stored scheduled dumps", () => {
  it("are listed newest first and download by name, audited", async () => {
    const { runScheduledBackup, listStoredBackups } = await import("../../src/server/services/backup");
    const { updateSettings } = await import("../../src/server/services/settings");
    await updateSettings(admin.ctx, { backupScheduleEnabled: true });
    const ran = await runScheduledBackup(t.db, { now: new Date("2026-03-04T05:06:07Z") });
    expect(ran).toMatchObject({ ran: true, file: "relayboard-backup-2026-03-04T05-06-07Z.sql" });
    const list = await listStoredBackups(admin.ctx);
    expect(list[0]).toMatchObject({ name: "relayboard-backup-2026-03-04T05-06-07Z.sql" });
    await expect(listStoredBackups(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    as(admin.ctx);
    const res = await stored(new Request("http://relayboard.test/x"), { params: Promise.resolve({ name: list[0]!.name }) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${list[0]!.name}"`);
    expect(await res.text()).toMatch(/^-- Relayboard database dump\n/);
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "backup.download_stored"));
    expect(audit).toMatchObject({ actorId: admin.id, targetId: list[0]!.name });
  });
});
