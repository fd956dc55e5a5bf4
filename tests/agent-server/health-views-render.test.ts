// The agent and health pieces of the admin node pages, rendered on the server in both languages:
// every message they use exists and formats (a missing key or a bad placeholder throws here).
import { MantineProvider } from "@mantine/core";
import { createElement as h, type ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AgentStateBadge } from "../../src/components/nodes/agent-state-badge";
import { NodeHealthCard } from "../../src/components/nodes/node-health-card";
import { NodeUsage } from "../../src/components/nodes/node-usage";
import type { HealthHistory, NodeHealthSummary } from "../../src/server/services/telemetry";
import en from "../../messages/en/nodes.json";
import zh from "../../messages/zh-CN/nodes.json";
import enBase from "../../messages/en.json";
import zhBase from "../../messages/zh-CN.json";

const sample = { sampledAt: "2026-11-25T11:59:00Z", cpuPercent: 93.4, memUsedBytes: 3 * 2 ** 30, memTotalBytes: 4 * 2 ** 30, diskUsedBytes: 10 * 2 ** 30, diskTotalBytes: 100 * 2 ** 30, netRxBytesPerSec: 1_200_000, netTxBytesPerSec: 300_000, load1: 0.52, uptimeSeconds: 200_000 };
const summary: NodeHealthSummary = { nodeId: "n1", agentVersion: "1.4.2", lastReports: { latency: "2026-11-25T11:58:00Z", metrics: "2026-11-25T11:59:00Z" }, lastReportAt: "2026-11-25T11:59:00Z", state: "stale", staleMinutes: 10, latest: sample };
const history = (range: "1d" | "7d", points: HealthHistory["points"]): HealthHistory => ({ nodeId: "n1", range, bucketSeconds: 300, from: "", to: "", points });

// Plain createElement: the suite's files are .ts (vitest includes tests/**/*.test.ts only).
function render(locale: "en" | "zh-CN", node: ReactNode): string {
  const messages = { ...(locale === "en" ? enBase : zhBase), ...(locale === "en" ? en : zh) };
  const fail = (e: Error) => {
    throw e;
  };
  const children = h(MantineProvider, null, node);
  return renderToStaticMarkup(h(NextIntlClientProvider, { locale, messages, timeZone: "Asia/Shanghai", now: new Date("2026-11-25T12:30:00Z"), onError: fail, children }));
}

describe.each(["en", "zh-CN"] as const)("health views in %s", (locale) => {
  it("render the agent states", () => {
    for (const state of ["none", "stale", "ok"] as const) {
      const html = render(locale, h(AgentStateBadge, { status: { ...summary, state, agentVersion: state === "ok" ? null : "1.4.2" } }));
      expect(html).toContain(`data-state="${state}"`);
    }
  });

  it("render the usage badges, with and without a sample", () => {
    const html = render(locale, h(NodeUsage, { sample }));
    expect(html).toContain('data-testid="node-usage-cpu" data-value="93"');
    expect(html).toContain('data-testid="node-usage-memory" data-value="75"');
    expect(html).toContain('data-testid="node-usage-disk" data-value="10"');
    expect(render(locale, h(NodeUsage, { sample: null }))).toContain('data-state="none"');
  });

  it("render the health card with a history and with none", () => {
    const points = [{ t: "2026-11-25T11:40:00Z", cpuPercent: 20, memPercent: 50, diskPercent: 10, rxBytesPerSec: 200, txBytesPerSec: 20 }];
    const html = render(locale, h(NodeHealthCard, { summary, histories: { "1d": history("1d", points), "7d": history("7d", []) } }));
    expect(html).toContain('data-testid="node-health-chart" data-state="ready" data-range="1d"');
    expect(html).toContain("1.4.2");
    const empty = render(locale, h(NodeHealthCard, { summary: { ...summary, state: "none", agentVersion: null, lastReports: {}, lastReportAt: null, latest: null }, histories: { "1d": history("1d", []), "7d": history("7d", []) } }));
    expect(empty).toContain('data-state="empty"');
  });
});
