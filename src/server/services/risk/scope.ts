// A risk scope: one subscription (its content link and its clients' node connections) or one user's
// aggregate link (every active proxy subscription of that user).
export type RiskScope = { kind: "sub"; subscriptionId: string; userId: string } | { kind: "user"; userId: string };

export const scopeKey = (s: RiskScope): string => (s.kind === "sub" ? `sub:${s.subscriptionId}` : `user:${s.userId}`);

export function parseScopeKey(key: string): { kind: "sub" | "user"; id: string } | null {
  const m = /^(sub|user):([0-9a-f-]{36})$/i.exec(key);
  return m ? { kind: m[1] as "sub" | "user", id: m[2]! } : null;
}
