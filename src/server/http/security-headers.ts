// Security headers for every response (set by the custom server before Next renders).
const TURNSTILE = "https://challenges.cloudflare.com";

/** Request header carrying this request's CSP nonce to the layout (set by the server, never by a client). */
export const NONCE_HEADER = "x-nonce";

export function contentSecurityPolicy(opts: { dev: boolean; nonce: string }): string {
  return [
    "default-src 'self'",
    // No 'unsafe-inline' scripts: Next.js puts the nonce on its inline hydration scripts (it reads it
    // from the request's CSP header) and the layout passes it to Mantine's color-scheme script. The
    // Turnstile host stays allowed by name because its loader is inserted by our own bundle.
    `script-src 'self' 'nonce-${opts.nonce}'${opts.dev ? " 'unsafe-eval'" : ""} ${TURNSTILE}`,
    // Mantine and Next inject style attributes and <style> tags at run time; styles cannot run code.
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
}

export function securityHeaders(opts: { https: boolean; dev: boolean; nonce: string }): Record<string, string> {
  return {
    "content-security-policy": contentSecurityPolicy(opts),
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-content-type-options": "nosniff",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
    "cross-origin-opener-policy": "same-origin",
    ...(opts.https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
