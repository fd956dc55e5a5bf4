// The admin dashboard's node incidents: which nodes are down now (node, cause, since; each links to
// its node page) and how many outages the last 24 hours saw. Rows wrap on a phone; colours are
// Mantine's, so dark mode follows the theme.
import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { getFormatter, getTranslations } from "next-intl/server";
import type { NodeIncidentOverview } from "@/server/services/node-alerts";
import { AnchorLink } from "../links";

/** Rows shown; the rest are counted (the nodes list has them all). */
const SHOWN = 8;

export async function NodeIncidentsPanel({ incidents }: { incidents: NodeIncidentOverview }) {
  const [t, f] = await Promise.all([getTranslations("nodeAlerts"), getFormatter()]);
  const { open, last24h } = incidents;
  return (
    <Card withBorder padding="lg" data-testid="node-incidents">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>{t("panel.title")}</Text>
          {open.length ? (
            <Badge color="red" variant="light" tt="none" data-testid="node-incidents-open">
              {t("panel.openCount", { count: open.length })}
            </Badge>
          ) : null}
        </Group>
        <AnchorLink href="/admin/nodes" size="sm">
          {t("panel.allNodes")}
        </AnchorLink>
      </Group>
      <Stack gap="xs">
        {open.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="node-incidents-none">
            {t("panel.none")}
          </Text>
        ) : (
          open.slice(0, SHOWN).map((i) => (
            <Group key={i.id} justify="space-between" wrap="wrap" gap="xs" align="flex-start" data-testid="node-incident">
              <div style={{ minWidth: 0, flex: "1 1 12rem" }}>
                <AnchorLink href={`/admin/nodes/${i.nodeId}`} size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {i.name}
                </AnchorLink>
                <Text size="xs" c="dimmed">
                  {t("panel.since", { time: f.dateTime(i.since, { dateStyle: "medium", timeStyle: "short" }) })}
                </Text>
              </div>
              <Badge color={i.cause === "panel_error" ? "red" : "orange"} variant="light" tt="none" style={{ flexShrink: 0 }}>
                {t(`causes.${i.cause}`)}
              </Badge>
            </Group>
          ))
        )}
        {open.length > SHOWN ? (
          <Text size="xs" c="dimmed">
            {t("panel.more", { count: open.length - SHOWN })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" data-testid="node-incidents-24h">
          {t("panel.last24h", { count: last24h })}
        </Text>
      </Stack>
    </Card>
  );
}
