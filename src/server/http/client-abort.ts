// A client that goes away in the middle of a request (a closed tab, a lost network, a cancelled
// upload) is not a server fault: it is logged at info with the request id, never as an error. Only
// the errors Node gives a request whose connection ended early count, and only while that request's
// client is really gone; the same codes from an outgoing connection (a gateway, a panel) are real
// faults and are not classified here.
import { AsyncLocalStorage } from "node:async_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../logger";

/** `aborted`/ECONNRESET: the request's socket closed mid-body; ERR_STREAM_PREMATURE_CLOSE: a stream over it did. */
export function isConnectionAbort(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ECONNRESET" || code === "ECONNABORTED" || code === "ERR_STREAM_PREMATURE_CLOSE" || err.message === "aborted";
}

/** The connection of this request closed before its answer was sent. */
export function clientWentAway(req: IncomingMessage, res: ServerResponse): boolean {
  return !res.writableFinished && (req.socket.destroyed || (req.destroyed && !req.complete));
}

interface RequestScope { req: IncomingMessage; res: ServerResponse; requestId: string }
const g = globalThis as unknown as { __relayboardRequestScope?: AsyncLocalStorage<RequestScope>; __relayboardQuietAborts?: boolean };
const scope = (g.__relayboardRequestScope ??= new AsyncLocalStorage<RequestScope>());

/** Runs Next's handler for one request, so that what Next logs while serving it can be told apart. */
export function inRequestScope<T>(s: RequestScope, fn: () => T): T {
  return scope.run(s, fn);
}

/**
 * Next prints a Server Action whose body never fully arrived with `console.error` ("⨯ Error:
 * aborted", ECONNRESET) before any of our code runs. Inside a request whose client is gone, such
 * an error is logged at info with the request id instead; everything else is printed as before.
 */
export function quietClientAbortsInConsole(): void {
  if (g.__relayboardQuietAborts) return;
  g.__relayboardQuietAborts = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const s = scope.getStore();
    const abort = s && clientWentAway(s.req, s.res) ? args.find(isConnectionAbort) : undefined;
    if (!abort) return print(...args);
    log.info("client went away while Next.js read the request", { requestId: s!.requestId, code: (abort as NodeJS.ErrnoException).code });
  };
}
