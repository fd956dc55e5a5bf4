"use client";
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconTrophy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { LatencyRecommendations, RouteLabel } from "@/server/services/telemetry";
import { LatencyBadge } from "./latency-badge";
import { HiddenNodeBadge } from "./lines-node-card";
import type { Carrier } from "./meta";
import { RouteBadge } from "./route-badge";

/**
 * Best node per carrier (recent average, stale nodes left out), with the next two as alternatives.
 * `hiddenIds` (an admin's view only) marks nodes users are not offered.
 */
export function Recommendations({ data, routes, hiddenIds = [] }: { data: LatencyRecommendations; routes: Record<string, Partial<Record<Carrier, RouteLabel>>>; hiddenIds?: string[] }) {
  const t = useTranslations("lines");
  return (
    <Stack gap="sm" data-testid="recommendations">
      <div>
        <Text fw={600} size="lg">
          {t("recommendTitle")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("recommendHint", { minutes: data.windowMinutes })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {data.carriers.map(({ carrier, best, nodes }) => {
          const route = best ? routes[best.nodeId]?.[carrier] : undefined;
          return (
            <Card key={carrier} withBorder padding="md" data-testid={`recommendation-${carrier}`} data-node={best?.nodeName}>
              <Group gap="xs" mb="xs" wrap="nowrap">
                <ThemeIcon variant="light" size="sm" color={best ? "yellow" : "gray"}>
                  <IconTrophy size={14} />
                </ThemeIcon>
                <Text fw={600}>{t(`carriers.${carrier}`)}</Text>
              </Group>
              {best ? (
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600} size="lg" style={{ overflowWrap: "anywhere" }} data-testid={`recommendation-${carrier}-node`}>
                        {best.nodeName}
                      </Text>
                      {hiddenIds.includes(best.nodeId) ? <HiddenNodeBadge /> : null}
                    </Group>
                    <LatencyBadge ms={best.latencyMs} at={best.updatedAt} size="lg" />
                  </Group>
                  {route ? <RouteBadge label={route} size="sm" /> : null}
                  <Text size="xs" c="dimmed">
                    {best.basis === "recent-average" ? t("basisAverage", { count: best.samples, minutes: data.windowMinutes }) : t("basisLatest")}
                  </Text>
                  {nodes.length > 1 ? (
                    <Stack gap={2} mt={4}>
                      <Text size="xs" c="dimmed">
                        {t("alternatives")}
                      </Text>
                      {nodes.slice(1, 3).map((n) => (
                        <Group key={n.nodeId} justify="space-between" wrap="nowrap" gap="xs">
                          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                            <Text size="sm" truncate="end" title={n.nodeName}>
                              {n.nodeName}
                            </Text>
                            {hiddenIds.includes(n.nodeId) ? <HiddenNodeBadge /> : null}
                          </Group>
                          <LatencyBadge ms={n.latencyMs} at={n.updatedAt} size="sm" />
                        </Group>
                      ))}
                    </Stack>
                  ) : null}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" data-testid={`recommendation-${carrier}-empty`}>
                  {t("recommendNone")}
                </Text>
              )}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
