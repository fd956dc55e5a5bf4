export * from "./inputs";
export { createNode, updateNode, deleteNode, testNodeConnection, batchTestNodeConnections } from "./manage-nodes";
export { updateInboundDisplayName, deleteInbound } from "./manage-inbounds";
export { setNodeVisibility } from "./node-visibility";
export { generateAgentToken, revokeAgentToken } from "./agent-tokens";
export { syncNodeInbounds, type SyncResult } from "./sync-inbounds";
export { getNode, listNodes, listNodeInbounds, type PublicNode } from "./queries";
