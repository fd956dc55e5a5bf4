// Lingering close for a request whose body was abandoned (a 413 cut off mid-upload, a handler that
// stopped reading). Next reads the body with `for await` over the request, and leaving that loop
// early destroys the request, which destroys the socket while the client is still sending: the
// kernel then answers the client's bytes with a reset, and the client often loses our 413 before it
// reads it. Ending the response early does not help either: Node closes a connection whose request
// was not read to the end. So the request's iterator is swapped for one that does not destroy on an
// early exit; instead, like nginx's lingering close, we read (and discard) what the client still
// sends, bounded in bytes and time, and finish the response once the body has ended. Past the
// bounds the socket is destroyed.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

export const LINGER_MAX_BYTES = 16 * 1024 * 1024;
export const LINGER_MAX_MS = 10_000;

export function lingerOnAbort(req: IncomingMessage, res: ServerResponse, limits = { bytes: LINGER_MAX_BYTES, ms: LINGER_MAX_MS }): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const socket = req.socket;
  let lingering = false;
  let drained = false;
  let pendingEnd: unknown[] | undefined;

  res.end = ((...args: unknown[]) => {
    if (!lingering || drained) return end(...args);
    pendingEnd = args;
    return res;
  }) as ServerResponse["end"];

  const linger = () => {
    if (lingering || req.complete || socket.destroyed) return;
    lingering = true;
    let discarded = 0;
    const cutOff = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(cutOff, limits.ms);
    timer.unref();
    req.on("data", (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limits.bytes) cutOff();
    });
    req.once("end", () => {
      clearTimeout(timer);
      drained = true;
      if (pendingEnd) end(...pendingEnd);
    });
    req.once("close", () => clearTimeout(timer));
    req.resume();
  };

  req[Symbol.asyncIterator] = () => {
    const inner = Readable.prototype.iterator.call(req, { destroyOnReturn: false }) as AsyncIterableIterator<Buffer>;
    return {
      next: () => inner.next(),
      return: async (value?: unknown) => {
        const result = await inner.return!(value);
        linger();
        return result;
      },
      throw: (err?: unknown) => inner.throw!(err),
      [Symbol.asyncIterator]() {
        return this;
      },
    } as AsyncIterableIterator<Buffer>;
  };
}
