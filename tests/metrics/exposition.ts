// Reads Prometheus text exposition (format 0.0.4) into samples, so tests can compare exact values.
export type Samples = Map<string, number>;

const key = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(",")}}`;

export function parseExposition(text: string): Samples {
  const out: Samples = new Map();
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = JSON.parse(`"${l[2]!}"`) as string;
    out.set(key(m[1]!, labels), Number(m[3]));
  }
  return out;
}

/** A sample's value; a counter series that does not exist yet is 0. */
export const valueOf = (s: Samples, name: string, labels: Record<string, string> = {}) => s.get(key(name, labels)) ?? 0;

/** The label sets present for a metric name. */
export function seriesOf(s: Samples, name: string): string[] {
  return [...s.keys()].filter((k) => k.startsWith(`${name}{`));
}
