export { listMySubscriptions, type MySubscription } from "./my-subscriptions";
export { getMySubscription, type MySubscriptionDetail } from "./my-subscription";
export { suspendSubscription, activateSubscription, cancelSubscription, deleteSubscriptionPermanently, batchSubscriptionOperation, type BatchResult } from "./admin-ops";
export { reassignStreamingSlot } from "./streaming-slot";
export { rotateSubscriptionAccess } from "./rotate-access";
export { myAggregateToken, rotateAggregateToken, AGGREGATE_TOKEN_PURPOSE } from "./aggregate-token";
export { grantSubscription } from "./grant";
export { revealStreamingCredentials } from "./streaming-credentials";
export { listSubscriptionsForOperator, showSubscriptionForOperator, type OperatorSubscriptionRow, type OperatorSubscriptionDetail } from "./operator-view";
