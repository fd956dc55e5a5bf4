"use client";
// Latency history of one node and carrier. The first range can come rendered from the server;
// other ranges are read from GET /api/latency/history (the same verb, checked the same way).
import { LineChart } from "@mantine/charts";
import { Alert, Box, Center, LoadingOverlay, Skeleton, Text } from "@mantine/core";
import { useFormatter, useTranslations, type DateTimeFormatOptions } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import type { LatencyHistory } from "@/server/services/telemetry";
import { CARRIER_COLORS, type Carrier, type HistoryRange } from "./meta";
import { networkError, useErrorText, type UiError } from "../forms/server-error";

interface Props {
  nodeId: string;
  carrier: Carrier;
  range: HistoryRange;
  /** Server-rendered history; used while its carrier and range are the ones asked for. */
  initial?: LatencyHistory | null;
  height?: number;
  compact?: boolean;
  testId?: string;
}

type Load = { key: string; history: LatencyHistory | null; error: string | null };

export function LatencyChart({ nodeId, carrier, range, initial, height = 220, compact = false, testId }: Props) {
  const t = useTranslations("lines");
  const f = useFormatter();
  const { messageOf } = useErrorText();
  const key = `${nodeId}/${carrier}/${range}`;
  const seeded = initial && initial.nodeId === nodeId && initial.carrier === carrier && initial.range === range ? initial : null;
  const [load, setLoad] = useState<Load | null>(seeded ? { key, history: seeded, error: null } : null);
  const current = seeded ? { key, history: seeded, error: null } : load;
  const loading = !current || current.key !== key;

  useEffect(() => {
    if (seeded) return;
    const ac = new AbortController();
    const qs = new URLSearchParams({ nodeId, carrier, range });
    fetch(`/api/latency/history?${qs}`, { signal: ac.signal, cache: "no-store" })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as (LatencyHistory & { error?: UiError }) | null;
        if (res.ok && body && !body.error) return setLoad({ key, history: body, error: null });
        // The route's error in the reader's language; a body that is not ours reads as "cannot reach the server".
        setLoad({ key, history: null, error: messageOf(body?.error ?? networkError()) });
      })
      .catch(() => {
        if (ac.signal.aborted) return;
        setLoad({ key, history: null, error: messageOf(networkError()) });
      });
    return () => ac.abort();
    // `seeded` is derived from the same inputs as `key`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const shown = current?.history ?? null;
  const data = useMemo(() => {
    if (!shown) return [];
    const opts: DateTimeFormatOptions =
      shown.range === "1d" ? { hour: "2-digit", minute: "2-digit" } : { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" };
    return shown.points.map((p) => ({ label: f.dateTime(new Date(p.t), opts), avgMs: p.avgMs, minMs: p.minMs, maxMs: p.maxMs }));
  }, [shown, f]);

  if (!current && loading) return <Skeleton h={height} radius="md" data-testid={testId} data-state="loading" />;
  if (current?.error && !loading) {
    return (
      <Alert color="red" variant="light" data-testid={testId} data-state="error">
        {t("chartError", { message: current.error })}
      </Alert>
    );
  }
  return (
    <Box pos="relative" data-testid={testId} data-state={loading ? "loading" : data.length ? "ready" : "empty"} data-points={data.length}>
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} loaderProps={{ size: "sm" }} />
      {data.length === 0 ? (
        <Center h={height}>
          <Text size="sm" c="dimmed" ta="center">
            {t("noHistory")}
          </Text>
        </Center>
      ) : (
        <LineChart
          h={height}
          data={data}
          dataKey="label"
          series={
            compact
              ? [{ name: "avgMs", label: t("avg"), color: CARRIER_COLORS[carrier] }]
              : [
                  { name: "avgMs", label: t("avg"), color: CARRIER_COLORS[carrier] },
                  { name: "maxMs", label: t("max"), color: "gray.5", strokeDasharray: "4 4" },
                  { name: "minMs", label: t("min"), color: "gray.4", strokeDasharray: "2 4" },
                ]
          }
          curveType="monotone"
          withDots={data.length <= 2}
          strokeWidth={compact ? 1.5 : 2}
          withLegend={!compact}
          legendProps={{ verticalAlign: "bottom", height: 40 }}
          gridAxis="y"
          tickLine="none"
          yAxisProps={{ width: 64 }}
          xAxisProps={{ minTickGap: 24 }}
          valueFormatter={(v) => t("ms", { value: f.number(v, { maximumFractionDigits: 1 }) })}
        />
      )}
    </Box>
  );
}
