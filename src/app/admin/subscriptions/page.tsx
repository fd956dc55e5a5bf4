import { Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SUBSCRIPTION_KIND_CODES, SUBSCRIPTION_STATUS_CODES, type SubscriptionRow } from "@/components/admin/subscriptions/subscription-codes";
import { SubscriptionsTable } from "@/components/admin/subscriptions/subscriptions-table";
import { SubscriptionsToolbar } from "@/components/admin/subscriptions/subscriptions-toolbar";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listSubscriptionFilterChoices, listSubscriptionsAdmin } from "@/server/services/subscriptions/admin-queries";

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("subscriptions") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function SubscriptionsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("subscriptions.read");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const choices = await listSubscriptionFilterChoices(ctx);
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick(SUBSCRIPTION_STATUS_CODES, oneParam(sp.status));
  const kind = pick(SUBSCRIPTION_KIND_CODES, oneParam(sp.kind));
  // A plan or node id in the URL counts only if it is one of the choices (a stale link shows all).
  const plan = choices.plans.find((p) => p.id === oneParam(sp.plan))?.id;
  const node = choices.nodes.find((n) => n.id === oneParam(sp.node))?.id;
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const [result, t] = await Promise.all([
    listSubscriptionsAdmin(ctx, { q, status, kind, planId: plan, nodeId: node, page, pageSize: PAGE_SIZE }),
    getTranslations("adminSubscriptions"),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // Only what the list shows goes to the browser.
  const rows: SubscriptionRow[] = result.rows.map((s) => ({
    id: s.id,
    email: s.email,
    planName: s.planName,
    kind: s.kind,
    status: s.status,
    trial: s.trial,
    riskRestricted: s.riskRestricted,
    nodeName: s.nodeName,
    streamingName: s.streamingName,
    expiresAt: s.expiresAt,
    trafficLimitBytes: s.trafficLimitBytes,
    trafficUsedBytes: s.trafficUsedBytes,
    createdAt: s.createdAt,
  }));

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t("title")}</Title>
        <Text size="sm" c="dimmed">
          {t("subtitle")}
        </Text>
      </Stack>
      <SubscriptionsToolbar
        plans={choices.plans.map((p) => ({ id: p.id, name: p.name }))}
        nodes={choices.nodes}
      />
      <SubscriptionsTable rows={rows} filtered={!!(q || status || kind || plan || node)} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="subscriptions-total" />
    </Stack>
  );
}
