// What a wrong argument list answers through runAction: VALIDATION naming the argument (or the
// field of an object argument) in the caller's language, nothing logged at error level; a right one
// reaches the verb (FormData included). And the admin order detail answers admins only: its owner
// is refused, not shown the staff's review and refund notes (issue 21 items 3 and 4).
import { beforeAll, describe, expect, it, vi } from "vitest";
import { confirmOrder, orderDetail } from "../../src/app/admin/orders/actions";
import { saveSettings } from "../../src/app/admin/settings/actions";
import { createUser } from "../../src/app/admin/users/actions";
import { updateProfileAction } from "../../src/app/(user)/account/actions";
import { orderExtensionAction } from "../../src/app/(user)/subscriptions/actions";
import type { Ctx } from "../../src/server/context";
import { orders } from "../../src/server/db/schema";
import { makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "relayboard.test" }), cookies: async () => ({ get: () => undefined, set: () => {} }) }));

/** Calls an action as if from the network, where any value can arrive in any position. */
const untyped = (fn: unknown) => fn as (...a: unknown[]) => Promise<{ ok: boolean; data?: unknown; error?: { code: string; message: string; details?: { fields?: Record<string, string> } } }>;

const t = testDbForFile({ install: true });
let admin: Awaited<ReturnType<typeof makeUser>>;
let owner: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
  owner = await makeUser(t.db);
});

describe("wrong argument lists", () => {
  it("name the argument that is wrong, in the caller's language, and log nothing at error level", async () => {
    caller.ctx = { ...admin.ctx, locale: "en" };
    const { result, output } = await captureOutput(async () => ({
      notForm: await untyped(updateProfileAction)({ name: "x" }),
      settingsNotForm: await untyped(saveSettings)({ siteName: "x" }),
      numberId: await untyped(orderDetail)(1),
      missing: await untyped(orderDetail)(),
      extra: await untyped(confirmOrder)("00000000-0000-4000-8000-000000000000", "more"),
      formForId: await untyped(createUser)(null),
      badKind: await untyped(orderExtensionAction)({ kind: "GIFT", subscriptionId: "x" }),
    }));
    expect(result.notForm).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { form: "invalid" } } } });
    expect(result.settingsNotForm).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { form: "invalid" } } } });
    expect(result.numberId).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { orderId: "invalid" } } } });
    expect(result.missing).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { orderId: "required" } } } });
    expect(result.extra).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { arguments: "too_many" } } } });
    expect(result.formForId).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { form: "invalid" } } } });
    expect(result.badKind).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { fields: { kind: "invalid_choice" } } } });
    expect(result.numberId.error!.message).not.toMatch(/invalid_input|zod|expected/i);
    expect(output).not.toMatch(/"level":"error"/);
  });

  it("a right FormData reaches the verb", async () => {
    caller.ctx = admin.ctx;
    const fd = new FormData();
    fd.set("email", `formed${Date.now()}@example.com`);
    fd.set("password", "correct-horse-9");
    const r = await createUser(fd);
    expect(r).toMatchObject({ ok: true, data: { email: fd.get("email") } });
  });
});

describe("the admin order detail", () => {
  it("refuses the order's owner, and answers an admin with the staff notes", async () => {
    const [o] = await t.db
      .insert(orders)
      .values({ orderNo: `RB-OWN-${Date.now()}`, userId: owner.id, kind: "NEW_PURCHASE", reviewStatus: "FLAGGED", reviewNote: "chargeback risk: same card as a banned account", currency: "CNY", subtotalMinor: 100, totalMinor: 100, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: orders.id });
    caller.ctx = owner.ctx;
    const mine = await orderDetail(o!.id);
    expect(mine).toMatchObject({ ok: false, error: { code: "FORBIDDEN", details: { reason: "admin_required" } } });
    expect(JSON.stringify(mine)).not.toContain("chargeback");
    caller.ctx = admin.ctx;
    expect(await orderDetail(o!.id)).toMatchObject({ ok: true, data: { order: { id: o!.id, reviewStatus: "FLAGGED", reviewNote: "chargeback risk: same card as a banned account" } } });
  });
});
