"use client";
// Keyset pages have no numbers: the way back to the newest rows, one page newer, one page older.
// Shared by every log view that pages along an index (risk access log, audit/traffic/latency logs);
// each caller words the buttons from its own message area and names its test ids.
import { Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from "@tabler/icons-react";
import { ButtonLink } from "../links";

export interface KeysetPagerProps {
  /** null: already there (the button shows, disabled). */
  newestHref: string | null;
  newerHref: string | null;
  olderHref: string | null;
  labels: { count: string; pagination: string; newest: string; newer: string; older: string };
  /** Test ids are `<prefix>-count`, `<prefix>-newest`, `<prefix>-newer`, `<prefix>-older`. */
  testIdPrefix: string;
}

function PageButton({ href, label, icon, right, testId }: { href: string | null; label: string; icon: React.ReactNode; right?: boolean; testId: string }) {
  const side = right ? { rightSection: icon } : { leftSection: icon };
  if (!href) {
    return (
      <Button size="xs" variant="default" disabled {...side} data-testid={testId}>
        {label}
      </Button>
    );
  }
  return (
    <ButtonLink href={href} size="xs" variant="default" {...side} data-testid={testId}>
      {label}
    </ButtonLink>
  );
}

export function KeysetPager({ newestHref, newerHref, olderHref, labels, testIdPrefix: p }: KeysetPagerProps) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid={`${p}-count`}>
        {labels.count}
      </Text>
      <Group gap="xs" component="nav" aria-label={labels.pagination}>
        <PageButton href={newestHref} label={labels.newest} icon={<IconChevronsLeft size={14} />} testId={`${p}-newest`} />
        <PageButton href={newerHref} label={labels.newer} icon={<IconChevronLeft size={14} />} testId={`${p}-newer`} />
        <PageButton href={olderHref} label={labels.older} icon={<IconChevronRight size={14} />} right testId={`${p}-older`} />
      </Group>
    </Group>
  );
}
