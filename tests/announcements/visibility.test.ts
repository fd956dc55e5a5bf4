// Who sees an announcement (each audience for anonymous, a user, another user and an admin), the
// window [startsAt, endsAt), disabled ones hidden, the order, per-user dismissal, and app-info
// listing only the public active ones.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { makeCtx } from "../../src/server/context";
import { announcementDismissals, type AnnouncementAudience } from "../../src/server/db/schema";
import { announcementsFor, announcementsForCaller, appInfoWithAnnouncements, createAnnouncement, dismissAnnouncement, setAnnouncementEnabled, updateAnnouncement } from "../../src/server/services/announcements";
import { anonCtx, cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, alice: U, bob: U;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  alice = await makeUser(t.db);
  bob = await makeUser(t.db);
});

const HOUR = 3600_000;
let n = 0;
const make = (input: Record<string, unknown> = {}) => createAnnouncement(admin.ctx, { title: `A${n++} ${Date.now()}`, body: "Hello **there**", ...input });
const idsFor = async (viewer: { id: string; role: "ADMIN" | "USER" } | null, now = new Date()) =>
  (await announcementsFor(t.db, viewer ? { userId: viewer.id, role: viewer.role } : null, now)).map((a) => a.id);
const asViewer = (u: U, role: "ADMIN" | "USER" = "USER") => ({ id: u.id, role });

describe("audience", () => {
  const cases: [AnnouncementAudience, { anon: boolean; alice: boolean; bob: boolean; admin: boolean }][] = [
    ["PUBLIC", { anon: true, alice: true, bob: true, admin: true }],
    ["USERS", { anon: false, alice: true, bob: true, admin: true }],
    ["ADMINS", { anon: false, alice: false, bob: false, admin: true }],
    ["USER", { anon: false, alice: true, bob: false, admin: false }],
  ];
  it.each(cases)("%s", async (audience, want) => {
    const a = await make({ audience, targetEmail: audience === "USER" ? alice.email.toUpperCase() : undefined });
    expect(a.targetUserId).toBe(audience === "USER" ? alice.id : null);
    expect((await idsFor(null)).includes(a.id)).toBe(want.anon);
    expect((await idsFor(asViewer(alice))).includes(a.id)).toBe(want.alice);
    expect((await idsFor(asViewer(bob))).includes(a.id)).toBe(want.bob);
    expect((await idsFor(asViewer(admin, "ADMIN"))).includes(a.id)).toBe(want.admin);
    // The same through a request's context: anonymous, the CLI and agents are "signed out".
    expect((await announcementsForCaller(anonCtx(t.db))).some((x) => x.id === a.id)).toBe(want.anon);
    expect((await announcementsForCaller(cliCtx(t.db))).some((x) => x.id === a.id)).toBe(want.anon);
    expect((await announcementsForCaller(admin.ctx)).some((x) => x.id === a.id)).toBe(want.admin);
    await setAnnouncementEnabled(admin.ctx, a.id, false);
  });

  it("an admin who must still enrol in two-factor acts as a user and does not see ADMINS ones", async () => {
    const a = await make({ audience: "ADMINS" });
    const demoted = makeCtx(t.db, { kind: "user", userId: admin.id, role: "USER" });
    expect((await announcementsForCaller(demoted)).some((x) => x.id === a.id)).toBe(false);
    await setAnnouncementEnabled(admin.ctx, a.id, false);
  });
});

describe("window and switch", () => {
  it("shows from startsAt (inclusive) until endsAt (exclusive); open ends are unbounded; disabled is hidden", async () => {
    const base = new Date("2030-01-01T00:00:00Z");
    const bounded = await make({ audience: "PUBLIC", startsAt: new Date(base.getTime() + HOUR).toISOString(), endsAt: new Date(base.getTime() + 2 * HOUR).toISOString() });
    const fromOnly = await make({ audience: "PUBLIC", startsAt: new Date(base.getTime() + HOUR).toISOString() });
    const untilOnly = await make({ audience: "PUBLIC", endsAt: new Date(base.getTime() + HOUR).toISOString() });
    const at = (ms: number) => idsFor(null, new Date(base.getTime() + ms));
    const seen = async (ms: number) => {
      const ids = await at(ms);
      return [bounded, fromOnly, untilOnly].map((a) => ids.includes(a.id));
    };
    expect(await seen(0)).toEqual([false, false, true]); // before start
    expect(await seen(HOUR)).toEqual([true, true, false]); // the start itself; the end itself
    expect(await seen(HOUR + 1)).toEqual([true, true, false]);
    expect(await seen(2 * HOUR)).toEqual([false, true, false]); // after the end
    expect(await seen(1000 * HOUR)).toEqual([false, true, false]);

    await setAnnouncementEnabled(admin.ctx, fromOnly.id, false);
    expect(await seen(HOUR)).toEqual([true, false, false]);
    await setAnnouncementEnabled(admin.ctx, fromOnly.id, true);
    expect(await seen(HOUR)).toEqual([true, true, false]);
    for (const a of [bounded, fromOnly, untilOnly]) await setAnnouncementEnabled(admin.ctx, a.id, false);
  });

  it("orders by priority (higher first), then newest first", async () => {
    const now = new Date("2031-01-01T00:00:00Z");
    const inWindow = { audience: "PUBLIC", startsAt: "2030-12-31T00:00:00Z", endsAt: "2031-01-02T00:00:00Z" };
    const low = await make({ ...inWindow, priority: -5 });
    const older = await make({ ...inWindow, priority: 3 });
    await new Promise((r) => setTimeout(r, 5));
    const newer = await make({ ...inWindow, priority: 3 });
    const top = await make({ ...inWindow, priority: 10 });
    expect(await idsFor(null, now)).toEqual([top.id, newer.id, older.id, low.id]);
    for (const a of [low, older, newer, top]) await setAnnouncementEnabled(admin.ctx, a.id, false);
  });

  it("renders the body safely on the way out", async () => {
    const a = await make({ audience: "USERS", body: "Hi <script>alert(1)</script> [x](javascript:alert(1))" });
    const shown = (await announcementsForCaller(alice.ctx)).find((x) => x.id === a.id)!;
    expect(shown.bodyHtml).toContain("&lt;script&gt;");
    expect(shown.bodyHtml).not.toMatch(/<script|href="javascript/i);
    await setAnnouncementEnabled(admin.ctx, a.id, false);
  });
});

describe("dismissal", () => {
  it("hides it from that user only; twice is fine; others still see it", async () => {
    const a = await make({ audience: "USERS", display: "POPUP" });
    expect(await dismissAnnouncement(alice.ctx, a.id)).toEqual({ dismissed: true });
    expect(await dismissAnnouncement(alice.ctx, a.id)).toEqual({ dismissed: true });
    expect(await t.db.select().from(announcementDismissals).where(eq(announcementDismissals.announcementId, a.id))).toHaveLength(1);
    expect(await idsFor(asViewer(alice))).not.toContain(a.id);
    expect(await idsFor(asViewer(bob))).toContain(a.id);
    expect(await idsFor(asViewer(admin, "ADMIN"))).toContain(a.id);
    // Made non-dismissible later: everyone sees it again, including who dismissed it.
    await updateAnnouncement(admin.ctx, a.id, { title: a.title, body: a.body, audience: "USERS", display: "POPUP", dismissible: false });
    expect(await idsFor(asViewer(alice))).toContain(a.id);
    await setAnnouncementEnabled(admin.ctx, a.id, false);
  });

  it("refuses a non-dismissible one (409), one the user cannot see (404), and anonymous callers (401)", async () => {
    const fixed = await make({ audience: "USERS", dismissible: false });
    await expect(dismissAnnouncement(alice.ctx, fixed.id)).rejects.toMatchObject({ code: "CONFLICT", details: { reason: "announcement_not_dismissible" } });
    const forAdmins = await make({ audience: "ADMINS" });
    const forBob = await make({ audience: "USER", targetEmail: bob.email });
    const later = await make({ audience: "USERS", startsAt: new Date(Date.now() + HOUR).toISOString() });
    const off = await make({ audience: "USERS", enabled: false });
    for (const id of [forAdmins.id, forBob.id, later.id, off.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      await expect(dismissAnnouncement(alice.ctx, id), id).rejects.toMatchObject({ code: "NOT_FOUND", details: { reason: "announcement_not_found" } });
    }
    await expect(dismissAnnouncement(anonCtx(t.db), forBob.id)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    await expect(dismissAnnouncement(bob.ctx, forBob.id)).resolves.toEqual({ dismissed: true });
    expect(await t.db.select().from(announcementDismissals).where(eq(announcementDismissals.userId, alice.id))).toHaveLength(1); // only the earlier test's
    for (const a of [fixed, forAdmins, forBob, later]) await setAnnouncementEnabled(admin.ctx, a.id, false);
  });
});

describe("app-info", () => {
  it("keeps its fields and lists only the active PUBLIC announcements, rendered", async () => {
    const pub = await make({ audience: "PUBLIC", display: "BANNER", body: "See [tickets](/tickets)" });
    const users = await make({ audience: "USERS" });
    const admins = await make({ audience: "ADMINS" });
    const pubOff = await make({ audience: "PUBLIC", enabled: false });
    const pubLater = await make({ audience: "PUBLIC", startsAt: new Date(Date.now() + HOUR).toISOString() });
    const info = await appInfoWithAnnouncements(t.db, new Date());
    expect(info).toMatchObject({ siteName: expect.any(String), registration: expect.any(Object), site: expect.any(Object) });
    expect(info.announcements.map((a) => a.id)).toEqual([pub.id]);
    expect(info.announcements[0]).toMatchObject({ title: pub.title, display: "BANNER", dismissible: true, body: "See [tickets](/tickets)", bodyHtml: '<p>See <a href="/tickets">tickets</a></p>\n' });
    const json = JSON.stringify(info);
    for (const hidden of [users, admins, pubOff, pubLater]) expect(json).not.toContain(hidden.id);
    expect(Object.keys(info.announcements[0]!).sort()).toEqual(["body", "bodyHtml", "dismissible", "display", "endsAt", "id", "priority", "startsAt", "title"]);
  });
});
