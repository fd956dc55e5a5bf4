// Payment gateway protocols: pure adapters over HTTP. They hold no state and touch no database;
// the payments service decides what a verified notify or a receipt means for an order.
export * from "./money";
export * from "./epay";
export * from "./alipay-f2f";
export { parseRsaPrivateKey, parseRsaPublicKey } from "./alipay-keys";
export * from "./trongrid";
export { GATEWAY_TIMEOUT_MS, type GatewayName } from "./gateway-http";
export { tronAddressProblem, type TronAddressProblem } from "./tron-address";
