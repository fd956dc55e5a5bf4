/** Outbox task: zero one client's counters on its panel (payload { nodeClientId }), after a plan reset. */
export const PANEL_CLIENT_RESET_TRAFFIC = "panel.client.reset-traffic";
/** Outbox task: compare one node's panel with our desired clients again (payload { nodeId }), after a repair. */
export const NODE_RECONCILE = "node.reconcile";
