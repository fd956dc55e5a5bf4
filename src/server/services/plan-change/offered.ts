// Whether the owner's subscription page offers "Change plan": the setting is on and the subscription
// could change now (an active, unrestricted, paid-for proxy subscription). The verbs decide again.
import type { Db } from "../../db/client";
import { getSettingsWithSecrets } from "../settings/queries";

export interface OfferedTo {
  kind: "PROXY" | "STREAMING";
  trial: boolean;
  live: boolean;
  riskRestricted: boolean;
}

export async function planChangeOffered(db: Db, sub: OfferedTo): Promise<boolean> {
  if (sub.kind !== "PROXY" || sub.trial || !sub.live || sub.riskRestricted) return false;
  return (await getSettingsWithSecrets(db)).planChangeEnabled;
}
