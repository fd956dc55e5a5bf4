// The permission walk, Server Actions (issue 29 item 3): every admin Server Action is called as each
// role walked (tests/helpers/permission-walk.ts). A role without the action's permission is refused
// with FORBIDDEN permission_required naming it, and the refused calls change no row; a role with it
// gets anything but that refusal. ACTIONS below is the reviewed statement of who may do what: a new
// admin action fails here until it is listed, and so does one whose code asks for another permission.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Permission } from "../../src/server/auth/permissions";
import type { Ctx } from "../../src/server/context";
import { changedTables, dbFingerprint } from "../helpers/db-fingerprint";
import { testDbForFile } from "../helpers/db";
import { overrideEnv } from "../helpers/env";
import { useMemoryLimiter } from "../helpers/limiter";
import { actionRefused, makeWalkRoles, refusedPermission, type WalkRole } from "../helpers/permission-walk";
import { serverActionFiles } from "../helpers/server-actions";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

/** Module (relative to src/) -> export -> the permission it needs. */
const ACTIONS: Record<string, Record<string, Permission>> = {
  "app/admin/announcements/actions.ts": { createAnnouncementAction: "announcements.manage", updateAnnouncementAction: "announcements.manage", setAnnouncementEnabledAction: "announcements.manage", deleteAnnouncementAction: "announcements.manage" },
  "app/admin/api-tokens/actions.ts": { createApiTokenAction: "apiTokens.manage", revokeApiTokenAction: "apiTokens.manage" },
  "app/admin/coupons/actions.ts": { createCouponAction: "coupons.write", updateCouponAction: "coupons.write", deleteCouponAction: "coupons.write", listCouponGrantsAction: "coupons.read", grantCouponAction: "coupons.write", revokeCouponGrantAction: "coupons.write" },
  "app/admin/kb/actions.ts": { createKbArticleAction: "kb.manage", updateKbArticleAction: "kb.manage", deleteKbArticleAction: "kb.manage", saveKbCategoryAction: "kb.manage", deleteKbCategoryAction: "kb.manage" },
  "app/admin/logs/actions.ts": { deleteAdminLogEntry: "logs.write", cleanupExpiredAdminLogs: "logs.write" },
  "app/admin/mail-templates/actions.ts": { saveMailTemplateAction: "mail.manage", resetMailTemplateAction: "mail.manage", previewMailTemplateAction: "mail.manage", sendTestMailTemplateAction: "mail.manage" },
  "app/admin/nodes/actions.ts": {
    createNode: "nodes.write", updateNode: "nodes.write", deleteNode: "nodes.write", testNodeConnection: "nodes.write", batchTestNodeConnections: "nodes.write", setNodeVisibility: "nodes.write",
    updateInboundDisplayName: "nodes.write", deleteInbound: "nodes.write", generateAgentToken: "nodes.write", revokeAgentToken: "nodes.write", repairNodeDrift: "nodes.write", removeOrphanClients: "nodes.write",
  },
  "app/admin/orders/actions.ts": { confirmOrder: "orders.write", cancelOrder: "orders.write", updateOrderReview: "orders.write", refundOrder: "orders.refund", batchOrderOperation: "orders.write", orderDetail: "orders.read" },
  "app/admin/orders/refund-actions.ts": { refundOptions: "orders.refund" },
  "app/admin/payments/actions.ts": { savePaymentProvider: "payments.secrets", testPaymentProviderAction: "payments.secrets" },
  "app/admin/plans/actions.ts": { createPlanAction: "catalog.write", updatePlanAction: "catalog.write", setPlanVisibilityAction: "catalog.write", deletePlanAction: "catalog.write" },
  "app/admin/promotions/actions.ts": { createPromotionAction: "coupons.write", updatePromotionAction: "coupons.write", deletePromotionAction: "coupons.write" },
  "app/admin/referral/actions.ts": { referralPayoutDetailAction: "referral.read", approveReferralPayoutAction: "referral.write", rejectReferralPayoutAction: "referral.write" },
  "app/admin/risk/actions.ts": { updateRiskReview: "risk.write", generateRiskReport: "risk.write", sendRiskReport: "risk.write", releaseRiskEvent: "risk.write", keepRiskBanned: "risk.write" },
  "app/admin/settings/actions.ts": { saveSettings: "settings.write", sendTestMailAction: "settings.write" },
  // Staff and roles: owners only (the one permission the admin role lacks besides backups and payment secrets).
  "app/admin/staff/actions.ts": {
    inviteStaffAction: "staff.manage", revokeStaffInviteAction: "staff.manage", changeStaffRoleAction: "staff.manage", setStaffStatusAction: "staff.manage",
    removeStaffAction: "staff.manage", staffAuditTrailAction: "staff.manage", saveStaffRoleAction: "staff.manage", deleteStaffRoleAction: "staff.manage",
  },
  "app/admin/streaming/actions.ts": { createStreamingServiceAction: "catalog.write", updateStreamingServiceAction: "catalog.write", deleteStreamingServiceAction: "catalog.write", revealStreamingCredentialsAction: "catalog.write" },
  "app/admin/subscription-rules/actions.ts": { listResponseRulesAction: "settings.read", saveResponseRulesAction: "settings.write", restoreDefaultResponseRulesAction: "settings.write", testResponseRulesAction: "settings.read" },
  "app/admin/subscriptions/[id]/device-actions.ts": { removeSubscriptionDeviceAction: "subscriptions.write" },
  // Support may suspend and activate (and batch those); cancelling and deleting are writes.
  "app/admin/subscriptions/actions.ts": {
    suspendSubscription: "subscriptions.suspend", activateSubscription: "subscriptions.suspend", cancelSubscription: "subscriptions.write", deleteSubscriptionPermanently: "subscriptions.write",
    reassignStreamingSlot: "subscriptions.write", batchSubscriptionOperation: "subscriptions.suspend",
  },
  "app/admin/tasks/actions.ts": { retryTasksAction: "tasks.write", refreshTrafficViewsAction: "nodes.write" },
  "app/admin/tickets/actions.ts": { updateTicketAction: "tickets.write", deleteTicketAction: "tickets.write" },
  "app/admin/users/[id]/wallet/actions.ts": { adminCreditWalletAction: "wallet.write" },
  "app/admin/users/actions.ts": { createUser: "users.write", updateUser: "users.write", setUserStatusAction: "users.write", deleteUser: "users.write" },
  "app/admin/wallet/cards/actions.ts": { generateCards: "wallet.write", deleteCard: "wallet.write" },
  "app/admin/wallet/recharges/actions.ts": { confirmAdminWalletRecharge: "wallet.write", cancelAdminWalletRecharge: "wallet.write", deleteAdminWalletRecharge: "wallet.write" },
  "app/admin/wallet/transfers/actions.ts": { deleteAdminSubscriptionTransfer: "wallet.write" },
  "app/admin/webhooks/actions.ts": { addWebhookAction: "webhooks.manage", removeWebhookAction: "webhooks.manage", setWebhookEnabledAction: "webhooks.manage", sendTestWebhookAction: "webhooks.manage", resendWebhookDeliveryAction: "webhooks.manage" },
};

const SRC = path.resolve(import.meta.dirname, "../../src");
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join("/");
type Action = (...a: unknown[]) => Promise<unknown>;
interface Entry { key: string; fn: Action; permission: Permission | undefined }

const t = testDbForFile({ install: true });
let roles: WalkRole[] = [];
const adminActions: Entry[] = [];
const otherActions: Entry[] = [];
// The wallet edition, so its actions exist (in the base edition they refuse everyone before any caller check).
let restoreEdition: (() => void) | undefined;
afterAll(() => restoreEdition?.());
beforeAll(async () => {
  restoreEdition = overrideEnv({ EDITION: "wallet" });
  useMemoryLimiter();
  roles = await makeWalkRoles(t.db);
  for (const file of serverActionFiles(SRC)) {
    const admin = rel(file).startsWith("app/admin/");
    for (const [name, fn] of Object.entries((await import(file)) as Record<string, unknown>)) {
      if (typeof fn !== "function") continue;
      const key = `${rel(file)} ${name}`;
      (admin ? adminActions : otherActions).push({ key, fn: fn as Action, permission: ACTIONS[rel(file)]?.[name] });
    }
  }
});

/** Junk for every argument (runAction checks the permission before it parses them). */
async function call(e: Entry, ctx: Ctx): Promise<unknown> {
  caller.ctx = ctx;
  const junk = new FormData();
  return e.fn(junk, junk, junk);
}

describe("admin Server Actions", () => {
  it("the table lists every admin action, and only those", () => {
    expect(adminActions.length).toBeGreaterThanOrEqual(90);
    const listed = Object.entries(ACTIONS).flatMap(([file, fns]) => Object.keys(fns).map((name) => `${file} ${name}`));
    expect(adminActions.filter((e) => !e.permission).map((e) => e.key), "admin actions missing from ACTIONS").toEqual([]);
    expect(listed.filter((k) => !adminActions.some((e) => e.key === k)), "ACTIONS names actions that do not exist").toEqual([]);
  });

  it("no Server Action outside app/admin asks for a staff permission (it would escape the table)", async () => {
    const none = roles.find((r) => r.name === "walk-none")!;
    const asking: string[] = [];
    for (const e of otherActions) if (actionRefused(await call(e, none.ctx))) asking.push(e.key);
    expect(asking).toEqual([]);
  });

  it("a role without the permission is refused with permission_required naming it, and nothing changes", async () => {
    const before = await dbFingerprint(t.db);
    const wrong: string[] = [];
    let refused = 0;
    for (const role of roles) {
      for (const e of adminActions) {
        if (!e.permission || role.has(e.permission)) continue;
        const r = await call(e, role.ctx);
        if (actionRefused(r, e.permission)) refused++;
        else wrong.push(`${role.name}: ${e.key} (table ${e.permission}) answered ${JSON.stringify(refusedPermission(r) ?? r).slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every action is refused to the role without permissions, so at least that many refusals.
    expect(refused).toBeGreaterThanOrEqual(adminActions.length);
    expect(changedTables(before, await dbFingerprint(t.db))).toEqual([]);
  });

  it("a role with the permission gets past the check: anything but permission_required", async () => {
    const wrong: string[] = [];
    const allowed = new Map<string, number>();
    for (const role of roles) {
      for (const e of adminActions) {
        if (!e.permission || !role.has(e.permission)) continue;
        allowed.set(role.name, (allowed.get(role.name) ?? 0) + 1);
        const r = await call(e, role.ctx);
        if (actionRefused(r)) wrong.push(`${role.name}: ${e.key} (table ${e.permission}) refused for ${refusedPermission(r)}`);
      }
    }
    expect(wrong).toEqual([]);
    // The owner passes every action, the one-permission role some, the empty role none.
    expect(allowed.get("owner")).toBe(adminActions.length);
    expect(allowed.get("walk-one")).toBeGreaterThan(0);
    expect(allowed.get("walk-none")).toBeUndefined();
  });
});
