"use client";
// The outline of a page in grey, shown while a client navigation waits for the server
// (PendingPage), so a click lands on something instead of on the old page.
import { Card, SimpleGrid, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { useTranslations } from "next-intl";

export type SkeletonKind = "table" | "cards" | "form";

function TableOutline() {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Skeleton height={14} width="40%" />
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={28} />
        ))}
      </Stack>
    </Card>
  );
}

function CardsOutline() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {Array.from({ length: 3 }, (_, i) => (
        <Card key={i} withBorder padding="md">
          <Stack gap="sm">
            <Skeleton height={16} width="60%" />
            <Skeleton height={32} />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function FormOutline() {
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={12} width={120} />
            <Skeleton height={36} />
          </Stack>
        ))}
        <Skeleton height={36} width={140} />
      </Stack>
    </Card>
  );
}

export function PageSkeleton({ kind = "cards" }: { kind?: SkeletonKind }) {
  const t = useTranslations("chrome");
  return (
    <Stack gap="md" aria-busy="true" data-testid="page-skeleton" data-kind={kind}>
      <VisuallyHidden role="status">{t("loading")}</VisuallyHidden>
      <Stack gap={8}>
        <Skeleton height={28} width={220} maw="70%" />
        <Skeleton height={14} width={360} maw="90%" />
      </Stack>
      {kind === "table" ? <TableOutline /> : kind === "form" ? <FormOutline /> : <CardsOutline />}
    </Stack>
  );
}
