// The orders area's public face.
export { placeOrder, MAX_PENDING_ORDERS, type LineRequest } from "./place-order";
export { buyNow, renewSubscription, addTraffic, queryStock, cancelMyOrder } from "./purchase";
export { addToCart, removeFromCart, clearCart, listCart, checkoutCart, MAX_CART_ITEMS } from "./cart";
export { confirmOrder, cancelOrder, updateOrderReview, refundOrder, batchOrderOperation } from "./admin-orders";
export { listMyOrders, getOrderDetail, getOrderDetailAdmin, listOrdersAdmin } from "./queries";
export { previewOrder, type OrderPreview, type OrderPreviewLine } from "./preview-order";
export { listMyOrderLines } from "./my-order-lines";
export { expireDueOrders, releaseOrder, releaseSubscriptionStock } from "./release-order";
export { settleOrder } from "./settle-order";
