/** Outbox task: ask the gateway to refund one PENDING refund (payload { refundId, refundNo }). */
export const REFUND_GATEWAY = "refund.gateway";
