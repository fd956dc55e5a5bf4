// The drawer's data (the admin detail read) and the list row the action dialogs take, made from it,
// so the drawer opens the row menu's own dialogs (order-dialogs.tsx) without the list's help.
import type { orderDetail } from "@/app/admin/orders/actions";
import type { OrderRow } from "./order-codes";

export type OrderDetail = Extract<Awaited<ReturnType<typeof orderDetail>>, { ok: true }>["data"];

export function rowOfDetail(d: OrderDetail): OrderRow {
  const { id, orderNo, kind, status, reviewStatus, reviewNote, currency, totalMinor, provider, createdAt, paidAt, expiresAt } = d.order;
  return { id, orderNo, email: d.buyer.email, kind, status, reviewStatus, reviewNote, currency, totalMinor, provider, createdAt, paidAt, expiresAt };
}
