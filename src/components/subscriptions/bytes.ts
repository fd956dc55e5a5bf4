// Traffic amounts for people: the largest binary unit that keeps the number short (GB at most two
// decimals), the same in both languages.
const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

export function formatBytes(bytes: number): string {
  let v = Math.max(0, bytes);
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  const digits = i === 0 ? 0 : v < 10 ? 2 : v < 100 ? 1 : 0;
  return `${Number(v.toFixed(digits))} ${UNITS[i]}`;
}
