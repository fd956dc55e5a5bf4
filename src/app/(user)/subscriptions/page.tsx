import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { oneParam, type SearchParams } from "@/app/search-params";
import { storeCurrency } from "@/app/store-currency";
import { ListFooter } from "@/components/shell/list-footer";
import { PageHeading } from "@/components/shell/page-heading";
import { AggregateLinkCard } from "@/components/subscriptions/aggregate-link-card";
import { SubscriptionsList, type SubscriptionRow } from "@/components/subscriptions/subscriptions-list";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { contentSettings } from "@/server/services/subscription-content/content-settings";
import { aggregateContentUrl } from "@/server/services/subscription-content/urls";
import { listMySubscriptions, myAggregateToken } from "@/server/services/subscriptions";

const PAGE_SIZE = 12;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("subscriptions") };
}

export default async function SubscriptionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireUserPage();
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam((await searchParams).page))) || 1), 10_000);
  const ctx = await requestCtx();
  const [result, currency, t] = await Promise.all([listMySubscriptions(ctx, { page, pageSize: PAGE_SIZE }), storeCurrency(), getTranslations("subscriptions")]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // The all-in-one link, once there is something to put in it.
  const aggregateUrl = result.total > 0 ? aggregateContentUrl((await contentSettings(ctx.db)).contentRoot, (await myAggregateToken(ctx)).token) : null;
  const rows: SubscriptionRow[] = result.rows.map(({ nodeName, streamingName, startsAt: _startsAt, expiresAt, ...s }) => ({
    ...s,
    where: nodeName ?? streamingName,
    expiresAt: expiresAt.toISOString(),
  }));
  return (
    <Stack gap="md">
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      {aggregateUrl ? <AggregateLinkCard url={aggregateUrl} /> : null}
      <SubscriptionsList rows={rows} currency={currency} />
      {result.total > 0 ? (
        <ListFooter count={t("count", { count: result.total })} pages={pages} page={page} testId="subscriptions-total" />
      ) : null}
    </Stack>
  );
}
