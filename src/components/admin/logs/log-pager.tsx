"use client";
// Keyset pages have no numbers: the way back to the newest rows, one page newer, one page older.
import { Button, Group, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChevronsLeft } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { ButtonLink } from "../../links";

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

export function LogPager({ rowCount, newestHref, newerHref, olderHref }: { rowCount: number; newestHref: string | null; newerHref: string | null; olderHref: string | null }) {
  const t = useTranslations("adminLogs");
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" c="dimmed" data-testid="log-count">
        {t("rowsOnPage", { count: rowCount })}
      </Text>
      <Group gap="xs" component="nav" aria-label={t("pagination")}>
        <PageButton href={newestHref} label={t("newest")} icon={<IconChevronsLeft size={14} />} testId="log-newest" />
        <PageButton href={newerHref} label={t("newer")} icon={<IconChevronLeft size={14} />} testId="log-newer" />
        <PageButton href={olderHref} label={t("older")} icon={<IconChevronRight size={14} />} right testId="log-older" />
      </Group>
    </Group>
  );
}
