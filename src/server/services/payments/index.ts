// The payments area's public face.
export { createOrderPayment, createPayment, type CreateOptions } from "./create-payment";
export { handlePaymentNotify, NOTIFY_PROVIDERS, type NotifyProvider } from "./notify";
export { orderPaymentStatus, queryPaymentByTradeNo, askProvider } from "./query-payment";
export { pollUsdtReceipts } from "./usdt-receipts";
export { recordVerifiedPayment } from "./record-payment";
export type { PaymentView } from "./payment-view";
export { listPaymentMethods, type PaymentMethod } from "./methods";
export { reconcilePayments, type ReconcileResult } from "./reconcile";
