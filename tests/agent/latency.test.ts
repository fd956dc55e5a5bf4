// TCP connect latency against real sockets on this machine; the resolver is injected.
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { measureLatencies, probeTarget } from "../../agent/src/latency/probe";

const servers: net.Server[] = [];
afterEach(async () => {
  while (servers.length) await new Promise((r) => servers.pop()!.close(r));
});

async function listening(): Promise<number> {
  const s = net.createServer((sock) => sock.destroy());
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return (s.address() as AddressInfo).port;
}

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe("latency probe", () => {
  it("resolves once before timing, tries several times and keeps the best", async () => {
    const port = await listening();
    const resolved: string[] = [];
    const times = [30, 10, 20];
    const r = await probeTarget("telecom", { host: "ct.example", port }, {
      tries: 3,
      timeoutMs: 1000,
      resolve: async (h) => {
        resolved.push(h);
        return "127.0.0.1";
      },
      connect: async () => times.shift()!,
    });
    expect(resolved).toEqual(["ct.example"]);
    expect(r).toEqual({ carrier: "telecom", target: `ct.example:${port}`, bestMs: 10 });
  });

  it("measures a real TCP connect, and leaves out unreachable and unresolvable targets", async () => {
    const open = await listening();
    const closed = await closedPort();
    const resolve = async (h: string) => {
      if (h === "nowhere.invalid") throw new Error("ENOTFOUND nowhere.invalid");
      return "127.0.0.1";
    };
    const { items, results } = await measureLatencies(
      {
        telecom: [{ host: "ct.example", port: open }],
        unicom: [{ host: "cu.example", port: closed }],
        mobile: [{ host: "nowhere.invalid", port: 80 }, { host: "cm.example", port: open }],
      },
      { tries: 2, timeoutMs: 2000, resolve },
    );
    expect(items.map((i) => i.carrier)).toEqual(["telecom", "mobile"]);
    for (const i of items) expect(i.latencyMs).toBeGreaterThanOrEqual(0);
    for (const i of items) expect(i.latencyMs).toBeLessThan(1000);
    expect(results.find((r) => r.carrier === "unicom")).toMatchObject({ bestMs: null, error: expect.stringMatching(/ECONNREFUSED/) });
    expect(results.find((r) => r.target.startsWith("nowhere"))).toMatchObject({ bestMs: null, error: expect.stringMatching(/cannot resolve/) });
  });
});
