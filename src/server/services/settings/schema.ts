// Every admin setting in one place: its type, its default and whether it is a secret.
// Later areas only read these (risk thresholds §8, log retention §12, ticket cap §11).
import { z } from "zod";
import { formBoolean as bool } from "../../form-boolean";
import { ClientCatalogueSetting } from "./client-catalogue";
import { DEFAULT_CLIENT_CATALOGUE } from "./client-catalogue-defaults";
import { ResponseRulesSchema } from "../subscription-content/response-rules";
import { BaseUrlListSetting, DEFAULT_PATH_PREFIX, PathPrefixSetting } from "./delivery-domains";
import { SupportContactSetting } from "./support-contact";

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const optionalUrl = z.union([z.literal(""), z.url().max(500)]);

export const SettingsSchema = z.object({
  // site
  siteName: z.string().trim().min(1).max(80),
  siteUrl: optionalUrl,
  subscriptionUrl: optionalUrl,
  // several delivery domains (delivery-domains.ts): the first not blocked is primary; when none is set, subscriptionUrl
  subscriptionBaseUrls: BaseUrlListSetting,
  subscriptionBlockedBaseUrls: BaseUrlListSetting,
  subscriptionPathPrefix: PathPrefixSetting,
  supportContact: SupportContactSetting,
  maintenanceNotice: z.string().trim().max(2000),
  // registration policy
  registrationOpen: bool,
  inviteCodeRequired: bool,
  emailVerificationRequired: bool,
  // captcha (Turnstile is on when both keys are set and turnstileEnabled)
  turnstileEnabled: bool,
  turnstileSiteKey: z.string().trim().max(200),
  turnstileSecretKey: z.string().trim().max(200),
  // sign-in security: administrators must use two-factor sign-in (they enrol right after login)
  require2faForAdmins: bool,
  // staff sessions (issue 29): shorter than customers' 30 days; a passkey may be required to sign in
  staffIdleMinutes: int(5, 24 * 60),
  staffSessionHours: int(1, 24 * 30),
  staffPasskeyRequired: bool,
  // login limits: wrong passwords (and failed captchas) per client IP, and per account from one IP.
  // Only failures count, so people behind one carrier-grade NAT do not lock each other out. The
  // account+IP cap stays below the fixed 50-per-account ceiling (policies.ts); at least 3 so a typo
  // or two never locks anyone out.
  loginFailuresPerIp: int(3, 100_000),
  loginIpWindowMinutes: int(1, 24 * 60),
  loginFailuresPerAccountIp: int(3, 20),
  loginAccountIpWindowMinutes: int(1, 24 * 60),
  // mail
  smtpHost: z.string().trim().max(255),
  smtpPort: int(1, 65535),
  smtpSecure: bool,
  smtpUser: z.string().trim().max(255),
  smtpPassword: z.string().max(500),
  smtpFrom: z.string().trim().max(255),
  // support
  ticketOpenCap: int(1, 100),
  // telemetry visibility (latency, traces)
  telemetryPublic: bool,
  // a node whose agent has sent nothing for this long is shown as stale
  nodeStaleMinutes: int(1, 24 * 60),
  // reach (issue 27): the Telegram bot, outbound webhooks, the daily digest
  telegramBotToken: z.string().trim().max(200),
  telegramApiBaseUrl: z.url().max(500),
  telegramMode: z.enum(["polling", "webhook"]),
  allowPrivateWebhookTargets: bool,
  dailyDigestEnabled: bool,
  // growth (issue 28): referral commission (minimum payout in minor units), plan changes, gifts
  referralRatePercent: int(0, 100),
  referralFirstOrderOnly: bool,
  referralHoldDays: int(0, 365),
  referralMinPayout: int(0, 100_000_000),
  planChangeEnabled: bool,
  planChangeCreditBasis: z.enum(["TIME", "TRAFFIC", "LOWER"]),
  giftsEnabled: bool,
  giftClaimDays: int(1, 365),
  // orders and subscription access. Prices are integer minor units of this currency (fen for CNY).
  currency: z.enum(["CNY", "USD", "EUR", "HKD", "TWD", "GBP", "SGD"]),
  orderExpiryMinutes: int(5, 24 * 60),
  subscriptionIpRateLimitPerHour: int(1, 100_000),
  subscriptionRateLimitPerHour: int(1, 100_000),
  // the content endpoint's response rules (response-rules.ts); null = the shipped defaults
  subscriptionResponseRules: z.union([z.null(), ResponseRulesSchema]),
  subscriptionClients: ClientCatalogueSetting, // the import buttons of the subscription pages (client-catalogue.ts)
  // risk control (behaviour §8)
  riskEnabled: bool,
  riskAutoSuspend: bool,
  riskWindowHours: int(1, 24 * 30),
  riskWarnCountries: int(1, 100),
  riskWarnRegions: int(1, 100),
  riskWarnCities: int(1, 100),
  riskSuspendCountries: int(1, 100),
  riskSuspendRegions: int(1, 100),
  riskSuspendCities: int(1, 100),
  nodeLogRiskEnabled: bool,
  nodeLogWarnConnections: int(1, 1_000_000),
  nodeLogWarnTargets: int(1, 1_000_000),
  nodeLogSuspendConnections: int(1, 1_000_000),
  nodeLogSuspendTargets: int(1, 1_000_000),
  // log retention (behaviour §12)
  logCleanupEnabled: bool,
  logRetentionDays: int(1, 3650),
  lastLogCleanupAt: z.union([z.null(), z.iso.datetime({ offset: true })]),
  // scheduled database dumps into DATA_DIR/backups (services/backup/scheduled.ts)
  backupScheduleEnabled: bool,
  backupKeepCount: int(1, 365),
  lastBackupAt: z.union([z.null(), z.iso.datetime({ offset: true })]),
  // the bearer token Prometheus sends to GET /api/metrics; empty = the endpoint is off (404)
  metricsToken: z.union([z.literal(""), z.string().trim().min(16).max(200).regex(/^[\x21-\x7e]+$/)]),
  // [wallet] recharge orders: amounts in minor units (min <= max; an amount is a multiple of the step)
  rechargeMinMinor: int(1, 100_000_000),
  rechargeMaxMinor: int(1, 100_000_000),
  rechargeStepMinor: int(1, 100_000_000),
  // [wallet] auto-renew runs this many days before expiry (the reminder goes out a day earlier)
  autoRenewDaysBefore: int(1, 30),
  // [wallet] subscription transfers: a fee of a fixed amount (minor units) or a percent of the plan's
  // price, paid by the sender or the receiver
  transferFeeKind: z.enum(["FIXED", "PERCENT"]),
  transferFeeValue: int(0, 100_000_000),
  transferFeeBearer: z.enum(["SENDER", "RECEIVER"]),
});

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export const SETTINGS_DEFAULTS: Settings = {
  siteName: "Relayboard",
  siteUrl: "",
  subscriptionUrl: "",
  subscriptionBaseUrls: [],
  subscriptionBlockedBaseUrls: [],
  subscriptionPathPrefix: DEFAULT_PATH_PREFIX,
  supportContact: "",
  maintenanceNotice: "",
  registrationOpen: true,
  inviteCodeRequired: false,
  emailVerificationRequired: false,
  turnstileEnabled: false,
  turnstileSiteKey: "",
  turnstileSecretKey: "",
  require2faForAdmins: false,
  staffIdleMinutes: 30,
  staffSessionHours: 12,
  staffPasskeyRequired: false,
  loginFailuresPerIp: 10,
  loginIpWindowMinutes: 1,
  loginFailuresPerAccountIp: 5,
  loginAccountIpWindowMinutes: 15,
  smtpHost: "",
  smtpPort: 587,
  smtpSecure: false,
  smtpUser: "",
  smtpPassword: "",
  smtpFrom: "",
  ticketOpenCap: 2,
  telemetryPublic: false,
  nodeStaleMinutes: 10,
  telegramBotToken: "",
  telegramApiBaseUrl: "https://api.telegram.org",
  telegramMode: "polling",
  // Webhooks to private and loopback addresses would let an admin account probe the internal network.
  allowPrivateWebhookTargets: false,
  dailyDigestEnabled: true,
  // Commission is money leaving the shop: off (0 %) until the operator sets a rate.
  referralRatePercent: 0,
  referralFirstOrderOnly: true,
  referralHoldDays: 7,
  referralMinPayout: 1_000,
  planChangeEnabled: true,
  // The lower of the time and traffic left: a user cannot use up the traffic and then be credited for the days.
  planChangeCreditBasis: "LOWER",
  giftsEnabled: true,
  giftClaimDays: 30,
  currency: "CNY",
  orderExpiryMinutes: 30,
  subscriptionIpRateLimitPerHour: 180,
  subscriptionRateLimitPerHour: 60,
  subscriptionResponseRules: null,
  subscriptionClients: DEFAULT_CLIENT_CATALOGUE,
  riskEnabled: true,
  // Suspending paying users is opt-in: until an operator turns it on, thresholds only warn.
  riskAutoSuspend: false,
  riskWindowHours: 24,
  riskWarnCountries: 2,
  riskWarnRegions: 2,
  riskWarnCities: 4,
  riskSuspendCountries: 3,
  riskSuspendRegions: 3,
  riskSuspendCities: 5,
  nodeLogRiskEnabled: true,
  nodeLogWarnConnections: 180,
  nodeLogWarnTargets: 80,
  nodeLogSuspendConnections: 360,
  nodeLogSuspendTargets: 160,
  logCleanupEnabled: true,
  logRetentionDays: 30,
  lastLogCleanupAt: null,
  backupScheduleEnabled: false,
  backupKeepCount: 7,
  lastBackupAt: null,
  metricsToken: "",
  rechargeMinMinor: 1_000,
  rechargeMaxMinor: 1_000_000,
  rechargeStepMinor: 100,
  autoRenewDaysBefore: 3,
  transferFeeKind: "FIXED",
  transferFeeValue: 0,
  transferFeeBearer: "SENDER",
};

/** Stored encrypted; never returned to a browser, only whether they are set. */
export const SECRET_SETTINGS = ["smtpPassword", "turnstileSecretKey", "metricsToken", "telegramBotToken"] as const satisfies readonly SettingKey[];
export type SecretSettingKey = (typeof SECRET_SETTINGS)[number];
export const isSecretSetting = (k: string): k is SecretSettingKey => (SECRET_SETTINGS as readonly string[]).includes(k);

/** Written by the system (jobs), not through the settings form. */
export const SYSTEM_SETTINGS = ["lastLogCleanupAt", "lastBackupAt"] as const satisfies readonly SettingKey[];
