"use client";
// A login refused by a rate limit: "about 15 minutes" in words (nobody counts 896 seconds) and a
// live mm:ss countdown; the form keeps its button disabled until the countdown reaches zero.
import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import { clock, durationParts } from "@/i18n/duration";

/** Seconds left of a wait started with `start(seconds)`; 0 when none is running. */
export function useCountdown(): { left: number; total: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [left, setLeft] = useState(0);
  const [total, setTotal] = useState(0);
  useEffect(() => {
    if (until === null) return;
    // Re-read the clock on every tick instead of decrementing: a background tab's timers are throttled.
    const id = setInterval(() => {
      const l = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(l);
      if (l === 0) setUntil(null);
    }, 250);
    return () => clearInterval(id);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const s = Math.max(1, Math.ceil(seconds));
    setUntil(Date.now() + s * 1000);
    setTotal(s);
    setLeft(s);
  }, []);
  return { left: until === null ? 0 : left, total, start };
}

/** The text of the form error while a login is refused: the wait in words and the countdown. */
export function RetryNotice({ total, left }: { total: number; left: number }) {
  const t = useTranslations("auth.login");
  const td = useTranslations("durations");
  const d = durationParts(total);
  const words = d.unit === "seconds" ? td("seconds", { seconds: d.value }) : d.unit === "minutes" ? td("minutes", { minutes: d.value }) : td("hours", { hours: d.value });
  return (
    <>
      {t("rateLimited", { duration: words })}{" "}
      <Text span inherit fw={600} style={{ fontVariantNumeric: "tabular-nums" }} data-testid="retry-countdown" aria-live="off">
        {t("retryCountdown", { time: clock(left) })}
      </Text>
    </>
  );
}
