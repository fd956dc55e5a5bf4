"use client";
import type { SubscriptionStatus } from "@/server/db/schema/commerce";
import { LabelBadge } from "../labels/label-badge";

const COLORS: Record<SubscriptionStatus, string> = { ACTIVE: "teal", SUSPENDED: "orange", EXPIRED: "gray", CANCELLED: "gray" };

/** A subscription's status in the label catalogue's word (the admin's pages say the same). */
export function SubscriptionStatusBadge({ status }: { status: SubscriptionStatus }) {
  return <LabelBadge family="subscriptionStatus" code={status} color={COLORS[status] ?? "gray"} testId="subscription-status" />;
}
