import { Card, Text } from "@mantine/core";
import { ButtonLink } from "@/components/links";

/** A dashboard card whose content a later issue provides. */
export function PlaceholderCard({ title, description, href, linkLabel }: { title: string; description: string; href?: string; linkLabel?: string }) {
  return (
    <Card withBorder padding="lg">
      <Text fw={600} mb={4}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {description}
      </Text>
      {href && linkLabel ? (
        <ButtonLink href={href} variant="light" size="xs" mt="md" w="fit-content">
          {linkLabel}
        </ButtonLink>
      ) : null}
    </Card>
  );
}
