// What /api/v1/ answers: plain JSON with field names that stay as they are, spelled out field by
// field so a column added to a table never reaches an integrator unannounced. Never a secret: no
// subscription token or URL, no password hash, no two-factor data, no staff notes.
import type { AdminSubscriptionRow } from "../../services/subscriptions/admin-queries";
import type { PublicUser } from "../../services/accounts";
import type { Order, Subscription } from "../../db/schema";

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export function userV1(u: PublicUser) {
  return { id: u.id, email: u.email, name: u.name, role: u.role, status: u.status, locale: u.locale, emailVerifiedAt: iso(u.emailVerifiedAt), lastLoginAt: iso(u.lastLoginAt), createdAt: iso(u.createdAt) };
}

export function orderV1(o: Order & { email: string }) {
  return {
    id: o.id,
    orderNo: o.orderNo,
    userId: o.userId,
    email: o.email,
    kind: o.kind,
    status: o.status,
    currency: o.currency,
    subtotalMinor: o.subtotalMinor,
    couponDiscountMinor: o.couponDiscountMinor,
    promotionDiscountMinor: o.promotionDiscountMinor,
    totalMinor: o.totalMinor,
    balancePaidMinor: o.balancePaidMinor,
    provider: o.provider,
    paidVia: o.paidVia,
    createdAt: iso(o.createdAt),
    expiresAt: iso(o.expiresAt),
    paidAt: iso(o.paidAt),
    closedAt: iso(o.closedAt),
    refundedAt: iso(o.refundedAt),
    refundAmountMinor: o.refundAmountMinor,
  };
}

type SubscriptionCore = Pick<Subscription, "id" | "userId" | "planId" | "kind" | "status" | "trial" | "riskRestricted" | "nodeId" | "startsAt" | "expiresAt" | "trafficLimitBytes" | "trafficUsedBytes" | "createdAt">;

/** One subscription after a change (grant, suspend, activate). */
export function subscriptionV1(s: SubscriptionCore) {
  return {
    id: s.id,
    userId: s.userId,
    planId: s.planId,
    kind: s.kind,
    status: s.status,
    trial: s.trial,
    riskRestricted: s.riskRestricted,
    nodeId: s.nodeId,
    startsAt: iso(s.startsAt),
    expiresAt: iso(s.expiresAt),
    trafficLimitBytes: s.trafficLimitBytes,
    trafficUsedBytes: s.trafficUsedBytes,
    createdAt: iso(s.createdAt),
  };
}

/** A list row: the same fields plus the names the list joins in. */
export function subscriptionListItemV1(s: AdminSubscriptionRow) {
  return { ...subscriptionV1(s), email: s.email, planName: s.planName, nodeName: s.nodeName, streamingName: s.streamingName };
}

export function pageV1<R, T>(r: { rows: R[]; total: number; page: number; pageSize: number }, shape: (row: R) => T) {
  return { items: r.rows.map(shape), total: r.total, page: r.page, pageSize: r.pageSize };
}
