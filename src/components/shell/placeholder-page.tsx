import { Card, EmptyState, Stack, Title } from "@mantine/core";
import { IconBox } from "@tabler/icons-react";

/** A titled empty-state card for areas a later issue fills in. */
export function PlaceholderPage({ title, heading, description, testId }: { title: string; heading: string; description: string; testId?: string }) {
  return (
    <Stack gap="md" data-testid={testId}>
      <Title order={2}>{title}</Title>
      <Card withBorder padding="xl">
        <EmptyState title={heading} description={description} icon={<IconBox size={28} />} />
      </Card>
    </Stack>
  );
}
