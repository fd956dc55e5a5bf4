// Configuration: file + environment, with every problem reported at once.
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseHostPort } from "../../agent/src/config";

const TOKEN = `rbn_${"a".repeat(43)}`;
const files = (m: Record<string, string>) => (f: string) => {
  if (f in m) return m[f]!;
  throw new Error(`ENOENT: no such file ${f}`);
};

function problemsOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("agent configuration", () => {
  it("reads a config file, lets the environment override it, and fills defaults", () => {
    const file = JSON.stringify({
      serverUrl: "https://board.example.com/",
      tokenFile: "/etc/relayboard-agent/token",
      intervals: { latency: 120, access: 30 },
      targets: { telecom: ["ct.example:80", "[240e::1]:443"], unicom: ["cu.example:80"] },
      accessLog: { path: "/var/log/xray/access.log" },
    });
    const { config, warnings } = loadConfig({
      configPath: "/etc/relayboard-agent/config.json",
      env: { RELAYBOARD_TARGETS_MOBILE: "cm.example:80, cm2.example:8080", RELAYBOARD_ACCESS_INTERVAL: "15" },
      readText: files({ "/etc/relayboard-agent/config.json": file, "/etc/relayboard-agent/token": `${TOKEN}\n` }),
      fileMode: () => 0o100600,
    });
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      serverUrl: "https://board.example.com",
      token: TOKEN,
      tokenSource: "/etc/relayboard-agent/token",
      stateDir: "/var/lib/relayboard-agent",
      intervals: { latency: 120, trace: 3600, access: 15, metrics: 60 },
      targets: {
        telecom: [{ host: "ct.example", port: 80 }, { host: "240e::1", port: 443 }],
        unicom: [{ host: "cu.example", port: 80 }],
        mobile: [{ host: "cm.example", port: 80 }, { host: "cm2.example", port: 8080 }],
      },
      accessLog: { path: "/var/log/xray/access.log", startAt: "end" },
    });
  });

  it("takes the token from a systemd credential and the state directory from StateDirectory=", () => {
    const { config } = loadConfig({
      env: { RELAYBOARD_SERVER_URL: "https://b.example", CREDENTIALS_DIRECTORY: "/run/credentials/relayboard-agent.service", STATE_DIRECTORY: "/var/lib/relayboard-agent" },
      readText: files({ "/run/credentials/relayboard-agent.service/agent-token": TOKEN }),
    });
    expect(config.token).toBe(TOKEN);
    expect(config.stateDir).toBe("/var/lib/relayboard-agent");
  });

  it("lists every problem with a message that says what to do", () => {
    const problems = problemsOf(() =>
      loadConfig({
        configPath: "/c.json",
        env: { RELAYBOARD_LATENCY_INTERVAL: "abc" },
        readText: files({
          "/c.json": JSON.stringify({
            serverUrl: "ftp://x",
            token: "has space",
            tokenFile: "/t",
            intervals: { trace: 5, often: 1 },
            targets: { telecom: ["no-port"], satellite: [] },
            accessLog: { path: "relative/access.log", startAt: "middle" },
            trace: { tool: "ping" },
            colour: "blue",
          }),
        }),
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown setting "colour"'),
        expect.stringContaining("serverUrl must start with https://"),
        "set the agent token or a token file, not both",
        expect.stringContaining('unknown interval "often"'),
        expect.stringContaining("intervals.latency (RELAYBOARD_LATENCY_INTERVAL) must be a whole number"),
        expect.stringContaining("intervals.trace must be 0 (off) or at least 300 seconds"),
        expect.stringContaining('targets.telecom: "no-port" is not "host:port"'),
        expect.stringContaining('unknown carrier "satellite"'),
        expect.stringContaining("accessLog.path must be an absolute path"),
        expect.stringContaining('accessLog.startAt must be "end" or "start"'),
        expect.stringContaining("trace.tool must be one of auto, traceroute, mtr, nexttrace"),
      ]),
    );
  });

  it("says what is missing when nothing is configured", () => {
    const problems = problemsOf(() => loadConfig({ env: {}, readText: files({}) }));
    expect(problems).toEqual([expect.stringContaining("the server URL is missing"), expect.stringContaining("the agent token is missing")]);
  });

  it("warns about plain http, a readable token file, an odd token, and nothing to measure", () => {
    const { warnings } = loadConfig({
      env: { RELAYBOARD_SERVER_URL: "http://board.example.com", RELAYBOARD_AGENT_TOKEN_FILE: "/t" },
      readText: files({ "/t": "not-a-token" }),
      fileMode: () => 0o100644,
    });
    expect(warnings).toEqual([
      expect.stringContaining("plain http"),
      expect.stringContaining("readable by other users"),
      expect.stringContaining("does not look like a Relayboard agent token"),
      expect.stringContaining("no carrier targets"),
      expect.stringContaining("no access log"),
    ]);
  });

  it("parses host:port targets", () => {
    expect(parseHostPort("1.2.3.4:80")).toEqual({ host: "1.2.3.4", port: 80 });
    expect(parseHostPort("[2001:db8::1]:443")).toEqual({ host: "2001:db8::1", port: 443 });
    expect(parseHostPort("2001:db8::1:443")).toBeNull();
    expect(parseHostPort("host:0")).toBeNull();
    expect(parseHostPort("host:70000")).toBeNull();
    expect(parseHostPort("[not-v6]:80")).toBeNull();
  });
});
