// How long a refused request has to wait, for people: in words ("about 15 minutes") and as a clock.

/** A wait in the largest unit that reads naturally: seconds under a minute, hours from 90 minutes. */
export function durationParts(seconds: number): { unit: "seconds" | "minutes" | "hours"; value: number } {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return { unit: "seconds", value: s };
  if (s < 90 * 60) return { unit: "minutes", value: Math.max(1, Math.round(s / 60)) };
  return { unit: "hours", value: Math.round(s / 3600) };
}

/** mm:ss, or h:mm:ss from an hour on. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
