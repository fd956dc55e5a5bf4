// Refunds that move money (issue 23 item 5): to the balance (wallet edition), back through the
// gateway (epay, Alipay face-to-face; an outbox task asks the gateway), or recorded as paid back
// by hand. One refund per order, exactly once (the order's PAID -> REFUNDED door and the unique
// order id of `refunds`); the paying payment reads REFUNDED; the customer is notified.
export { refundOrder, RefundInput, type RefundInputRaw } from "./refund-order";
export { getRefundOptions, type RefundOptions, type RefundView } from "./refund-options";
export { REFUND_GATEWAY } from "./task-kinds";
export type { Availability, UnavailableWhy, RefundGateway } from "./plan";
