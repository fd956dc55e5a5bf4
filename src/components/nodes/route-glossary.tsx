"use client";
import { Accordion, Badge, Group, Text } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { RouteLabel } from "@/server/services/telemetry";
import { LATENCY_BANDS, LATENCY_WORST_COLOR, ROUTE_KEYS } from "./meta";
import { RouteBadge } from "./route-badge";

// Premium lines first, as the classifier checks them (object keys would put "163" first).
const LABELS: RouteLabel[] = ["CN2 GIA", "CN2 GT", "AS9929", "CMIN2", "CMI", "AS4837", "163", "Ordinary", "Unknown"];

/** The line labels and colour bands explained in one place (tooltips are awkward on phones). */
export function RouteGlossary() {
  const t = useTranslations("lines");
  const tr = useTranslations("lines.routes");
  return (
    <Accordion variant="contained" data-testid="route-glossary">
      <Accordion.Item value="glossary">
        <Accordion.Control icon={<IconInfoCircle size={18} />}>{t("glossaryTitle")}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" fw={500} mb={6}>
            {t("bandsTitle")}
          </Text>
          <Group gap="xs" mb="md" wrap="wrap">
            {LATENCY_BANDS.map((b, i) => (
              <Badge key={b.max} color={b.color} variant="light" tt="none">
                {t(`bands.b${i as 0 | 1 | 2 | 3}`, { max: b.max })}
              </Badge>
            ))}
            <Badge color={LATENCY_WORST_COLOR} variant="light" tt="none">
              {t("bands.b4", { max: LATENCY_BANDS[LATENCY_BANDS.length - 1]!.max })}
            </Badge>
          </Group>
          <Text size="sm" fw={500} mb={6}>
            {t("labelsTitle")}
          </Text>
          {LABELS.map((label) => (
            <Group key={label} gap="sm" wrap="nowrap" align="flex-start" mb={8}>
              <div style={{ flex: "0 0 110px" }}>
                <RouteBadge label={label} size="sm" />
              </div>
              <Text size="sm">{tr(`${ROUTE_KEYS[label]}.help`)}</Text>
            </Group>
          ))}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
