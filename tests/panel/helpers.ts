// Shared fixtures for the panel tests: seeded inbounds, free ports, a local page and a raw HTTP proxy
// request over node:net (so nothing but the proxy under test carries the traffic).
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { connect, createServer as createTcpServer, type AddressInfo } from "node:net";
import type { SimInboundSeed } from "../../simulators/xui/model";
import type { XuiShape } from "../../simulators/xui/routes-settings";
import { startXuiSimulator, type XuiSimulator, type XuiSimulatorOptions } from "../../simulators/xui/server";
import { isDomainError, type DomainError } from "../../src/server/errors";
import { createPanelClient, type PanelClient, type PanelClientRoutes } from "../../src/server/integrations/panel";

export const USER = "admin";
export const PASS = "s3cret-pass";
export const TOKEN = "tok_" + "a".repeat(40);

/**
 * The two route layouts the adapter must speak, each reached the way a real panel of that shape allows:
 * v2.8.11 by cookie login, the newest 3x-ui by API token (it refuses a plain login).
 */
export const SHAPES: { shape: XuiShape; clientRoutes: PanelClientRoutes; token?: string }[] = [
  { shape: "v2.8", clientRoutes: "inbounds" },
  { shape: "latest", clientRoutes: "clients", token: TOKEN },
];

export async function panelFor(
  shape: XuiShape,
  extra: Partial<XuiSimulatorOptions> = {},
): Promise<{ sim: XuiSimulator; panel: PanelClient }> {
  const token = SHAPES.find((s) => s.shape === shape)?.token;
  const sim = await startXuiSimulator({ username: USER, password: PASS, inbounds: seedInbounds(), shape, apiToken: token, ...extra });
  return { sim, panel: createPanelClient({ url: sim.url, username: USER, password: PASS, apiToken: token }) };
}

/** The request lines (as `sim.requests` records them) of a client update and delete in each layout. */
export function writeRoutes(routes: PanelClientRoutes) {
  return routes === "clients"
    ? {
        update: (_inboundId: number, _key: string, email: string) => `POST panel/api/clients/update/${email}`,
        del: (_inboundId: number, _key: string, email: string) => `POST panel/api/clients/del/${email}`,
      }
    : {
        update: (_inboundId: number, key: string) => `POST panel/api/inbounds/updateClient/${key}`,
        del: (inboundId: number, key: string) => `POST panel/api/inbounds/${inboundId}/delClient/${key}`,
      };
}

/** Matches any client write of the given layout: the other layout's must never be called. */
export const CLIENT_WRITES: Record<PanelClientRoutes, RegExp> = {
  inbounds: /^POST panel\/api\/inbounds\/(addClient|updateClient\/|\d+\/delClient\/)/,
  clients: /^(POST|GET) panel\/api\/clients\//,
};

export const placeholder = (protocol: string): Record<string, unknown> => ({
  email: `keep-${protocol}`,
  enable: true,
  totalGB: 0,
  expiryTime: 0,
  limitIp: 0,
  tgId: "",
  subId: "",
  ...(protocol === "vmess" || protocol === "vless" ? { id: randomUUID() } : { password: `pw-${randomUUID()}` }),
});

/** Inbounds 1..4: vmess, vless (ws), trojan, shadowsocks; each keeps one placeholder client. */
export function seedInbounds(ports: number[] = [20001, 20002, 20003, 20004]): SimInboundSeed[] {
  return [
    { id: 1, protocol: "vmess", port: ports[0] as number, clients: [placeholder("vmess")] },
    { id: 2, protocol: "vless", port: ports[1] as number, network: "ws", wsPath: "/vl", clients: [placeholder("vless")] },
    { id: 3, protocol: "trojan", port: ports[2] as number, clients: [placeholder("trojan")] },
    { id: 4, protocol: "shadowsocks", port: ports[3] as number, method: "aes-256-gcm", clients: [placeholder("shadowsocks")] },
  ];
}

/** Run `fn`, expect a DomainError, return it for assertions on code/details. */
export async function domainErrorOf(fn: () => Promise<unknown>): Promise<DomainError> {
  try {
    await fn();
  } catch (e) {
    if (isDomainError(e)) return e;
    throw e;
  }
  throw new Error("expected a DomainError, but the call succeeded");
}

export async function freePort(): Promise<number> {
  const srv = createTcpServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export async function startPage(body: string): Promise<{ port: number; close(): Promise<void> }> {
  // A fixed length keeps the raw response unchunked, so the proxy test can compare the body as is.
  const srv = createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/plain", "content-length": String(Buffer.byteLength(body)) }).end(body),
  );
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", () => r()));
  return {
    port: (srv.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((r) => {
        srv.close(() => r());
        srv.closeAllConnections();
      }),
  };
}

/**
 * `GET http://target/` sent to an HTTP proxy as an absolute-form request; resolves status + body.
 * 15 s by default: a core that has just restarted, on a CI machine busy with parallel test workers,
 * once took over 5 s to carry the first request (the proof is that it arrives, not how fast).
 */
export function getViaHttpProxy(proxyPort: number, targetUrl: string, timeoutMs = 15_000): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(targetUrl);
    const socket = connect({ host: "127.0.0.1", port: proxyPort });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("proxy request timed out"));
    }, timeoutMs);
    socket.once("connect", () => {
      socket.write(`GET ${url.href} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    });
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.once("close", () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(raw)?.[1] ?? 0);
      const sep = raw.indexOf("\r\n\r\n");
      resolve({ status, body: sep >= 0 ? raw.slice(sep + 4) : "" });
    });
  });
}
