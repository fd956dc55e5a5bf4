// Geo risk on the content endpoint (behaviour §7: after the access log, before rendering). In the
// steady state (a client polling from the places it was already seen at) this costs no query: the
// place marks were written minutes ago and geo-marks.ts remembers it.
import { makeCtx } from "../../context";
import type { Db } from "../../db/client";
import type { Place } from "../../integrations/geoip";
import type { ContentSubject } from "../subscription-content/access";
import { geoFinding } from "./evaluate";
import { countMarks, placeMarks, writeMarks } from "./geo-marks";
import { raiseRiskEvents } from "./raise-events";
import { riskSettings } from "./risk-settings";
import { scopeKey, type RiskScope } from "./scope";

export interface FetchRiskInput {
  subject: ContentSubject;
  ip: string;
  place: Place | null;
  now: Date;
  requestId?: string;
}

/** Whether this fetch may be served: false when it just got its scope suspended. */
export async function assessContentFetch(db: Db, input: FetchRiskInput): Promise<{ allowed: boolean }> {
  const { subject, place, now } = input;
  // No place (private, reserved, unknown address): nothing to count, never a country.
  if (!place) return { allowed: true };
  const s = await riskSettings(db);
  if (!s.riskEnabled) return { allowed: true };
  const one = subject.kind === "one" ? subject.subscriptions[0] : undefined;
  const scope: RiskScope = one ? { kind: "sub", subscriptionId: one.id, userId: subject.owner.id } : { kind: "user", userId: subject.owner.id };
  const key = scopeKey(scope);
  const windowStart = new Date(now.getTime() - s.riskWindowHours * 3_600_000);
  const fresh = await writeMarks(db, placeMarks(place).map((m) => ({ ...m, scopeKey: key })), now, windowStart);
  const freshKinds = fresh.get(key);
  if (!freshKinds) return { allowed: true };
  const counted = (await countMarks(db, [key], windowStart)).get(key);
  if (!counted) return { allowed: true };
  const finding = geoFinding(counted.counts, freshKinds, counted.places, s);
  if (!finding) return { allowed: true };
  const ctx = makeCtx(db, { kind: "system" }, { requestId: input.requestId, now: () => now });
  const raised = await raiseRiskEvents(ctx, [{ ...finding, evidence: { ...finding.evidence, source: "API", ip: input.ip }, scope }], now);
  return { allowed: !(finding.level === "SUSPEND" && raised.suspensions > 0) };
}
