// Bumped by hand with each agent release; the server shows it on the node page (metrics report) and
// in the User-Agent of every request.
export const AGENT_VERSION = "0.1.0";
