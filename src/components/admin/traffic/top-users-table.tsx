"use client";
// The users who moved the most bytes in the window; each opens the subscription list filtered by
// their email.
import { Anchor, Card, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import type { TopTrafficUser } from "@/server/services/traffic";
import { formatBytes } from "../../subscriptions/bytes";
import { usePhoneLayout } from "../../shell/use-phone-layout";
import { useCan } from "../staff-permissions";

const subscriptionsOf = (email: string) => `/admin/subscriptions?${new URLSearchParams({ q: email })}`;

export function TopUsersTable({ rows }: { rows: TopTrafficUser[] }) {
  const t = useTranslations("adminSubscriptions.traffic");
  const phone = usePhoneLayout();
  const mayOpen = useCan()("subscriptions.read");
  if (rows.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text size="sm" c="dimmed" ta="center" data-testid="top-users-empty">
          {t("topUsersEmpty")}
        </Text>
      </Card>
    );
  }
  // The subscription list is subscriptions.read's page; without it the address is plain text.
  const link = (u: TopTrafficUser) =>
    mayOpen ? (
      <Anchor component={Link} href={subscriptionsOf(u.email)} size="sm" fw={500} style={{ overflowWrap: "anywhere" }} aria-label={t("openSubscriptions", { email: u.email })} data-testid="top-user-link">
        {u.email}
      </Anchor>
    ) : (
      <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }} data-testid="top-user-link">
        {u.email}
      </Text>
    );
  if (phone) {
    return (
      <Stack gap="xs" data-testid="top-users-table">
        {rows.map((u, i) => (
          <Card key={u.userId} withBorder padding="sm" data-testid="top-user-row" data-email={u.email}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {i + 1}
                </Text>
                {link(u)}
              </Group>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {formatBytes(u.totalBytes)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              ↑ {formatBytes(u.upBytes)} · ↓ {formatBytes(u.downBytes)} · {t("subscriptions")}: {u.subscriptions}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder padding={0} data-testid="top-users-table">
      <Table.ScrollContainer minWidth={620} type="native">
        <Table striped verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>{t("rank")}</Table.Th>
              <Table.Th>{t("user")}</Table.Th>
              <Table.Th ta="right">{t("subscriptions")}</Table.Th>
              <Table.Th ta="right">{t("totalUp")}</Table.Th>
              <Table.Th ta="right">{t("totalDown")}</Table.Th>
              <Table.Th ta="right">{t("total")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((u, i) => (
              <Table.Tr key={u.userId} data-testid="top-user-row" data-email={u.email}>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {i + 1}
                  </Text>
                </Table.Td>
                <Table.Td>{link(u)}</Table.Td>
                <Table.Td ta="right">{u.subscriptions}</Table.Td>
                <Table.Td ta="right">{formatBytes(u.upBytes)}</Table.Td>
                <Table.Td ta="right">{formatBytes(u.downBytes)}</Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {formatBytes(u.totalBytes)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
