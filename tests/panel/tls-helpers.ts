// HTTPS in front of the (HTTP-only) 3x-ui simulator: a self-signed certificate made by the openssl CLI
// at test time, and a TLS-terminating TCP proxy over node:tls, so the adapter speaks real TLS to a real
// panel without the simulator knowing about it.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer as createTlsServer } from "node:tls";
import { requireTool } from "../helpers/requirements";

export interface SelfSignedCert { key: Buffer; cert: Buffer }

export const hasOpenssl = spawnSync("openssl", ["version"], { stdio: "ignore" }).status === 0;
/** Whether the openssl CLI exists: the self-signed HTTPS tests skip without it, and fail in CI. */
export const opensslAvailable = () =>
  requireTool("openssl", hasOpenssl, "the self-signed HTTPS panel tests make their certificate with it; run scripts/install-system-deps.sh");

/** A throwaway certificate for CN=localhost (so 127.0.0.1 is also a host name mismatch). */
export function makeSelfSignedCert(): SelfSignedCert {
  const dir = mkdtempSync(path.join(tmpdir(), "relayboard-tls-"));
  try {
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1", "-keyout", key, "-out", cert], {
      stdio: "ignore",
    });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TlsProxy {
  port: number;
  /** `https://127.0.0.1:<port><basePath>` for a simulator whose base path is given. */
  urlFor(basePath: string): string;
  close(): Promise<void>;
}

/** Terminates TLS on a free port and pipes each connection to `127.0.0.1:targetPort` as plain TCP. */
export async function startTlsProxy(targetPort: number, tls: SelfSignedCert): Promise<TlsProxy> {
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.once("close", () => sockets.delete(s));
  };
  const server = createTlsServer({ key: tls.key, cert: tls.cert }, (client) => {
    const upstream = connect({ host: "127.0.0.1", port: targetPort });
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once("error", end);
    upstream.once("error", end);
  });
  // A client refusing our certificate aborts the handshake: expected in the strict tests, not a failure.
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    urlFor: (basePath) => `https://127.0.0.1:${port}${basePath}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
