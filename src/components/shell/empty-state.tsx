import { Card, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";

/** A list with nothing in it yet: an icon, what is missing, where it comes from, and a way on. */
export function EmptyState({ icon, title, hint, testId, children }: { icon: ReactNode; title: string; hint: string; testId: string; children?: ReactNode }) {
  return (
    <Card withBorder padding="xl" data-testid={testId}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
