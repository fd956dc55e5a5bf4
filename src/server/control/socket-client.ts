// The CLI's side of the control socket: send argv to the running service, get its exit code and
// output back. Connection failures reject (with the errno code) so the caller can explain them.
import net from "node:net";
import { parseResult, type ControlResult } from "./protocol";

export async function forwardToService(socketPath: string, argv: string[], opts: { timeoutMs?: number; locale?: "zh-CN" | "en" } = {}): Promise<ControlResult> {
  // Generous by default: a forwarded command may be slow (a large listing, a migration check).
  const timeoutMs = opts.timeoutMs ?? 5 * 60_000;
  return new Promise<ControlResult>((resolve, reject) => {
    const conn = net.createConnection(socketPath);
    let received = "";
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      conn.destroy();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(Object.assign(new Error(`no answer from ${socketPath} within ${timeoutMs} ms`), { code: "ETIMEDOUT" }))), timeoutMs);
    conn.setEncoding("utf8");
    conn.on("connect", () => conn.write(JSON.stringify({ argv, locale: opts.locale }) + "\n"));
    conn.on("data", (chunk: string) => {
      received += chunk;
    });
    conn.on("end", () => {
      const result = parseResult(received.trim());
      finish(() => (result ? resolve(result) : reject(Object.assign(new Error(`malformed answer from ${socketPath}`), { code: "EPROTO" }))));
    });
    conn.on("error", (err) => finish(() => reject(err)));
  });
}
