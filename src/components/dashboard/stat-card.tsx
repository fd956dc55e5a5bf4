// A figure on a dashboard that opens the list it summarises.
import { Text } from "@mantine/core";
import { CardLink } from "../links";

export function StatCard({ label, value, hint, href, testId }: { label: string; value: string; hint?: string; href: string; testId: string }) {
  return (
    <CardLink withBorder padding="md" href={href} data-testid={testId}>
      {/* Wraps rather than cuts: some labels are wider than half a phone. */}
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} style={{ overflowWrap: "anywhere" }} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </CardLink>
  );
}
