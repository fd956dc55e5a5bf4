// Geo risk on the content endpoint (behaviour §7: after the access log, before rendering).
import type { Db } from "../../db/client";
import type { Place } from "../../integrations/geoip";
import type { ContentSubject } from "../subscription-content/access";

export interface FetchRiskInput {
  subject: ContentSubject;
  ip: string;
  place: Place | null;
  now: Date;
}

/** Whether this fetch may be served: false when it just got the scope suspended. */
export async function assessContentFetch(_db: Db, _input: FetchRiskInput): Promise<{ allowed: boolean }> {
  return { allowed: true };
}
