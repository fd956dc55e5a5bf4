// A handler that stops reading a large upload and answers 413 (the way our capped reader inside
// Next does) must have that answer reach the client, which is still sending; and a client that keeps
// sending past the lingering bounds is cut off rather than read forever.
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerOnAbort } from "../../src/server/http/linger-on-abort";

let server: Server | undefined;
let lastRequest: IncomingMessage | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

// Reads until 64 KiB, then leaves the loop early (the async iterator destroys the request, as in
// Next's body stream) and answers 413.
async function capped(req: IncomingMessage, res: ServerResponse) {
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) break;
  }
  res.writeHead(413, { "content-type": "application/json" }).end('{"error":{"code":"PAYLOAD_TOO_LARGE"}}');
}

async function listen(limits?: { bytes: number; ms: number }): Promise<number> {
  server = createServer((req, res) => {
    lastRequest = req;
    lingerOnAbort(req, res, limits);
    void capped(req, res);
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return (server!.address() as AddressInfo).port;
}

function upload(port: number, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method: "POST", path: "/", headers: { "transfer-encoding": "chunked" } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end(Buffer.alloc(size, 120));
  });
}

describe("lingering close after an abandoned body", () => {
  it("the 413 reaches a client that is still sending a 4 MB body, every time", async () => {
    const port = await listen();
    for (let i = 0; i < 8; i++) {
      const r = await upload(port, 4 * 1024 * 1024);
      expect(r.status).toBe(413);
      expect(r.body).toContain("PAYLOAD_TOO_LARGE");
    }
  });

  it("past the byte bound the socket is destroyed instead of read to the end", async () => {
    const port = await listen({ bytes: 256 * 1024, ms: 10_000 });
    const outcome = await upload(port, 64 * 1024 * 1024).then(
      (r) => `status ${r.status}`,
      (e: NodeJS.ErrnoException) => e.code,
    );
    // The client either read the 413 before the reset or saw the reset itself; it never sent the
    // whole 64 MB to a server that kept reading.
    expect(["status 413", "ECONNRESET", "EPIPE"]).toContain(outcome);
    expect(lastRequest!.complete).toBe(false);
  });
});
