import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = { GET: "blue", POST: "green", PUT: "orange", PATCH: "yellow", DELETE: "red" };

/** Light variant: readable on its tint in both color schemes (tests/ui/readable-colors). */
export function MethodBadge({ method }: { method: string }) {
  return (
    <Badge color={COLORS[method] ?? "gray"} variant="light" radius="sm" w={64} style={{ flexShrink: 0 }}>
      {method}
    </Badge>
  );
}
