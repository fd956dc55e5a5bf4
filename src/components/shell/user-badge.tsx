"use client";
import { Avatar, Group, Text } from "@mantine/core";

/** The signed-in person at the foot of both navigation bars. */
export function UserBadge({ name, email }: { name: string; email: string }) {
  return (
    <Group gap="xs" wrap="nowrap" px="xs" py={4}>
      <Avatar size="sm" radius="xl" name={name || email} color="initials" />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end" title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" title={email}>
          {email}
        </Text>
      </div>
    </Group>
  );
}
