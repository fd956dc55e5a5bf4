// View-only tokens (issue 26 item 6). A client app shows `profile-web-page-url` to its user and may
// log it, sync it or hand it to a browser; that header used to carry the download token, which
// fetches the proxies themselves. It now carries a token that opens only the browser page (plans,
// usage, expiry; no links, no import buttons) and nothing else.
//
// The token is a keyed hash of the subscription's stored download-token hash, so it needs no column
// of its own and changes when the owner rotates the download link (the stored hash changes). The
// aggregate link's view token names its owner (`<user id>.<mac>`): the aggregate has no id in its
// path, and the mac is checked against that owner's stored hash.
import { constantTimeEqual, keyedHash, keyedHashCandidates } from "../../crypto/secrets";

/** keyedHash purpose of view tokens: never the same key as the download tokens'. */
export const VIEW_TOKEN_PURPOSE = "subscription-view";

const oneInput = (subscriptionId: string, downloadTokenHash: string) => `one|${subscriptionId}|${downloadTokenHash}`;
const allInput = (userId: string, aggregateTokenHash: string) => `all|${userId}|${aggregateTokenHash}`;

export function viewTokenOne(subscriptionId: string, downloadTokenHash: string): string {
  return keyedHash(oneInput(subscriptionId, downloadTokenHash), VIEW_TOKEN_PURPOSE);
}

export function viewTokenAll(userId: string, aggregateTokenHash: string): string {
  return `${userId}.${keyedHash(allInput(userId, aggregateTokenHash), VIEW_TOKEN_PURPOSE)}`;
}

/** Whether `token` is this subscription's view token (under the current or a previous ENCRYPTION_KEY). */
export function viewTokenOneMatches(token: string, subscriptionId: string, downloadTokenHash: string): boolean {
  return keyedHashCandidates(oneInput(subscriptionId, downloadTokenHash), VIEW_TOKEN_PURPOSE).some((h) => constantTimeEqual(h, token));
}

/** The owner an aggregate view token names, or null when it is not shaped like one. */
export function viewTokenOwner(token: string): string | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-9a-f]{64})$/i.exec(token);
  return m ? m[1]!.toLowerCase() : null;
}

export function viewTokenAllMatches(token: string, userId: string, aggregateTokenHash: string): boolean {
  const mac = token.slice(token.indexOf(".") + 1);
  return keyedHashCandidates(allInput(userId, aggregateTokenHash), VIEW_TOKEN_PURPOSE).some((h) => constantTimeEqual(h, mac));
}

/** `<base>/subscription-view/<id or all>?view=<token>`: the page, view-only. */
export function subscriptionViewUrl(base: string, id: string, viewToken: string): string {
  return `${base}/subscription-view/${encodeURIComponent(id)}?${new URLSearchParams({ view: viewToken }).toString()}`;
}
