// GET /api/metrics, transport-free: the custom server's listener answers it before Next and the
// Next route calls the same function. Closed unless an admin set a metrics token (404: the
// endpoint is off), 401 for a missing or wrong token, compared in constant time; every check is
// counted against the client IP before it runs and given back when the token was right.
import { constantTimeEqual } from "../crypto/secrets";
import type { Db } from "../db/client";
import { describeError } from "../describe-error";
import { DomainError, httpStatusOf, isDomainError, unauthenticated, unavailable } from "../errors";
import { errorBody, internalErrorBody } from "../http/error-body";
import { localizeError, type Locale } from "../i18n/error-text";
import { log } from "../logger";
import { beginMetricsTokenCheck } from "../rate-limit/policies";
import { getSettingsWithSecrets, isUnreadableSecret } from "../services/settings";
import { scrapeMetrics } from "./scrape";

export interface MetricsRequest {
  authorization: string | undefined;
  ip: string | undefined;
  locale: Locale;
  requestId?: string;
}
export interface MetricsResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NO_STORE = { "cache-control": "no-store" };

async function authorize(db: Db, req: MetricsRequest): Promise<void> {
  const giveBack = await beginMetricsTokenCheck(req.ip);
  const { metricsToken } = await getSettingsWithSecrets(db);
  if (isUnreadableSecret(metricsToken)) throw unavailable("metrics_unavailable");
  if (!metricsToken) throw new DomainError("NOT_FOUND", "metrics_disabled");
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.authorization ?? "");
  if (!m || !constantTimeEqual(m[1]!, metricsToken)) throw unauthenticated("metrics_token_invalid");
  await giveBack();
}

export async function answerMetrics(db: Db, req: MetricsRequest): Promise<MetricsResponse> {
  try {
    await authorize(db, req);
    const { contentType, body } = await scrapeMetrics(db);
    return { status: 200, headers: { ...NO_STORE, "content-type": contentType }, body };
  } catch (err) {
    const json = { ...NO_STORE, "content-type": "application/json; charset=utf-8" };
    if (!isDomainError(err)) {
      log.error("metrics scrape failed", { requestId: req.requestId, error: describeError(err, { stack: true }) });
      return { status: 500, headers: json, body: JSON.stringify(internalErrorBody(req.locale, req.requestId)) };
    }
    const e = localizeError({ code: err.code, message: err.message, details: err.details }, req.locale);
    const retry = err.details?.retryAfterSeconds;
    const extra: Record<string, string> = {};
    if (err.code === "RATE_LIMITED" && typeof retry === "number") extra["retry-after"] = String(retry);
    if (err.code === "UNAUTHENTICATED") extra["www-authenticate"] = 'Bearer realm="metrics"';
    return { status: httpStatusOf[err.code], headers: { ...json, ...extra }, body: JSON.stringify(errorBody(e.code, e.message, e.details)) };
  }
}
