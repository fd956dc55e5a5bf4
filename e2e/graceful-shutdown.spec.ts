// SIGTERM: the server stops accepting, finishes the request in flight, closes the database,
// releases the embedded lock and exits 0. Runs its own server instance (own port and DATA_DIR).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

test("a request in flight at SIGTERM completes; then the process exits 0 and releases its lock", async () => {
  // Boots a server of its own from source, which on a busy 2-core machine took longer than three
  // times the default limit (test.slow()): the test waits as long as its own start loop allows.
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3123) + 60;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rb-shutdown-"));
  const env = { ...JSON.parse(process.env.E2E_SERVER_ENV!), PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, DATABASE_URL: "" };
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], { env, stdio: "ignore" });
  const exited = new Promise<number | null>((r) => server.on("exit", (code) => r(code)));
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 900) throw new Error("second server did not start");
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(existsSync(path.join(dataDir, "relayboard.lock"))).toBe(true);

  // Start a request and hold its body back, so it is in flight when the signal arrives.
  const body = JSON.stringify({ email: `inflight-${Date.now()}@e2e.test`, password: "password-123", name: "In flight" });
  const sock = connect(port, "127.0.0.1");
  let response = "";
  sock.setEncoding("utf8").on("data", (d: string) => (response += d));
  const closed = new Promise<void>((r) => sock.on("close", () => r()));
  await new Promise<void>((r) => sock.on("connect", () => r()));
  sock.write(`POST /api/auth/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`);
  sock.write(body.slice(0, 10));
  await new Promise((r) => setTimeout(r, 300));

  process.kill(server.pid!, "SIGTERM");
  // New connections are refused while the in-flight one is still served. How soon the signal is
  // handled depends on the machine's load (a fixed 500 ms wait failed on a busy CI run), so ask
  // until the listener is closed, with the in-flight request still held open meanwhile.
  let refused = false;
  for (let i = 0; i < 200 && !refused; i++) {
    refused = await fetch(`http://127.0.0.1:${port}/api/health`).then(() => false).catch(() => true);
    if (!refused) await new Promise((r) => setTimeout(r, 100));
  }
  expect(refused).toBe(true);
  expect(response).toBe("");
  sock.write(body.slice(10));
  await closed;
  expect(response).toMatch(/^HTTP\/1\.1 201 /);

  expect(await exited).toBe(0);
  expect(existsSync(path.join(dataDir, "relayboard.lock"))).toBe(false);
});

test("SIGTERM sent to `npm start` (as a supervisor does) reaches the server, which stops cleanly", async () => {
  // Boots a server of its own from source, which on a busy 2-core machine took longer than three
  // times the default limit (test.slow()): the test waits as long as its own start loop allows.
  test.setTimeout(240_000);
  const port = Number(process.env.E2E_PORT ?? 3123) + 70;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rb-npmstart-"));
  const env = { ...JSON.parse(process.env.E2E_SERVER_ENV!), PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, DATABASE_URL: "" };
  const npm = spawn("npm", ["start", "--silent"], { env, stdio: "ignore" });
  const exited = new Promise<number | null>((r) => npm.on("exit", (code) => r(code)));
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (i > 900) throw new Error("npm start did not serve");
    await new Promise((r) => setTimeout(r, 200));
  }
  process.kill(npm.pid!, "SIGTERM");
  expect(await exited).toBe(0);
  // The server itself is gone (port closed) and released the embedded lock: nothing orphaned.
  expect(await fetch(`http://127.0.0.1:${port}/api/health`).then(() => "up").catch(() => "down")).toBe("down");
  expect(existsSync(path.join(dataDir, "relayboard.lock"))).toBe(false);
});
