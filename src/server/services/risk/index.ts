// Risk control (behaviour §8, §10): the public face of the area.
export { reportNodeAccess, type NodeAccessResult } from "./node-access";
export { MAX_NODE_ACCESS_BODY_BYTES, MAX_NODE_ACCESS_EVENTS, SKIP_REASONS, type SkipReason } from "./node-access-input";
export { assessContentFetch } from "./fetch-risk";
export { raiseRiskEvents, riskDay, type ScopedFinding } from "./raise-events";
export { forgetRiskSettings, riskSettings, type RiskSettings } from "./risk-settings";
export { forgetGeoMarkMemory, placeMarks } from "./geo-marks";
export { geoFinding, nodeLogFindings, type Finding } from "./evaluate";
export { scopeKey, parseScopeKey, type RiskScope } from "./scope";
export { restoreAfterRisk, restrictForRisk, suspendForRisk } from "./subscription-effects";
export { getRiskEvent, listRiskEvents, loadEvidence, type RiskEventDetail, type RiskEventRow, type RiskEvidence } from "./admin-queries";
export { updateRiskReview } from "./review";
export { generateRiskReport, sendRiskReport } from "./risk-report";
export { keepRiskBanned, releaseRiskEvent } from "./release";
export { renderRiskReport, reportLocale } from "./report-text";
export { admitDevice } from "./devices";
