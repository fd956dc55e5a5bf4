export { listMySubscriptions, type MySubscription } from "./my-subscriptions";
