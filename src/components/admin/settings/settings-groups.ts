// The admin settings form, grouped. Ranges and formats come from the one SettingsSchema.
import { SECRET_SETTINGS, SettingsSchema, type SecretSettingKey, type Settings } from "@/server/services/settings/schema";

// The response rules have their own page (admin/subscription-rules), with a tester.
export type EditableKey = Exclude<keyof Settings, "lastLogCleanupAt" | "lastBackupAt" | "subscriptionResponseRules">;
export type SecretKey = SecretSettingKey;
/** One value per secret setting (the form keeps the typed replacement and the clear box per secret). */
export const perSecret = <T>(v: T) => Object.fromEntries(SECRET_SETTINGS.map((k) => [k, v])) as Record<SecretKey, T>;
/** `clients`: the client catalogue, a list edited as JSON text and checked by the server entry by entry. */
/** `urls`: a list of base URLs, edited one per line (the server splits and checks them). */
export type FieldKind = "text" | "textarea" | "url" | "bool" | "int" | "secret" | "select" | "clients" | "urls";
export interface FieldDef {
  key: EditableKey;
  kind: FieldKind;
  /** Takes a whole row of the two-column grid (so the pairs after it line up). */
  wide?: boolean;
}
export type GroupId = "site" | "registration" | "captcha" | "security" | "mail" | "support" | "orders" | "wallet" | "risk" | "logs" | "backup" | "metrics" | "reach" | "growth";

const f = (kind: FieldKind, ...keys: EditableKey[]): FieldDef[] => keys.map((key) => ({ key, kind }));
const wide = (kind: FieldKind, key: EditableKey): FieldDef => ({ key, kind, wide: true });

/** A titled part of a group (the risk group has three). */
export type PartId = "riskGeneral" | "riskGeo" | "riskNodeLog";
export interface GroupPart {
  id: PartId;
  fields: FieldDef[];
}
export interface GroupDef {
  id: GroupId;
  fields: FieldDef[];
  parts?: GroupPart[];
  /** Shown only in the wallet edition (its settings exist in both, unused in base). */
  walletOnly?: boolean;
}

// Each warn threshold sits left of its suspend threshold, one pair per row.
const RISK_PARTS: GroupPart[] = [
  { id: "riskGeneral", fields: f("bool", "riskEnabled", "riskAutoSuspend") },
  {
    id: "riskGeo",
    fields: [
      wide("int", "riskWindowHours"),
      ...f("int", "riskWarnCountries", "riskSuspendCountries", "riskWarnRegions", "riskSuspendRegions", "riskWarnCities", "riskSuspendCities"),
    ],
  },
  { id: "riskNodeLog", fields: [wide("bool", "nodeLogRiskEnabled"), ...f("int", "nodeLogWarnConnections", "nodeLogSuspendConnections", "nodeLogWarnTargets", "nodeLogSuspendTargets")] },
];

export const GROUPS: GroupDef[] = [
  { id: "site", fields: [...f("text", "siteName"), ...f("url", "siteUrl", "subscriptionUrl"), ...f("urls", "subscriptionBaseUrls", "subscriptionBlockedBaseUrls"), ...f("text", "subscriptionPathPrefix"), ...f("textarea", "maintenanceNotice")] },
  { id: "registration", fields: f("bool", "registrationOpen", "inviteCodeRequired", "emailVerificationRequired") },
  { id: "captcha", fields: [...f("bool", "turnstileEnabled"), ...f("text", "turnstileSiteKey"), ...f("secret", "turnstileSecretKey")] },
  { id: "security", fields: [...f("bool", "require2faForAdmins", "staffPasskeyRequired"), ...f("int", "staffIdleMinutes", "staffSessionHours"), ...f("int", "loginFailuresPerIp", "loginIpWindowMinutes", "loginFailuresPerAccountIp", "loginAccountIpWindowMinutes")] },
  { id: "mail", fields: [...f("text", "smtpHost"), ...f("int", "smtpPort"), ...f("bool", "smtpSecure"), ...f("text", "smtpUser"), ...f("secret", "smtpPassword"), ...f("text", "smtpFrom")] },
  { id: "support", fields: [...f("text", "supportContact"), ...f("int", "ticketOpenCap")] },
  { id: "orders", fields: [...f("select", "currency"), ...f("int", "orderExpiryMinutes", "subscriptionRateLimitPerHour", "subscriptionIpRateLimitPerHour"), ...f("bool", "telemetryPublic"), ...f("int", "nodeStaleMinutes"), ...f("clients", "subscriptionClients")] },
  {
    id: "wallet",
    walletOnly: true,
    fields: [...f("int", "rechargeMinMinor", "rechargeMaxMinor", "rechargeStepMinor", "autoRenewDaysBefore"), ...f("select", "transferFeeKind"), ...f("int", "transferFeeValue"), wide("select", "transferFeeBearer")],
  },
  { id: "risk", fields: RISK_PARTS.flatMap((p) => p.fields), parts: RISK_PARTS },
  { id: "logs", fields: [...f("bool", "logCleanupEnabled"), ...f("int", "logRetentionDays")] },
  { id: "backup", fields: [...f("bool", "backupScheduleEnabled"), ...f("int", "backupKeepCount")] },
  { id: "metrics", fields: f("secret", "metricsToken") },
  { id: "reach", fields: [...f("secret", "telegramBotToken"), ...f("url", "telegramApiBaseUrl"), ...f("select", "telegramMode"), ...f("bool", "dailyDigestEnabled", "allowPrivateWebhookTargets")] },
  {
    id: "growth",
    fields: [...f("int", "referralRatePercent"), ...f("bool", "referralFirstOrderOnly"), ...f("int", "referralHoldDays", "referralMinPayout"), ...f("bool", "planChangeEnabled"), ...f("select", "planChangeCreditBasis"), ...f("bool", "giftsEnabled"), ...f("int", "giftClaimDays")],
  },
];

export const ALL_FIELDS = GROUPS.flatMap((g) => g.fields);

/** Bounds of an integer setting, read from its zod schema. */
export function rangeOf(key: EditableKey): { min?: number; max?: number } {
  const s = SettingsSchema.shape[key] as unknown as { minValue?: number | null; maxValue?: number | null };
  return { min: s.minValue ?? undefined, max: s.maxValue ?? undefined };
}

/** Must not be left empty: every number, and a text the schema refuses empty (the site name).
 *  Switches always hold a value and secrets may stay unset, so neither is marked. */
export function isRequired(f: FieldDef): boolean {
  if (f.kind === "int") return true;
  if (f.kind === "bool" || f.kind === "secret") return false;
  return !SettingsSchema.shape[f.key].safeParse("").success;
}

export type FieldProblem = { kind: "range"; min?: number; max?: number } | { kind: "url" } | { kind: "required" } | { kind: "invalid" };

/** Checks one value against the shared schema; null when valid. */
export function checkField(key: EditableKey, value: unknown): FieldProblem | null {
  const r = SettingsSchema.shape[key].safeParse(value);
  if (r.success) return null;
  const issue = r.error.issues[0];
  if (issue?.code === "too_small" || issue?.code === "too_big") {
    // An emptied number field: say it is required, not that 0 is out of range.
    if (typeof value === "string" && value.trim() === "") return { kind: "required" };
    if (typeof value === "string" && issue.origin === "string") return issue.code === "too_small" ? { kind: "required" } : { kind: "invalid" };
    return { kind: "range", ...rangeOf(key) };
  }
  if (issue?.code === "invalid_format" || issue?.code === "invalid_union") return { kind: "url" };
  return { kind: "invalid" };
}

/** The choices of a select setting (a zod enum in the schema). */
export function optionsOf(key: EditableKey): string[] {
  const s = SettingsSchema.shape[key] as unknown as { options?: readonly string[] };
  return [...(s.options ?? [])];
}
