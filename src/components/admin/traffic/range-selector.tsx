"use client";
// The traffic window (7, 30 or 90 days), kept in the URL (?range=) so a chart can be linked to; the
// page's list position (?page=) is kept, other parameters too.
import { SegmentedControl } from "@mantine/core";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTransition } from "react";
import type { TrafficRange } from "@/server/services/traffic/range";

const RANGES = ["7d", "30d", "90d"] as const satisfies readonly TrafficRange[];

export function RangeSelector({ value, testId = "traffic-range" }: { value: TrafficRange; testId?: string }) {
  const t = useTranslations("adminSubscriptions");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [pending, startTransition] = useTransition();
  const go = (v: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("range", v);
    startTransition(() => router.push(`${pathname}?${next}`, { scroll: false }));
  };
  return (
    <SegmentedControl
      aria-label={t("range")}
      value={value}
      onChange={go}
      disabled={pending}
      size="xs"
      data={RANGES.map((r) => ({ value: r, label: t(`ranges.${r}`) }))}
      data-testid={testId}
    />
  );
}
