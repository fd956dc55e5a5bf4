// Aggregation golden test: a log with every kind of line -> the exact node-access events.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { aggregateLines } from "../../agent/src/access/aggregate";
import { fixedZoneOffset, formatOffset, systemZoneOffset, zonedTime } from "../../agent/src/access/local-time";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

describe("node-access aggregation", () => {
  it("groups per email, source, inbound, network and action, and drops what the server would skip", () => {
    const { events, counts } = aggregateLines(fixture("access-mixed.txt").split("\n"), { zone: fixedZoneOffset(480) });
    expect(events).toEqual([
      {
        clientEmail: "alice@example.com-a1b2",
        sourceIp: "203.0.113.7",
        inboundTag: "inbound-443",
        network: "tcp",
        // www.google.com:443 four times, api.github.com:443 once
        targetHost: "www.google.com",
        targetPort: 443,
        action: "accepted",
        connectionCount: 5,
        uniqueTargetCount: 2,
        // the last line of the file is the earliest: first/last come from the timestamps, not the order
        firstSeenAt: "2026-04-29T09:16:07.900+08:00",
        lastSeenAt: "2026-04-29T09:16:13.000+08:00",
      },
      {
        clientEmail: "alice@example.com-a1b2",
        sourceIp: "203.0.113.7",
        inboundTag: "inbound-443",
        network: "udp",
        targetHost: "8.8.8.8",
        targetPort: 53,
        action: "accepted",
        connectionCount: 1,
        uniqueTargetCount: 1,
        firstSeenAt: "2026-04-29T09:16:09.500+08:00",
        lastSeenAt: "2026-04-29T09:16:09.500+08:00",
      },
      {
        clientEmail: "alice@example.com-a1b2",
        sourceIp: "2001:db8::1",
        inboundTag: "inbound-443",
        network: "tcp",
        targetHost: "2606:4700::1111",
        targetPort: 443,
        action: "accepted",
        connectionCount: 1,
        uniqueTargetCount: 1,
        firstSeenAt: "2026-04-29T09:16:10.000+08:00",
        lastSeenAt: "2026-04-29T09:16:10.000+08:00",
      },
      {
        clientEmail: "bob@example.com-c3d4",
        sourceIp: "198.51.100.20",
        inboundTag: "inbound-8443",
        network: "tcp",
        targetHost: "example.org",
        targetPort: 80,
        action: "accepted",
        connectionCount: 1,
        uniqueTargetCount: 1,
        firstSeenAt: "2026-04-29T09:16:11.000+08:00",
        lastSeenAt: "2026-04-29T09:16:11.000+08:00",
      },
    ]);
    expect(counts).toEqual({ lines: 13, used: 8, unparsed: 1, noEmail: 2, localApi: 1, loopback: 1, noSourceIp: 0 });
  });

  it("counts distinct host:port pairs, not hosts, and picks the most frequent target (first seen on a tie)", () => {
    const line = (s: number, to: string) => `2024/05/01 12:00:0${s}.000000 from 1.2.3.4:1 accepted tcp:${to} [in -> out] email: u`;
    const { events } = aggregateLines([line(1, "a.com:80"), line(2, "a.com:443"), line(3, "b.com:443"), line(4, "a.com:443"), line(5, "b.com:443")], { zone: fixedZoneOffset(0) });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ connectionCount: 5, uniqueTargetCount: 3, targetHost: "a.com", targetPort: 443, firstSeenAt: "2024-05-01T12:00:01.000+00:00" });
  });

  it("keeps v2ray 4 lines (no inbound tag in the log) with an empty inbound tag", () => {
    const { events } = aggregateLines(["2026/11/25 16:40:49 203.0.113.50:53200 accepted tcp:127.0.0.1:18600 [direct] email: alice@example.com-abcd1234"], { zone: fixedZoneOffset(-300) });
    expect(events).toEqual([
      expect.objectContaining({ clientEmail: "alice@example.com-abcd1234", sourceIp: "203.0.113.50", inboundTag: "", network: "tcp", firstSeenAt: "2026-11-25T16:40:49.000-05:00" }),
    ]);
  });

  it("converts the log's local time with the zone in force at that moment", () => {
    expect(formatOffset(330)).toBe("+05:30");
    expect(formatOffset(-210)).toBe("-03:30");
    const z = zonedTime({ year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 5 }, fixedZoneOffset(480));
    expect(z).toEqual({ iso: "2026-01-01T00:00:00.005+08:00", epochMs: Date.parse("2025-12-31T16:00:00.005Z") });
    // The system zone: whatever TZ says, the ISO string and the epoch agree.
    const local = zonedTime({ year: 2026, month: 7, day: 1, hour: 12, minute: 0, second: 0, millisecond: 0 }, systemZoneOffset);
    expect(Date.parse(local.iso)).toBe(local.epochMs);
    expect(new Date(local.epochMs).getHours()).toBe(12);
  });
});
