/** Outbox task: converge one node_clients row onto its panel (payload { nodeClientId }). */
export const PANEL_CLIENT_SYNC = "panel.client.sync";
