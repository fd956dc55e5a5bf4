import { Group, Text } from "@mantine/core";
import { UrlPagination } from "@/components/admin/users/url-pagination";

/** Under a paginated list: how many there are in words, and the pages (in the URL) when more than one. */
export function ListFooter({ count, pages, page, testId }: { count: string; pages: number; page: number; testId: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid={testId}>
        {count}
      </Text>
      <UrlPagination total={pages} page={Math.min(page, pages)} />
    </Group>
  );
}
