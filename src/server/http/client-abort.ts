// A client that goes away in the middle of a request (a closed tab, a lost network, a cancelled
// upload) is not a server fault: it is logged at info with the request id, never as an error. Only
// the errors Node gives a request whose connection ended early count; the same codes from an
// outgoing connection (a gateway, a panel) are real faults and are not classified here.
import type { IncomingMessage, ServerResponse } from "node:http";

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
