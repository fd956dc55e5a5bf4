"use client";
import { LabelBadge } from "../labels/label-badge";
import type { UserStatus } from "@/server/db/schema/accounts";

export type AccountStatus = UserStatus;
export const STATUS_COLORS: Record<AccountStatus, string> = { ACTIVE: "teal", PENDING_EMAIL: "yellow", DISABLED: "gray", BANNED: "red" };

/**
 * An account's status in words (the label catalogue's `userStatus`), for users and admins alike: the
 * code is what the CLI and the URL filters use, never what a person reads.
 */
export function StatusBadge({ status }: { status: AccountStatus }) {
  return <LabelBadge family="userStatus" code={status} color={STATUS_COLORS[status]} testId="status-badge" />;
}
