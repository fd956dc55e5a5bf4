// Test-side clients for the real-core proof, built only from what a subscription delivers: share
// links parsed with WHATWG URL / base64 / JSON (independent of our renderers), a v2ray client per
// link, Debian's ss-local for shadowsocks, and a minimal SOCKS5 CONNECT to fetch a page through it.
import { spawn, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import type { ClientRoute } from "../../simulators/xui/v2ray-config";

/** A share link as a v2ray 4.34 client route (tcp or ws, no TLS: what the box serves). */
export function routeFromLink(link: string, httpPort: number): ClientRoute {
  const scheme = link.slice(0, link.indexOf("://"));
  if (scheme === "vmess") {
    const j = JSON.parse(Buffer.from(link.slice("vmess://".length), "base64").toString("utf8")) as Record<string, string | number>;
    return { httpPort, protocol: "vmess", server: { address: String(j.add), port: Number(j.port) }, credential: String(j.id), stream: streamOf(String(j.net), String(j.path ?? "")) };
  }
  const u = new URL(link);
  const server = { address: u.hostname, port: Number(u.port) };
  if (scheme === "ss") {
    const [method, password] = Buffer.from(decodeURIComponent(u.username), "base64").toString("utf8").split(/:(.*)/s) as [string, string];
    return { httpPort, protocol: "shadowsocks", server, credential: password, method };
  }
  if (scheme !== "vless" && scheme !== "trojan") throw new Error(`no v2ray client for ${scheme}`);
  const q = u.searchParams;
  return { httpPort, protocol: scheme, server, credential: decodeURIComponent(u.username), stream: streamOf(q.get("type") ?? "tcp", q.get("path") ?? "") };
}

const streamOf = (network: string, path: string): Record<string, unknown> => (network === "ws" ? { network: "ws", wsSettings: { path: path || "/" } } : { network: "tcp" });

export interface SsLocal {
  socksPort: number;
  stop(): Promise<void>;
}

/** Debian's `ss-local` (shadowsocks-libev) as an independent shadowsocks client. */
export async function startSsLocal(opts: { server: string; port: number; password: string; method: string; socksPort: number }): Promise<SsLocal> {
  const child: ChildProcess = spawn("ss-local", ["-s", opts.server, "-p", String(opts.port), "-k", opts.password, "-m", opts.method, "-b", "127.0.0.1", "-l", String(opts.socksPort)], { stdio: "ignore" });
  let exited = false;
  const gone = new Promise<void>((r) => child.once("exit", () => ((exited = true), r())));
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(opts.socksPort))) {
    if (exited || Date.now() > deadline) throw new Error("ss-local did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    socksPort: opts.socksPort,
    stop: async () => {
      if (!exited) child.kill("SIGTERM");
      await gone;
    },
  };
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ host: "127.0.0.1", port });
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

/** GET http://127.0.0.1:<pagePort>/ through a SOCKS5 proxy (no auth, CONNECT to an IPv4 address). */
export function getViaSocks(socksPort: number, pagePort: number, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: "127.0.0.1", port: socksPort });
    const timer = setTimeout(() => (s.destroy(), reject(new Error("socks request timed out"))), timeoutMs);
    let stage = 0;
    let buf = Buffer.alloc(0);
    const chunks: Buffer[] = [];
    s.once("connect", () => s.write(Buffer.from([5, 1, 0])));
    s.on("data", (d: Buffer) => {
      if (stage === 2) return void chunks.push(d);
      buf = Buffer.concat([buf, d]);
      if (stage === 0 && buf.length >= 2) {
        buf = buf.subarray(2);
        stage = 1;
        s.write(Buffer.from([5, 1, 0, 1, 127, 0, 0, 1, pagePort >> 8, pagePort & 255]));
      }
      if (stage === 1 && buf.length >= 10) {
        if (buf[1] !== 0) return void (s.destroy(), reject(new Error(`socks connect refused (${buf[1]})`)));
        const rest = buf.subarray(10);
        stage = 2;
        if (rest.length) chunks.push(rest);
        s.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${pagePort}\r\nConnection: close\r\n\r\n`);
      }
    });
    s.once("error", (e) => (clearTimeout(timer), reject(e)));
    s.once("close", () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const sep = raw.indexOf("\r\n\r\n");
      resolve(sep >= 0 ? raw.slice(sep + 4) : "");
    });
  });
}
