// Public face of the 3x-ui simulator (tests and the demo import from here).
export { startXuiSimulator, normalizeBasePath, COOKIE_NAME } from "./server";
export type { XuiSimulator, XuiSimulatorOptions, LoginAttempt } from "./server";
export { XuiState } from "./state";
export type { XuiShape } from "./routes-settings";
export type { SimInbound, SimInboundSeed, SimTraffic, RawClient } from "./model";
export { startV2rayBox, findV2rayBinary, boxInbounds } from "./v2ray-box";
export type { V2rayBox, V2rayBoxOptions } from "./v2ray-box";
export { startV2rayProcess } from "./v2ray-process";
export { renderClientConfig, renderServerConfig } from "./v2ray-config";
export type { ClientRoute, BoxInbound } from "./v2ray-config";
