// Every reason a DomainError may carry, with the parameters its message uses. The reason is the
// stable code a person's message is looked up by (messages/<locale>/errors.json, `serverErrors`,
// key = the reason in camelCase); the parameters come from the error's `details`. Adding a reason
// here without a message in both languages, or with different placeholders, fails
// tests/i18n/error-catalogue.test.ts; a reason used in code but missing here fails `tsc`.
export const ERROR_REASONS = {
  // Callers and access
  login_required: [],
  admin_required: [],
  forbidden: [],
  rate_limited: ["duration"],
  internal: ["ref"],
  internal_error: ["ref"],
  // Request shape (API transports)
  invalid_input: ["summary"],
  nul_character: [],
  payload_too_large: ["maxBytes"],
  too_many_items: ["max", "key"],
  json_required: [],
  invalid_json: [],
  // Things that are not there
  node_not_found: [],
  inbound_not_found: [],
  user_not_found: [],
  session_not_found: [],
  // Accounts, sign-in, two-factor
  registration_closed: [],
  invite_required: [],
  invite_invalid: [],
  captcha_required: [],
  captcha_failed: [],
  captcha_unavailable: [],
  email_taken: [],
  mail_not_configured: [],
  mail_unavailable: [],
  current_password_wrong: [],
  same_email: [],
  password_unchanged: [],
  invalid_link: [],
  bad_credentials: [],
  login_failed: [],
  post_required: [],
  email_not_verified: [],
  disabled: [],
  banned: [],
  account_inactive: [],
  cannot_disable_self: [],
  status_reason_required: [],
  cannot_delete_self: [],
  last_admin: [],
  totp_required: [],
  totp_invalid: [],
  recovery_code_invalid: [],
  two_factor_enabled: [],
  two_factor_not_enabled: [],
  two_factor_setup_missing: [],
  current_session: [],
  // Settings and mail
  settings_invalid: [],
  smtp_required: [],
  turnstile_keys_required: [],
  smtp_not_configured: [],
  test_mail_refused: ["detail"],
  setting_unknown: ["key"],
  setting_system: ["key"],
  setting_not_secret: ["key"],
  setting_secret_clear: ["key"],
  // Agents
  agent_token_missing: [],
  agent_token_malformed: [],
  agent_token_invalid: [],
  agent_required: [],
  telemetry_login_required: [],
  // Nodes and their 3x-ui panels (the panel_* reasons are what a sync records on a node)
  node_name_taken: [],
  panel_url_invalid: [],
  panel_bad_credentials: [],
  panel_bad_token: [],
  panel_not_found: ["path"],
  panel_bad_response: ["detail"],
  panel_http_status: ["status"],
  panel_duplicate_email: ["email"],
  panel_unknown_inbound: [],
  panel_unknown_client: [],
  panel_empty_client_id: [],
  panel_last_client: [],
  panel_error: ["panelMessage"],
  panel_session_rejected: [],
  panel_unsupported: ["path"],
  panel_timeout: ["seconds"],
  panel_tls_untrusted: [],
  panel_unreachable: [],
  // Payment gateways (epay, Alipay face-to-face, TronGrid) and their configuration
  payment_gateway_unreachable: ["provider"],
  payment_gateway_timeout: ["provider", "seconds"],
  payment_gateway_refused: ["provider", "detail"],
  payment_gateway_bad_response: ["provider"],
  payment_gateway_rate_limited: ["provider", "duration"],
  payment_provider_unknown: ["provider"],
  payment_provider_not_configured: ["provider"],
  payment_secret_unreadable: ["provider"],
  // Why a payment notification was refused (the verifiers' `reason`; the notify route may report them)
  bad_signature: [],
  wrong_merchant: [],
  wrong_app: [],
  malformed: [],
  // The operator CLI
  database_unavailable: ["detail"],
  migrations_pending: ["count"],
} as const satisfies Record<string, readonly string[]>;

export type ErrorReason = keyof typeof ERROR_REASONS;

/**
 * Per-field problems in `details.fields` (field -> code), with their parameters in
 * `details.fieldParams`. Looked up as `serverErrors.field_<code>`, or first as
 * `serverErrors.field_<field>_<code>` where one field needs its own wording.
 */
export const FIELD_CODES = {
  required: [],
  invalid: [],
  taken: [],
  wrong: [],
  unchanged: [],
  nul_character: [],
  smtp_required: [],
  keys_required: [],
  too_short: ["minimum"],
  too_long: ["maximum"],
  too_small: ["minimum"],
  too_big: ["maximum"],
  too_few: ["minimum"],
  too_many: ["maximum"],
  not_integer: [],
  invalid_email: [],
  invalid_url: [],
  invalid_choice: [],
  unknown_field: [],
  support_contact_format: [],
  panel_url_format: [],
  tron_address_format: [],
  rsa_private_key_format: [],
  rsa_public_key_format: [],
} as const satisfies Record<string, readonly string[]>;

export type FieldCode = keyof typeof FIELD_CODES;

export const isErrorReason = (v: unknown): v is ErrorReason => typeof v === "string" && Object.hasOwn(ERROR_REASONS, v);
export const isFieldCode = (v: unknown): v is FieldCode => typeof v === "string" && Object.hasOwn(FIELD_CODES, v);

/** The message key of a reason or field code: snake_case reasons are camelCase keys. */
export const reasonKey = (reason: string): string => reason.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
