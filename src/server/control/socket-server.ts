// The running service's control socket. While the service owns the embedded database, the CLI
// cannot open it, so it sends its argv here and the service runs the same CLI code on its own
// handle. The socket is owner-only (0600): connecting to it is operator (CLI actor) access.
import { chmodSync, lstatSync, unlinkSync } from "node:fs";
import net from "node:net";
import { errorSummary } from "../describe-error";
import { MAX_REQUEST_BYTES, parseRequest, type ControlResult } from "./protocol";

export interface ControlSocket {
  socketPath: string;
  close(): Promise<void>;
}

/** Unix socket paths are limited to about 107 bytes by the kernel (sun_path). */
const MAX_SOCKET_PATH = 104;

function removeStaleSocket(socketPath: string): void {
  try {
    const st = lstatSync(socketPath);
    // Never delete a regular file that merely has the socket's name: that is a misconfiguration.
    if (!st.isSocket()) throw new Error(`${socketPath} exists and is not a socket; remove it or choose another DATA_DIR`);
    // The caller holds the embedded lock, so no live service is listening on this old socket.
    unlinkSync(socketPath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}

export async function startControlSocket(opts: { socketPath: string; run: (argv: string[], locale?: "zh-CN" | "en") => Promise<ControlResult> }): Promise<ControlSocket> {
  const { socketPath, run } = opts;
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new Error(`Control socket path is too long for a Unix socket (${Buffer.byteLength(socketPath)} bytes): ${socketPath}; use a shorter DATA_DIR`);
  }
  removeStaleSocket(socketPath);

  /** Connections that have not sent a full request yet: cut on close; busy ones finish first. */
  const waiting = new Set<net.Socket>();
  const server = net.createServer((conn) => {
    waiting.add(conn);
    conn.on("close", () => waiting.delete(conn));
    conn.on("error", () => conn.destroy()); // a client that hangs up early is not the service's problem
    let buffered = "";
    let handled = false;
    conn.setEncoding("utf8");
    conn.on("data", (chunk: string) => {
      if (handled) return;
      buffered += chunk;
      const nl = buffered.indexOf("\n");
      if (nl === -1) {
        if (Buffer.byteLength(buffered) > MAX_REQUEST_BYTES) {
          handled = true;
          waiting.delete(conn);
          reply(conn, { code: 2, stdout: "", stderr: "error: control request too large\n" });
        }
        return;
      }
      handled = true;
      waiting.delete(conn);
      void answer(conn, buffered.slice(0, nl), run);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);

  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        // In-flight commands finish (their connections end after the reply); idle ones are cut.
        server.close(() => resolve());
        for (const c of waiting) c.destroy();
        try {
          unlinkSync(socketPath);
        } catch {
          /* already removed */
        }
      }),
  };
}

async function answer(conn: net.Socket, line: string, run: (argv: string[], locale?: "zh-CN" | "en") => Promise<ControlResult>) {
  const req = parseRequest(line);
  if (!req) return reply(conn, { code: 2, stdout: "", stderr: "error: malformed control request (expected {\"argv\": [...]})\n" });
  let result: ControlResult;
  try {
    result = await run(req.argv, req.locale);
  } catch (err) {
    result = { code: 1, stdout: "", stderr: `error: INTERNAL: ${errorSummary(err)}\n` }; // no SQL parameters
  }
  reply(conn, result);
}

function reply(conn: net.Socket, result: ControlResult) {
  if (conn.destroyed) return;
  conn.end(JSON.stringify(result) + "\n");
}
