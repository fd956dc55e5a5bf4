// Building blocks of the admin detail pages (subscription, risk event, traffic): a labelled fact,
// a titled section with an optional hint and right-hand control, and a figure card.
import { Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

export function Section({ title, hint, right, children }: { title: string; hint?: string; right?: ReactNode; children: ReactNode }) {
  const heading = (
    <div>
      <Text fw={600} size="lg">
        {title}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </div>
  );
  return (
    <Stack gap="sm">
      {right ? (
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          {heading}
          {right}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Stack>
  );
}

export function Stat({ label, value, testId, size = "lg" }: { label: string; value: ReactNode; testId: string; size?: "lg" | "xl" }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size={size} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}
