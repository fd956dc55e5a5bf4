// A client that goes away mid-upload is not a server error: the capped reader turns the request
// stream's abort into `request_incomplete` (not "unhandled error") and the listener logs the request
// at info with its id. Real faults, an ECONNRESET from anywhere but the request included, still log
// at error level. Uploads are sent over a real socket that sends half its body and closes.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDomainError } from "../../src/server/errors";
import { quietClientAbortsInConsole } from "../../src/server/http/client-abort";
import { REQUEST_ID_HEADER } from "../../src/server/http/client-ip";
import { readBodyCapped } from "../../src/server/http/read-json";
import { errorResponse } from "../../src/server/http/respond";
import type { NextHandle } from "../../src/server/http/request-listener";
import { captureOutput } from "../helpers/capture-logs";
import { startListener, type Listener } from "./listener-harness";

let app: Listener;
const seen: { error?: unknown; requestId?: string } = {};

const handle: NextHandle = async (req, res) => {
  if (req.url === "/api/crash") throw new Error("boom");
  if (req.url === "/api/upstream-reset") throw Object.assign(new Error("aborted"), { code: "ECONNRESET" }); // an outgoing call's reset
  if (req.url === "/api/print-reset") {
    console.error("⨯", Object.assign(new Error("upstream aborted"), { code: "ECONNRESET" })); // the client is still there
    return void res.end("printed");
  }
  if (req.headers["next-action"]) {
    // As Next reads a Server Action's body: an abort is printed with console.error and becomes a 500.
    try {
      for await (const chunk of req) void chunk;
      return void res.end("read");
    } catch (err) {
      seen.requestId = String(req.headers[REQUEST_ID_HEADER]);
      console.error("⨯", err);
      res.statusCode = 500;
      return void res.end();
    }
  }
  // As Next hands a route handler its body: a web stream fed by `for await` over the request.
  const body = new ReadableStream<Uint8Array>({
    start: async (c) => {
      for await (const chunk of req) c.enqueue(new Uint8Array(chunk as Buffer));
      c.close();
    },
  });
  seen.requestId = String(req.headers[REQUEST_ID_HEADER]);
  const request = new Request(`http://app.test${req.url}`, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body, duplex: "half" } as RequestInit);
  try {
    await readBodyCapped(request, 1024 * 1024);
    res.end("read");
  } catch (err) {
    seen.error = err;
    const reply = errorResponse(err, seen.requestId, "en");
    res.writeHead(reply.status).end(await reply.text());
  }
};

// What reaches the console (Next's error printer) once the quieting wrapper has let it through.
const printed: unknown[][] = [];
beforeAll(async () => {
  console.error = (...args: unknown[]) => void printed.push(args);
  quietClientAbortsInConsole(); // as main.ts does
  app = await startListener(handle);
});
afterAll(() => app.close());

const lines = (output: string) =>
  output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as { level: string; msg: string; requestId?: string });

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends the head of an upload and half its declared body, then closes the connection. */
async function abortedUpload(reset: boolean, serverAction = false) {
  const socket = connect({ port: app.port, host: "127.0.0.1", localAddress: "127.0.0.2" });
  await new Promise<void>((r) => socket.once("connect", () => r()));
  socket.on("error", () => undefined);
  const host = `127.0.0.1:${app.port}`;
  const head = serverAction ? `POST /store HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nNext-Action: 40abc\r\n` : `POST /api/support/tickets HTTP/1.1\r\nHost: ${host}\r\n`;
  socket.write(`${head}Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 200000\r\n\r\n`);
  socket.write("x".repeat(100_000));
  await new Promise((r) => setTimeout(r, 100));
  if (reset) socket.resetAndDestroy();
  else socket.destroy();
}

describe("an aborted upload", () => {
  it.each([false, true])("is request_incomplete, logged at info with the request id, and nothing at error level (RST: %s)", async (reset) => {
    seen.error = undefined;
    const { output } = await captureOutput(async () => {
      await abortedUpload(reset);
      await until(() => seen.error !== undefined);
      await new Promise((r) => setTimeout(r, 200)); // let the listener see the close
    });
    expect(isDomainError(seen.error) && seen.error.reason).toBe("request_incomplete");
    const logged = lines(output);
    expect(logged.filter((l) => l.level === "error")).toEqual([]);
    const gone = logged.find((l) => l.msg === "client went away before the answer");
    expect(gone?.level).toBe("info");
    expect(gone?.requestId).toBe(seen.requestId);
  });
});

describe("an aborted Server Action upload (Next reads the body)", () => {
  it("prints no error and refuses nothing: one info line from Next's read, one from the listener, both with the request id", async () => {
    seen.requestId = undefined;
    printed.length = 0;
    const { output } = await captureOutput(async () => {
      await abortedUpload(false, true);
      await until(() => seen.requestId !== undefined);
      await new Promise((r) => setTimeout(r, 200));
    });
    expect(printed).toEqual([]);
    const logged = lines(output);
    expect(logged.filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
    for (const msg of ["client went away while Next.js read the request", "client went away before the answer"]) {
      const line = logged.find((l) => l.msg === msg);
      expect(line?.level, msg).toBe("info");
      expect(line?.requestId).toBe(seen.requestId);
    }
  });
});

describe("real faults", () => {
  it("an ECONNRESET printed while the client is still there is printed as it is", async () => {
    printed.length = 0;
    const { result, output } = await captureOutput(() => app.send({ path: "/api/print-reset" }));
    expect(result.body).toBe("printed");
    expect(printed.flat().some((a) => a instanceof Error && a.message === "upstream aborted")).toBe(true);
    expect(output).not.toContain("client went away");
  });

  it.each(["/api/crash", "/api/upstream-reset"])("%s with the client still there: 500 and an error-level line", async (path) => {
    const { result, output } = await captureOutput(() => app.send({ method: "POST", path, body: "{}" }));
    expect(result.status).toBe(500);
    expect(lines(output).some((l) => l.level === "error" && l.msg === "request handler crashed")).toBe(true);
  });

  it("a request body stream that fails for another reason is not taken for a client abort", async () => {
    const body = new ReadableStream<Uint8Array>({ pull: (c) => c.error(new Error("disk full")) });
    const request = new Request("http://app.test/api/x", { method: "POST", body, duplex: "half" } as RequestInit);
    await expect(readBodyCapped(request, 1024)).rejects.toThrow("disk full");
  });
});
