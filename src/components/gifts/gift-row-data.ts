// A buyer's gift as the gift components take it (dates as strings), built on the server from the
// gifts service's rows. Not a client module, so server pages can call giftRowData.
import type { GiftRefundKind, GiftStatus } from "@/server/db/schema/gifts";

export interface GiftRowData {
  id: string;
  orderId: string;
  orderNo: string;
  planName: string;
  recipientEmail: string;
  status: GiftStatus;
  expiresAt: string;
  claimedAt: string | null;
  claimedBy: string | null;
  refundKind: GiftRefundKind | null;
  refundMinor: number | null;
  currency: string;
  refundCouponCode: string | null;
  canResend: boolean;
}

/** A server row (dates) as the props of these components (strings). */
export const giftRowData = (g: Omit<GiftRowData, "expiresAt" | "claimedAt"> & { expiresAt: Date; claimedAt: Date | null }): GiftRowData => ({
  id: g.id,
  orderId: g.orderId,
  orderNo: g.orderNo,
  planName: g.planName,
  recipientEmail: g.recipientEmail,
  status: g.status,
  expiresAt: g.expiresAt.toISOString(),
  claimedAt: g.claimedAt?.toISOString() ?? null,
  claimedBy: g.claimedBy,
  refundKind: g.refundKind,
  refundMinor: g.refundMinor,
  currency: g.currency,
  refundCouponCode: g.refundCouponCode,
  canResend: g.canResend,
});
