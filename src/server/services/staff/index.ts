// Managing staff (issue 29): invitations, roles, status and removal, custom roles, audit trails.
export { listStaff, staffAuditTrail, STAFF_AUDIT_TRAIL_SIZE, type StaffRow, type StaffPage, type StaffAuditEntry } from "./list-staff";
export { inviteStaff, listStaffInvites, revokeStaffInvite, MAX_PENDING_INVITES, type StaffInviteRow } from "./invites";
export { getStaffInvite, acceptStaffInvite, type StaffInviteView, type AcceptedInvite } from "./accept-invite";
export { changeStaffRole, setStaffStatus, removeStaff, type StaffChange } from "./manage-staff";
export { listStaffRoles, saveStaffRole, deleteStaffRole, type StaffRolesView, type BuiltInRoleView, type CustomRoleView } from "./roles";
export { createStaff } from "./create-staff";
export { staffInvitePath } from "./invite-mail";
