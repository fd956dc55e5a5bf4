// Golden tests of the route-tool parsers over captured-style outputs, the contract shape, and the
// tool runner (fake execFile: arguments, retry without AS lookups).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_CONTRACT_HOPS, toContractTrace } from "../../agent/src/trace/hops";
import { parseMtrJson } from "../../agent/src/trace/parse-mtr";
import { parseNexttraceJson } from "../../agent/src/trace/parse-nexttrace";
import { parseTraceroute } from "../../agent/src/trace/parse-traceroute";
import { pickTool, toolArgs, traceTarget, type ExecFn } from "../../agent/src/trace/run-trace";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

describe("traceroute parser", () => {
  it("-n -A: AS numbers, * * * hops, several responders per hop, !H annotations", () => {
    expect(parseTraceroute(fixture("traceroute-n-A.txt"))).toEqual([
      { hop: 1, ip: "10.10.0.1", latencyMs: 0.361 },
      { hop: 2, ip: null, latencyMs: null },
      { hop: 3, ip: "100.64.12.9", latencyMs: 1.881 },
      { hop: 3, ip: "100.64.12.13", latencyMs: 2.204 },
      { hop: 4, ip: "59.43.246.33", latencyMs: 154.113, asn: "AS4809" },
      { hop: 5, ip: "59.43.130.197", latencyMs: 160.54, asn: "AS4809" },
      { hop: 6, ip: "59.43.187.62", latencyMs: 171.12, asn: "AS4809" },
      { hop: 7, ip: "202.97.94.150", latencyMs: 180.002, asn: "AS4134/AS4809" },
    ]);
  });

  it("with reverse names: the address in parentheses, the name kept", () => {
    expect(parseTraceroute(fixture("traceroute-names.txt"))).toEqual([
      { hop: 1, ip: "192.168.1.1", hostname: "_gateway", latencyMs: 0.455 },
      { hop: 2, ip: "129.250.2.141", hostname: "ae-3.r21.lsanca07.us.bb.gin.ntt.net", latencyMs: 1.188 },
      { hop: 2, ip: "129.250.2.145", hostname: "ae-4.r21.lsanca07.us.bb.gin.ntt.net", latencyMs: 1.311 },
      { hop: 3, ip: "219.158.96.225", latencyMs: 162.798 },
      { hop: 4, ip: null, latencyMs: null },
      { hop: 5, ip: null, latencyMs: null },
      { hop: 6, ip: "123.125.104.150", latencyMs: 170.955 },
    ]);
  });

  it("IPv6", () => {
    expect(parseTraceroute(fixture("traceroute-ipv6.txt"))).toEqual([
      { hop: 1, ip: "2001:db8:0:1::1", latencyMs: 0.27 },
      { hop: 2, ip: "2001:db8:ffff::2", latencyMs: 1.02 },
      { hop: 3, ip: null, latencyMs: null },
      { hop: 4, ip: "2409:8080:0:1::5", latencyMs: 88.512 },
      { hop: 4, ip: "2409:8080:0:1::9", latencyMs: 88.421 },
    ]);
  });

  it("a target that never answers: trailing timeouts do not count as path length", () => {
    const hops = parseTraceroute(fixture("traceroute-unreachable.txt"));
    expect(hops).toHaveLength(5);
    expect(toContractTrace("mobile", hops)).toEqual({
      carrier: "mobile",
      hops: [{ hop: 1, ip: "10.0.0.1", geo: "", latency: 0.27, asn: "", owner: "", isp: "" }],
      summary: "",
      hopCount: 1,
    });
  });
});

describe("mtr and nexttrace parsers", () => {
  it("mtr --json (0.93+): ASN, silent hops", () => {
    expect(parseMtrJson(fixture("mtr.json"))).toEqual([
      { hop: 1, ip: "10.10.0.1", latencyMs: 0.36 },
      { hop: 2, ip: null, latencyMs: null },
      { hop: 3, ip: "223.120.2.17", latencyMs: 130.8, asn: "AS58453" },
      { hop: 4, ip: "221.183.55.22", latencyMs: 140.1, asn: "AS9808" },
      { hop: 5, ip: "211.136.192.6", latencyMs: 145.7, asn: "AS56040" },
    ]);
  });

  it("mtr 0.92 (count as a string, no ASN field)", () => {
    expect(parseMtrJson(fixture("mtr-0.92.json"))).toEqual([
      { hop: 1, ip: "10.0.0.1", latencyMs: 0.47 },
      { hop: 2, ip: null, latencyMs: null },
      { hop: 3, ip: "1.2.3.4", latencyMs: 20.1 },
    ]);
  });

  it("nexttrace --json: ASN, owner, ISP and country; nanosecond RTTs; best per responder", () => {
    expect(parseNexttraceJson(fixture("nexttrace.json"))).toEqual([
      { hop: 1, ip: "10.10.0.1", latencyMs: 0.36, geo: "LAN Address" },
      { hop: 2, ip: null, latencyMs: null },
      { hop: 3, ip: "59.43.246.33", latencyMs: 154.11, asn: "AS4809", owner: "ChinaTelecom", isp: "CN2", geo: "China" },
      { hop: 3, ip: "59.43.246.37", latencyMs: 155, asn: "AS4809", owner: "ChinaTelecom", isp: "CN2", geo: "China" },
      { hop: 4, ip: "202.97.94.150", latencyMs: 180.25, asn: "AS4134", owner: "ChinaNet", isp: "电信", geo: "China" },
    ]);
  });
});

describe("contract trace", () => {
  it("keeps responders only, the server's hop limit, and the last answering hop as hopCount", () => {
    const t = toContractTrace("telecom", parseTraceroute(fixture("traceroute-n-A.txt")));
    expect(t.hopCount).toBe(7);
    expect(t.hops).toHaveLength(7);
    expect(t.hops[3]).toEqual({ hop: 4, ip: "59.43.246.33", geo: "", latency: 154.113, asn: "AS4809", owner: "", isp: "" });
    const many = Array.from({ length: 30 }, (_, i) => [
      { hop: i + 1, ip: `10.0.${i}.1`, latencyMs: 1 },
      { hop: i + 1, ip: `10.0.${i}.2`, latencyMs: 1 },
      { hop: i + 1, ip: `10.0.${i}.3`, latencyMs: 1 },
    ]).flat();
    expect(toContractTrace("unicom", many).hops).toHaveLength(MAX_CONTRACT_HOPS);
  });
});

describe("route tool runner", () => {
  it("prefers nexttrace, then mtr, then traceroute", async () => {
    const have = (names: string[]) => async (n: string) => (names.includes(n) ? `/usr/bin/${n}` : null);
    expect(await pickTool("auto", have(["traceroute", "mtr", "nexttrace"]))).toEqual({ tool: "nexttrace", file: "/usr/bin/nexttrace" });
    expect(await pickTool("auto", have(["traceroute", "mtr"]))).toEqual({ tool: "mtr", file: "/usr/bin/mtr" });
    expect(await pickTool("auto", have(["traceroute"]))).toEqual({ tool: "traceroute", file: "/usr/bin/traceroute" });
    expect(await pickTool("mtr", have(["traceroute"]))).toBeNull();
    expect(await pickTool("auto", have([]))).toBeNull();
  });

  it("passes the target as one argument (never through a shell)", () => {
    const target = { host: "a.example; rm -rf /", port: 80 };
    expect(toolArgs("traceroute", target, { maxHops: 30, asLookup: true })).toEqual(["-n", "-q", "3", "-w", "2", "-m", "30", "-A", "a.example; rm -rf /"]);
    expect(toolArgs("mtr", target, { maxHops: 20, asLookup: true })).toEqual(["--json", "-n", "-z", "-c", "3", "-m", "20", "a.example; rm -rf /"]);
    expect(toolArgs("nexttrace", target, { maxHops: 30, asLookup: false })).toEqual(["--json", "-n", "-q", "3", "-m", "30", "a.example; rm -rf /"]);
  });

  it("retries without AS lookups when the registry cannot be reached", async () => {
    const calls: string[][] = [];
    const exec: ExecFn = async (_file, args) => {
      calls.push(args);
      if (args.includes("-A")) return { stdout: "traceroute to 1.1.1.1 (1.1.1.1), 30 hops max, 60 byte packets\n 1  192.0.2.1 (192.0.2.1)", stderr: "whois.radb.net/nicname: Name or service not known\n", error: "Command failed: traceroute" };
      return { stdout: fixture("traceroute-unreachable.txt"), stderr: "" };
    };
    const r = await traceTarget({ tool: "traceroute", file: "/usr/sbin/traceroute" }, { host: "1.1.1.1", port: 80 }, { maxHops: 30, timeoutSeconds: 10, asLookup: true, exec });
    expect(calls.map((a) => a.includes("-A"))).toEqual([true, false]);
    expect(r.error).toBeUndefined();
    expect(r.hops[0]).toEqual({ hop: 1, ip: "10.0.0.1", latencyMs: 0.27 });
  });

  it("reports a failure when no hop answered, and unreadable JSON as such", async () => {
    const silent: ExecFn = async () => ({ stdout: " 1  * * *\n 2  * * *\n", stderr: "" });
    expect((await traceTarget({ tool: "traceroute", file: "t" }, { host: "x", port: 1 }, { maxHops: 2, timeoutSeconds: 5, asLookup: false, exec: silent })).error).toBe("no hop answered");
    const junk: ExecFn = async () => ({ stdout: "{ not json", stderr: "" });
    expect((await traceTarget({ tool: "mtr", file: "m" }, { host: "x", port: 1 }, { maxHops: 2, timeoutSeconds: 5, asLookup: false, exec: junk })).error).toMatch(/unreadable mtr output/);
  });
});
