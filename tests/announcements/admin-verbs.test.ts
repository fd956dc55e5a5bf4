// The admin verbs: who may call them, what they refuse (title, body size, window, unknown reader),
// the audit row each write leaves, the table's filters and search, and the CLI's commands.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { announcements, auditLogs } from "../../src/server/db/schema";
import { adminListAnnouncements, createAnnouncement, deleteAnnouncement, dismissAnnouncement, setAnnouncementEnabled, updateAnnouncement } from "../../src/server/services/announcements";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { cli, json } from "../cli/helpers";

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, user: U;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  user = await makeUser(t.db);
});

const auditOf = (id: string) => t.db.select().from(auditLogs).where(and(eq(auditLogs.targetType, "announcement"), eq(auditLogs.targetId, id)));
const valid = { title: "Maintenance tonight", body: "From **02:00**.", audience: "USERS", display: "BANNER" };

describe("callers", () => {
  it("every admin verb refuses anonymous callers and ordinary users", async () => {
    const a = await createAnnouncement(admin.ctx, valid);
    const verbs = [
      (ctx: ReturnType<typeof anonCtx>) => adminListAnnouncements(ctx, {}),
      (ctx: ReturnType<typeof anonCtx>) => createAnnouncement(ctx, valid),
      (ctx: ReturnType<typeof anonCtx>) => updateAnnouncement(ctx, a.id, valid),
      (ctx: ReturnType<typeof anonCtx>) => setAnnouncementEnabled(ctx, a.id, false),
      (ctx: ReturnType<typeof anonCtx>) => deleteAnnouncement(ctx, a.id),
    ];
    for (const verb of verbs) {
      await expect(verb(anonCtx(t.db))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
      await expect(verb(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN", details: { reason: "admin_required" } });
      await expect(verb(makeCtx(t.db, { kind: "agent", nodeId: "n" }))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
    expect((await t.db.select().from(announcements).where(eq(announcements.id, a.id)))[0]).toMatchObject({ enabled: true, title: valid.title });
    await deleteAnnouncement(admin.ctx, a.id);
  });
});

describe("input", () => {
  const fieldError = (raw: Record<string, unknown>) => createAnnouncement(admin.ctx, { ...valid, ...raw }).then(() => null, (e: { code: string; details: { reason: string; fields?: Record<string, string> } }) => e);

  it.each([
    [{ title: "" }, "title", "required"],
    [{ title: "   " }, "title", "required"],
    [{ title: "x".repeat(121) }, "title", "too_long"],
    [{ body: "x".repeat(20_001) }, "body", "too_long"],
    [{ audience: "EVERYONE" }, "audience", "invalid_choice"],
    [{ display: "TOAST" }, "display", "invalid_choice"],
    [{ audience: "USER" }, "targetEmail", "required"],
    [{ audience: "USER", targetEmail: "not-an-email" }, "targetEmail", "invalid_email"],
    [{ startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }, "endsAt", "before_start"],
    [{ startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" }, "endsAt", "before_start"],
    [{ startsAt: "yesterday-ish" }, "startsAt", "invalid"],
    [{ priority: 1.5 }, "priority", "not_integer"],
    [{ extra: 1 }, "extra", "unknown_field"],
  ])("%j is refused on %s (%s)", async (raw, field, code) => {
    const e = await fieldError(raw);
    expect(e).toMatchObject({ code: "VALIDATION", details: { fields: { [field]: code } } });
  });

  it("an unknown reader's email is a field error with its own reason (400), and nothing is written", async () => {
    const before = (await adminListAnnouncements(admin.ctx)).total;
    await expect(createAnnouncement(admin.ctx, { ...valid, audience: "USER", targetEmail: "nobody@example.com" })).rejects.toMatchObject({
      code: "VALIDATION",
      details: { reason: "announcement_target_unknown", fields: { targetEmail: "not_found" } },
    });
    expect((await adminListAnnouncements(admin.ctx)).total).toBe(before);
  });

  it("a body of exactly 20 000 characters is fine; the reader's email is ignored for other audiences", async () => {
    const a = await createAnnouncement(admin.ctx, { ...valid, body: "y".repeat(20_000), targetEmail: "nobody@example.com" });
    expect(a).toMatchObject({ targetUserId: null, audience: "USERS" });
    await deleteAnnouncement(admin.ctx, a.id);
  });
});

describe("writes and their audit rows", () => {
  it("create, update (switching to one reader), toggle, delete", async () => {
    const a = await createAnnouncement(admin.ctx, { ...valid, priority: "5", startsAt: "", endsAt: null });
    expect(a).toMatchObject({ title: valid.title, priority: 5, startsAt: null, endsAt: null, enabled: true, dismissible: true, createdBy: admin.id });
    const b = await updateAnnouncement(admin.ctx, a.id, { ...valid, title: "Maintenance moved", audience: "USER", targetEmail: ` ${user.email.toUpperCase()} `, display: "POPUP", dismissible: false });
    expect(b).toMatchObject({ title: "Maintenance moved", audience: "USER", targetUserId: user.id, display: "POPUP", dismissible: false });
    expect((await setAnnouncementEnabled(admin.ctx, a.id, false)).enabled).toBe(false);
    expect((await setAnnouncementEnabled(admin.ctx, a.id, false)).enabled).toBe(false); // no change, no row
    await deleteAnnouncement(admin.ctx, a.id);
    const rows = (await auditOf(a.id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
    expect(rows.map((r) => r.action)).toEqual(["admin.announcement.create", "admin.announcement.update", "admin.announcement.disable", "admin.announcement.delete"]);
    expect(rows.every((r) => r.actorId === admin.id && r.actorKind === "admin")).toBe(true);
    expect(rows[1]!.metadata).toMatchObject({ targetEmail: user.email, fields: expect.arrayContaining(["title", "audience", "targetUserId", "display", "dismissible"]) });
    await expect(deleteAnnouncement(admin.ctx, a.id)).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "announcement_not_found" } });
    await expect(updateAnnouncement(admin.ctx, "nope", valid)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(setAnnouncementEnabled(admin.ctx, "00000000-0000-4000-8000-000000000000", true)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("deleting one removes its dismissals with it", async () => {
    const a = await createAnnouncement(admin.ctx, valid);
    await dismissAnnouncement(user.ctx, a.id);
    await deleteAnnouncement(admin.ctx, a.id);
    await expect(dismissAnnouncement(user.ctx, a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the admin table", () => {
  it("filters by enabled, audience and display, searches titles (wildcards literal) and pages", async () => {
    const tag = `T${Date.now().toString(36)}`;
    const make = (title: string, extra: Record<string, unknown> = {}) => createAnnouncement(admin.ctx, { ...valid, title: `${tag} ${title}`, ...extra });
    const banner = await make("banner 100%");
    const popup = await make("popup", { display: "POPUP", audience: "PUBLIC" });
    const off = await make("off", { enabled: false, audience: "ADMINS", display: "INLINE" });
    const mine = await make("mine", { audience: "USER", targetEmail: user.email });
    await dismissAnnouncement(user.ctx, mine.id);
    const ids = async (f: Record<string, unknown>) => (await adminListAnnouncements(admin.ctx, { q: tag, ...f })).rows.map((r) => r.id);
    expect(await ids({})).toEqual([mine.id, off.id, popup.id, banner.id]);
    expect(await ids({ enabled: "0" })).toEqual([off.id]);
    expect(await ids({ enabled: "1", display: "POPUP" })).toEqual([popup.id]);
    expect(await ids({ audience: "USER" })).toEqual([mine.id]);
    expect(await ids({ q: `${tag} banner 100%` })).toEqual([banner.id]);
    expect(await ids({ q: `${tag} banner 1_0` })).toEqual([]);
    const page2 = await adminListAnnouncements(admin.ctx, { q: tag, page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(page2.rows.map((r) => r.id)).toEqual([banner.id]);
    const row = (await adminListAnnouncements(admin.ctx, { q: `${tag} mine` })).rows[0]!;
    expect(row).toMatchObject({ targetEmail: user.email, dismissals: 1 });
    await expect(adminListAnnouncements(admin.ctx, { audience: "NOPE" })).rejects.toMatchObject({ code: "VALIDATION" });
  });
});

describe("CLI", () => {
  it("announce create publishes (audited as the CLI), list shows it, delete removes it; bad input exits non-zero", async () => {
    const created = json<{ announcement: { id: string; audience: string; display: string; dismissible: boolean } }>(
      await cli(t.db, "announce", "create", "--title", "From the CLI", "--body", "Hello *all*", "--audience", "public", "--display", "popup", "--not-dismissible", "--json"),
    );
    expect(created.announcement).toMatchObject({ audience: "PUBLIC", display: "POPUP", dismissible: false });
    const id = created.announcement.id;
    const [audit] = await auditOf(id);
    expect(audit).toMatchObject({ action: "admin.announcement.create", actorKind: "cli", actorId: null });

    const plain = await cli(t.db, "announce", "create", "--title", "Defaults");
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/announcement [0-9a-f-]{36} published: USERS INLINE/);
    const forOne = await cli(t.db, "announce", "create", "--title", "Just you", "--audience", "user", "--email", user.email, "--display", "banner");
    expect(forOne.stdout).toContain("published: USER BANNER");

    const listed = await cli(t.db, "announce", "list", "--q", "From the CLI");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(id);
    expect(listed.stdout).toContain("PUBLIC");

    const unknownReader = await cli(t.db, "announce", "create", "--title", "x", "--audience", "user", "--email", "nobody@example.com");
    expect(unknownReader.code).not.toBe(0);
    expect(unknownReader.stderr).toMatch(/No account uses this email address/);
    const badAudience = await cli(t.db, "announce", "create", "--title", "x", "--audience", "martians");
    expect(badAudience.code).not.toBe(0);
    const noTitle = await cli(t.db, "announce", "create", "--body", "x");
    expect(noTitle.code).toBe(2);

    expect((await cli(t.db, "announce", "delete", id)).code).toBe(0);
    expect(json<{ rows: unknown[] }>(await cli(t.db, "announce", "list", "--q", "From the CLI", "--json")).rows).toEqual([]);
    expect((await cli(t.db, "announce", "delete", id)).code).not.toBe(0);
    // The CLI context passes the admin checks, so nothing here needed a signed-in admin.
    expect(cliCtx(t.db).actor.kind).toBe("cli");
  });
});
