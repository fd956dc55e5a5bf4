// Security headers for every response (set by the custom server before Next renders).
const TURNSTILE = "https://challenges.cloudflare.com";

export function securityHeaders(opts: { https: boolean; dev: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // Next's hydration and Mantine's color-scheme script are inline; dev mode also needs eval.
    `script-src 'self' 'unsafe-inline'${opts.dev ? " 'unsafe-eval'" : ""} ${TURNSTILE}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    `frame-src ${TURNSTILE}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "cross-origin-opener-policy": "same-origin",
    ...(opts.https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
