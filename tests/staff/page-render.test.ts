// The staff page's client parts and the invitation card render in both languages without a missing
// or malformed message, offer only what the viewer may do (no changing another owner, no disabling
// or removing oneself, only grantable roles), and show the built-in roles' permissions as they are.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider } from "next-intl";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import en from "../../messages/en/staff.json";
import zh from "../../messages/zh-CN/staff.json";
import { BUILT_IN_ROLES, builtInPermissions, PERMISSIONS } from "../../src/server/auth/permissions";
import type { StaffRow } from "../../src/server/services/staff/list-staff";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {}, refresh: () => {} }), usePathname: () => "/admin/staff", useSearchParams: () => new URLSearchParams() }));
vi.mock("../../src/app/admin/staff/actions", () => ({}));
vi.mock("../../src/app/(auth)/staff-invite/actions", () => ({ acceptStaffInviteAction: async () => ({ ok: true, data: { email: "x", created: true } }) }));
vi.mock("../../src/components/auth/next-auth-client", () => ({ signOut: async () => undefined }));

async function messages(locale: string) {
  const base = (await import(`../../messages/${locale}.json`)).default;
  const parts = await Promise.all(["errors", "nodes", "forms", "list-kit", "labels", "live", "staff"].map(async (a) => (await import(`../../messages/${locale}/${a}.json`)).default));
  return Object.assign({}, base, ...parts);
}

async function render(locale: "en" | "zh-CN", node: ReactNode): Promise<{ html: string; errors: string[] }> {
  const msgs = await messages(locale);
  const errors: string[] = [];
  const orig = console.error;
  console.error = (...a: unknown[]) => errors.push(a.map(String).join(" "));
  try {
    const html = renderToString(h(MantineProvider, null, h(NextIntlClientProvider, { locale, messages: msgs, timeZone: "Asia/Shanghai", children: node })));
    return { html, errors: errors.filter((e) => /MISSING_MESSAGE|FORMATTING_ERROR|Error/.test(e)) };
  } finally {
    console.error = orig;
  }
}

const ids = { me: "11111111-1111-4111-8111-111111111111", owner: "22222222-2222-4222-8222-222222222222", agent: "33333333-3333-4333-8333-333333333333", off: "44444444-4444-4444-8444-444444444444" };
const row = (id: string, over: Partial<StaffRow>): StaffRow => ({ id, email: `${id.slice(0, 4)}@example.com`, name: "", role: "support", status: "ACTIVE", twoFactor: false, passkeys: 0, enrolmentPending: false, lastLoginAt: null, createdAt: new Date("2026-11-01T08:00:00Z"), ...over });

describe.each(["en", "zh-CN"] as const)("the staff page in %s", (locale) => {
  const words = (locale === "en" ? en : zh).adminStaff;

  it("offers changes only where the viewer may make them", async () => {
    const { StaffList } = await import("../../src/components/admin/staff/staff-list");
    const rows = [
      row(ids.me, { role: "owner", twoFactor: true, passkeys: 2 }),
      row(ids.owner, { role: "owner" }),
      row(ids.agent, { role: "support", enrolmentPending: true }),
      row(ids.off, { role: "finance", status: "DISABLED", lastLoginAt: new Date("2026-11-02T08:00:00Z") }),
    ];
    const viewer = { id: ids.me, isOwner: true, grantable: [...BUILT_IN_ROLES, "night-desk"] };
    const { html, errors } = await render(locale, h(StaffList, { rows, total: 4, page: 1, pages: 1, roles: [...BUILT_IN_ROLES, "night-desk"], viewer }));
    expect(errors).toEqual([]);
    // Myself: my role can be changed (stepping down), but no disable or remove.
    expect(html).toMatch(new RegExp(`<input[^>]*data-testid="staff-role-${ids.me}"`));
    expect(html).not.toContain(`staff-disable-${ids.me}`);
    expect(html).not.toContain(`staff-remove-${ids.me}`);
    // Another owner: shown, never changeable.
    expect(html).not.toMatch(new RegExp(`<input[^>]*data-testid="staff-role-${ids.owner}"`));
    expect(html).not.toContain(`staff-remove-${ids.owner}`);
    expect(html).toContain(`staff-disable-${ids.agent}`);
    expect(html).toContain(`staff-enable-${ids.off}`);
    expect(html).toContain(`staff-enrol-pending-${ids.agent}`);
    expect(html).toContain(words.authenticator);
    expect(html).toContain(`staff-trail-${ids.owner}`);
  });

  it("a viewer who may not grant a row's role sees it read-only", async () => {
    const { StaffList } = await import("../../src/components/admin/staff/staff-list");
    const rows = [row(ids.agent, { role: "finance" })];
    const { html } = await render(locale, h(StaffList, { rows, total: 1, page: 1, pages: 1, roles: [...BUILT_IN_ROLES], viewer: { id: ids.me, isOwner: false, grantable: ["support"] } }));
    expect(html).not.toMatch(new RegExp(`<input[^>]*data-testid="staff-role-${ids.agent}"`));
    expect(html).not.toContain(`staff-disable-${ids.agent}`);
    expect(html).toContain(words.roleNames.finance);
  });

  it("invitations: the form and the pending list", async () => {
    const { InvitePanel } = await import("../../src/components/admin/staff/invite-panel");
    const invites = [{ id: ids.agent, email: "new@example.com", role: "operations", invitedBy: null, createdAt: new Date(), expiresAt: new Date("2026-12-01T00:00:00Z") }];
    const { html, errors } = await render(locale, h(InvitePanel, { invites, roles: ["support", "operations"] }));
    expect(errors).toEqual([]);
    expect(html).toContain("new@example.com");
    expect(html).toContain(words.roleNames.operations);
    expect(html).toContain(words.operator);
    expect(html).toContain(`staff-invite-revoke-${ids.agent}`);
  });

  it("roles: the built-in matrix says exactly what each role holds; custom roles with their holders", async () => {
    const { RolesPanel } = await import("../../src/components/admin/staff/roles-panel");
    const roles = { builtIn: BUILT_IN_ROLES.map((name) => ({ name, permissions: [...builtInPermissions(name)] })), custom: [{ name: "night-desk", description: "Nights", permissions: ["tickets.read" as const], holders: 2, updatedAt: new Date() }] };
    const { html, errors } = await render(locale, h(RolesPanel, { roles, allowed: [...PERMISSIONS] }));
    expect(errors).toEqual([]);
    const granted = [...html.matchAll(/data-granted="true"/g)].length;
    expect(granted).toBe(BUILT_IN_ROLES.reduce((n, r) => n + builtInPermissions(r).length, 0));
    expect([...html.matchAll(/data-permission="/g)]).toHaveLength(PERMISSIONS.length);
    expect(html).toContain(words.areas.orders);
    expect(html).toContain("staff-custom-role-night-desk");
    expect(html).toContain("Nights");
  });
});

describe.each(["en", "zh-CN"] as const)("the invitation card in %s", (locale) => {
  const words = (locale === "en" ? en : zh).staffInvite;
  const invite = { email: "new@example.com", role: "support", roleName: "Support", expiresAt: "2026-12-01T00:00:00.000Z", hasAccount: false, signedInAs: null, signedInAsInvitee: false };

  it.each([
    ["a new address: name and password", {}, "staff-invite-new"],
    ["an account, signed out: sign in as it", { hasAccount: true }, "staff-invite-sign-in"],
    ["an account, signed in as it: accept", { hasAccount: true, signedInAs: "new@example.com", signedInAsInvitee: true }, "staff-invite-accept"],
    ["an account, signed in as someone else: switch", { hasAccount: true, signedInAs: "other@example.com" }, "staff-invite-switch"],
  ])("%s", async (_, over, testId) => {
    const { InviteAcceptCard } = await import("../../src/components/admin/staff/invite-accept-card");
    const { html, errors } = await render(locale, h(InviteAcceptCard, { token: "t".repeat(43), site: "Relay", invite: { ...invite, ...over } }));
    expect(errors).toEqual([]);
    expect(html).toContain(`data-testid="${testId}"`);
    for (const other of ["staff-invite-new", "staff-invite-sign-in", "staff-invite-accept", "staff-invite-switch"].filter((x) => x !== testId)) expect(html).not.toContain(`data-testid="${other}"`);
    expect(html).toContain("new@example.com");
    expect(html).toContain(words.role);
  });
});
