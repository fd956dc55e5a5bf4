// The proxy node for the agent's end-to-end test: a real v2ray 4.34 serving one vless inbound on
// every address with one client per seeded node client (its email and uuid), its access log in a
// temp file; and a real v2ray client that reaches it on this machine's own non-loopback address,
// because the agent (and the server) drop connections from loopback as local API traffic.
import { readFile } from "node:fs/promises";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { renderClientConfig, renderServerConfig, type ClientRoute } from "../../simulators/xui/v2ray-config";
import { startV2rayProcess, type V2rayProcess } from "../../simulators/xui/v2ray-process";
import { freePort, getViaHttpProxy } from "../panel/helpers";

export interface CoreClient {
  email: string;
  id: string;
}

/** This machine's first non-internal IPv4 address; throws when it has none. */
export function hostAddress(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  throw new Error("this machine has no non-loopback IPv4 address: the agent drops loopback connections, so the end-to-end test cannot make one it would count");
}

export interface NodeCore {
  port: number;
  accessLog: string;
  stop(): Promise<void>;
}

export async function startNodeCore(opts: { binary: string; dir: string; clients: CoreClient[] }): Promise<NodeCore> {
  const port = await freePort();
  const accessLog = join(opts.dir, "access.log");
  const { config, skipped } = renderServerConfig(
    [{ protocol: "vless", port, listen: "0.0.0.0", tag: "inbound-e2e", settings: {}, streamSettings: { network: "tcp" }, clients: opts.clients.map((c) => ({ id: c.id, email: c.email })) }],
    { accessLog, errorLog: join(opts.dir, "error.log"), listen: "0.0.0.0" },
  );
  if (skipped.length) throw new Error(`the core config left out an inbound: ${JSON.stringify(skipped)}`);
  const proc = await startV2rayProcess(opts.binary, config, join(opts.dir, "server.json"), [{ host: "127.0.0.1", port }]);
  return { port, accessLog, stop: () => proc.stop() };
}

export interface ProxyClient {
  /** One GET through the node as `email`: one new proxied connection, so one access-log line. */
  get(email: string, url: string): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

/** A v2ray client with one local HTTP proxy per node client, each routed through the node as that client. */
export async function startProxyClient(opts: { binary: string; dir: string; server: { address: string; port: number }; clients: CoreClient[] }): Promise<ProxyClient> {
  const routes: (ClientRoute & { email: string })[] = [];
  for (const c of opts.clients) routes.push({ email: c.email, httpPort: await freePort(), protocol: "vless", server: opts.server, credential: c.id, stream: { network: "tcp" } });
  const proc: V2rayProcess = await startV2rayProcess(opts.binary, renderClientConfig(routes), join(opts.dir, "client.json"), routes.map((r) => ({ host: "127.0.0.1", port: r.httpPort })));
  return {
    get: (email, url) => {
      const r = routes.find((x) => x.email === email);
      if (!r) throw new Error(`no client route for ${email}`);
      // getViaHttpProxy sends Connection: close, so the client opens a fresh connection to the node each time.
      return getViaHttpProxy(r.httpPort, url, 5000);
    },
    stop: () => proc.stop(),
  };
}

/** The core's access-log lines for `email` (v2ray writes them asynchronously, after the proxied request starts). */
export async function accessLinesOf(file: string, email: string): Promise<string[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text.split("\n").filter((l) => l.endsWith(` email: ${email}`));
}

/** Polls the access log until it holds `count` lines for `email`; throws with what it saw after `timeoutMs`. */
export async function waitForAccessLines(file: string, email: string, count: number, timeoutMs = 5000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = await accessLinesOf(file, email);
    if (lines.length >= count) return lines;
    if (Date.now() > deadline) throw new Error(`expected ${count} access-log lines for ${email} in ${file}, found ${lines.length}:\n${lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
