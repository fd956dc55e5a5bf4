// One POST of one batch. Only transport lives here; what a status means is decided by the deliverer.
import { AGENT_VERSION } from "../version";

export interface PostResult {
  status: number;
  retryAfter: string | null;
  body: string;
}

export type PostFn = (url: string, init: { token: string; idempotencyKey: string; body: string; timeoutMs: number }) => Promise<PostResult>;

const MAX_RESPONSE_CHARS = 4096;

export const fetchPost: PostFn = async (url, { token, idempotencyKey, body, timeoutMs }) => {
  const res = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      "idempotency-key": idempotencyKey,
      "user-agent": `relayboard-agent/${AGENT_VERSION}`,
    },
    body,
    // A redirect would resend the token to wherever it points.
    redirect: "error",
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text().catch(() => "");
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: text.slice(0, MAX_RESPONSE_CHARS) };
};
