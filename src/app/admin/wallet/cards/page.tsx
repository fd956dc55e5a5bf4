// [wallet] Admin prepaid cards: the list (kind, code hint, amount or plan, status, expiry, who used
// it, batch) with filters and pages in the URL, the generate dialog (codes offered once as CSV) and
// deletion of unused cards. Not there in the base edition.
import { Group, Stack, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { CardsGenerate } from "@/components/admin/wallet/cards-generate";
import { CardsTable, type CardRowView } from "@/components/admin/wallet/cards-table";
import { CardsToolbar } from "@/components/admin/wallet/cards-toolbar";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { CARD_KINDS, CARD_STATUSES } from "@/server/db/schema";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";
import { getSettingsWithSecrets } from "@/server/services/settings/queries";
import { listCardPlanChoices, listCards } from "@/server/services/wallet";

const PAGE_SIZE = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminNav"))("walletCards") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

export default async function CardsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("wallet.read");
  if ((await getAppInfo(getDb())).edition !== "wallet") notFound();
  const sp = await searchParams;
  const q = oneParam(sp.q)?.trim().slice(0, 200) || undefined;
  const status = pick(CARD_STATUSES, oneParam(sp.status));
  const kind = pick(CARD_KINDS, oneParam(sp.kind));
  const batch = oneParam(sp.batch);
  const batchId = batch && UUID.test(batch) ? batch : undefined;
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const ctx = await requestCtx();
  const [result, planChoices, settings, t] = await Promise.all([
    listCards(ctx, { q, status, kind, batchId, page, pageSize: PAGE_SIZE }),
    listCardPlanChoices(ctx),
    getSettingsWithSecrets(ctx.db),
    getTranslations("cards"),
  ]);
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  // Only what the list shows goes to the browser (no hashes).
  const rows: CardRowView[] = result.rows.map((c) => ({
    id: c.id,
    batchId: c.batchId,
    kind: c.kind,
    codeHint: c.codeHint,
    amountMinor: c.amountMinor,
    planName: c.planName,
    planId: c.planId,
    trafficGb: c.trafficGb,
    durationDays: c.durationDays,
    holdsStock: c.holdsStock,
    status: c.status,
    expiresAt: c.expiresAt,
    usedByEmail: c.usedByEmail,
    usedById: c.usedById,
    usedAt: c.usedAt,
    resultSubscriptionId: c.resultSubscriptionId,
    note: c.note,
    createdAt: c.createdAt,
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2}>{t("title")}</Title>
        {hasPermission(ctx, "wallet.write") ? <CardsGenerate plans={planChoices} currency={settings.currency} /> : null}
      </Group>
      <CardsToolbar batch={batchId ?? null} />
      <CardsTable rows={rows} currency={settings.currency} />
      <ListFooter count={t("total", { count: result.total })} pages={pages} page={page} testId="cards-total" />
    </Stack>
  );
}
