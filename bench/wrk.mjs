// Driving an HTTP scenario with wrk (Debian's `wrk`, a C load generator) instead of a Node loop: on a
// 2-core machine a Node generator takes about one core from the server under test and halves every
// figure. The scenario's requests are written to a file once (bench/wrk-requests.lua sends them in
// turn) and wrk's summary comes back as one JSON line. One thread (-t1): the second core is the server's.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LUA = path.join(path.dirname(fileURLToPath(import.meta.url)), "wrk-requests.lua");
const US = "\x1f";
const RS = "\x1e";
const GS = "\x1d";

/** The wrk binary, or null (the bench then says so and falls back to its Node generator). */
export function findWrk() {
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
    return "wrk";
  } catch (err) {
    // wrk prints its usage and exits 1 for --version: it is there.
    return err.code === "ENOENT" ? null : "wrk";
  }
}

const clean = (s) => {
  if (/[\x1d-\x1f\r\n]/.test(s)) throw new Error("a wrk request field holds a separator or a line break");
  return s;
};

/** One line of the request file: method, path, headers, body (see bench/wrk-requests.lua). */
function line({ method = "GET", path: p, headers = {}, body = "" }) {
  const h = Object.entries(headers).map(([k, v]) => `${clean(k)}${RS}${clean(String(v))}`).join(GS);
  return [clean(method), clean(p), h, clean(body)].join(US);
}

/**
 * Runs wrk for `seconds` against `base` with `requests` sent in turn on `connections` connections.
 * Returns the bench's result shape (ms, req/s) with `errors` = socket errors + bad answers.
 */
export async function runWrk({ wrk, base, requests, connections, seconds, minBody = 0, expect = "" }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "relayboard-wrk-"));
  try {
    const file = path.join(dir, "requests.txt");
    writeFileSync(file, `${requests.map(line).join("\n")}\n`);
    const env = { ...process.env, WRK_REQUESTS: file, WRK_MIN_BODY: String(minBody), WRK_EXPECT: expect };
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "10s", "-s", LUA, base];
    const stdout = await new Promise((resolve, reject) =>
      execFile(wrk, args, { env, maxBuffer: 16 * 1024 * 1024, timeout: (seconds + 60) * 1000 }, (err, out, errOut) => (err ? reject(new Error(`wrk failed: ${errOut || err.message}`)) : resolve(out))),
    );
    const json = stdout.split("\n").find((l) => l.startsWith("WRK_JSON "));
    if (!json) throw new Error(`wrk printed no summary:\n${stdout}`);
    const s = JSON.parse(json.slice("WRK_JSON ".length));
    const elapsed = s.durationUs / 1e6;
    const ms = (us) => Math.round(us / 100) / 10;
    const errorsBy = Object.fromEntries(Object.entries({ bad: s.bad, connect: s.connect, read: s.read, write: s.write, timeout: s.timeout }).filter(([, n]) => n > 0));
    const errors = Object.values(errorsBy).reduce((a, b) => a + b, 0);
    return {
      requests: s.requests,
      rps: Math.round((s.requests / elapsed) * 10) / 10,
      p50: ms(s.p50),
      p95: ms(s.p95),
      p99: ms(s.p99),
      max: ms(s.max),
      errors,
      ...(errors ? { errorsBy } : {}),
      elapsed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
