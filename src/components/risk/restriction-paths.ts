// The user pages a risk-restricted account may still use without the full-screen notice: support,
// and notifications, where the review's report arrives. Everything else is covered.
const OPEN_PREFIXES = ["/tickets", "/notifications"] as const;

export function isOpenWhileRestricted(pathname: string): boolean {
  return OPEN_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
