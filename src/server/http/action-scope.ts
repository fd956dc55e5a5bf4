// Server Action requests that Next.js itself cannot decode (malformed body, bad references) end in a
// 500 before any of our code runs. The custom server runs each Server Action request inside this
// scope; runAction marks it once our code has the call. A 5xx on a request that never reached us is
// the request's fault and is answered as 400; a 5xx after that point stays a 5xx (a real bug).
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";

interface ActionScope { reached: boolean }

// On globalThis: the custom server and Next's bundled route code each load their own copy of this module.
const g = globalThis as unknown as { __relayboardActionScope?: AsyncLocalStorage<ActionScope> };
const storage = (g.__relayboardActionScope ??= new AsyncLocalStorage<ActionScope>());

/** Called by runAction: the request reached our code, so its outcome is ours to report. */
export function markActionReached(): void {
  const s = storage.getStore();
  if (s) s.reached = true;
}

/** Runs `fn` (Next's handler) so that a 5xx status set before our code was reached becomes 400. */
export function runServerActionRequest<T>(res: ServerResponse, onDowngrade: (status: number) => void, fn: () => T): T {
  const scope: ActionScope = { reached: false };
  let reported = false;
  const map = (status: number) => {
    if (status < 500 || scope.reached) return status;
    if (!reported) onDowngrade(status);
    reported = true;
    return 400;
  };
  let status = res.statusCode;
  Object.defineProperty(res, "statusCode", { configurable: true, enumerable: true, get: () => status, set: (v: number) => void (status = map(v)) });
  const writeHead = res.writeHead.bind(res) as (code: number, ...rest: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => writeHead(map(code), ...rest)) as ServerResponse["writeHead"];
  return storage.run(scope, fn);
}
