// A node's recent outages on its page: cause, when it began, and how long it lasted (or that it is
// still going on). Rows wrap on a phone; colours are Mantine's, so dark mode follows the theme.
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { getFormatter, getTranslations } from "next-intl/server";
import type { NodeIncidentRow } from "@/server/services/node-alerts";

export async function NodeIncidentsCard({ rows }: { rows: NodeIncidentRow[] }) {
  const [t, f] = await Promise.all([getTranslations("nodeAlerts"), getFormatter()]);
  const lasted = (from: Date, to: Date) => {
    const minutes = Math.round(Math.max(0, to.getTime() - from.getTime()) / 60_000);
    const duration = minutes < 60 ? t("duration.minutes", { minutes }) : t("duration.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
    return t("node.ended", { duration });
  };
  return (
    <Card withBorder padding="lg" data-testid="node-incidents-card">
      <Text fw={600}>{t("node.title")}</Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t("node.hint")}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("node.none")}
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((r) => (
            <Group key={r.id} justify="space-between" wrap="wrap" gap="xs" data-testid="node-incident-row">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {t(`causes.${r.cause}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t("node.started", { time: f.dateTime(r.startedAt, { dateStyle: "medium", timeStyle: "short" }) })}
                </Text>
              </div>
              {r.endedAt ? (
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {lasted(r.startedAt, r.endedAt)}
                </Text>
              ) : (
                <Badge color="red" variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {t("node.ongoing")}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
