import { Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { InvitePanel } from "@/components/admin/staff/invite-panel";
import { RolesPanel } from "@/components/admin/staff/roles-panel";
import { StaffList } from "@/components/admin/staff/staff-list";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { PERMISSIONS } from "@/server/auth/permissions";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listStaff, listStaffInvites, listStaffRoles } from "@/server/services/staff";

const PAGE_SIZE = 50;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminStaff"))("title") };
}

/**
 * Staff (issue 29): the staff list with role, status and activity; invitations; roles. Only for a
 * role with staff.manage (owners among the built-in ones); every verb checks it again.
 */
export default async function StaffPage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requireAdminPage("staff.manage");
  const [sp, ctx, t] = await Promise.all([searchParams, requestCtx(), getTranslations("adminStaff")]);
  const page = Math.max(1, Math.floor(Number(oneParam(sp.page)) || 1));
  const [staff, invites, roles] = await Promise.all([listStaff(ctx, { page, pageSize: PAGE_SIZE }), listStaffInvites(ctx), listStaffRoles(ctx)]);
  const mine = ctx.actor.permissions ?? new Set();
  const isOwner = ctx.actor.staffRole === "owner";
  // What the viewer may hand out: never owner unless an owner, never more than its own permissions.
  const allRoles = [...roles.builtIn, ...roles.custom];
  const grantable = allRoles.filter((r) => (r.name !== "owner" || isOwner) && r.permissions.every((p) => mine.has(p))).map((r) => r.name);
  return (
    <Stack gap="lg">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("staffTitle")}
        </Title>
        <StaffList rows={staff.rows} total={staff.total} page={staff.page} pages={Math.max(1, Math.ceil(staff.total / PAGE_SIZE))} roles={allRoles.map((r) => r.name)} viewer={{ id: me.id, isOwner, grantable }} />
      </Stack>
      <InvitePanel invites={invites} roles={grantable} />
      <RolesPanel roles={roles} allowed={PERMISSIONS.filter((p) => mine.has(p))} />
    </Stack>
  );
}
