export { getNodeTraffic, listTopTrafficUsers, getUserTraffic, type NodeTraffic, type TopTrafficUser } from "./queries";
export { TRAFFIC_RANGES, type TrafficRange } from "./range";
export type { DailySeries } from "./series";
