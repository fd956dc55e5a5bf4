import { Text, Title } from "@mantine/core";

/** A page's title with the dimmed line under it that says what the page is for. */
export function PageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div>
      <Title order={2}>{title}</Title>
      <Text size="sm" c="dimmed">
        {subtitle}
      </Text>
    </div>
  );
}
