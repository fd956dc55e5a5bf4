import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { KeysetFooter } from "@/components/admin/list-kit/keyset-footer";
import { filterParams, keysetHrefs } from "@/components/admin/list-kit/keyset-links";
import { DeliveriesView } from "@/components/admin/webhooks/deliveries-view";
import { WebhooksManager } from "@/components/admin/webhooks/webhooks-manager";
import { PageHeading } from "@/components/shell/page-heading";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { WEBHOOK_DELIVERY_STATUSES } from "@/server/db/schema";
import { webhookEventTypes } from "@/server/services/events/types";
import { isLogCursor } from "@/server/services/logs/keyset";
import { listWebhookDeliveries, listWebhooks } from "@/server/services/webhooks";
import { isUuid } from "@/server/uuid";

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminWebhooks"))("title") };
}

const pick = <T extends string>(allowed: readonly T[], v: string | null): T | undefined => allowed.find((x) => x === v);

/** The endpoints, or (with ?endpoint=<id>) one endpoint's delivery log in keyset pages. */
export default async function WebhooksPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage("webhooks.manage");
  const sp = await searchParams;
  const ctx = await requestCtx();
  const [webhooks, t] = await Promise.all([listWebhooks(ctx), getTranslations("adminWebhooks")]);
  const endpointId = oneParam(sp.endpoint);
  if (endpointId === null) {
    return (
      <Stack gap="md">
        <PageHeading title={t("title")} subtitle={t("subtitle")} />
        <WebhooksManager rows={webhooks} eventTypes={webhookEventTypes()} />
      </Stack>
    );
  }

  const webhook = isUuid(endpointId) ? webhooks.find((w) => w.id === endpointId) : undefined;
  if (!webhook) notFound();
  const status = pick(WEBHOOK_DELIVERY_STATUSES, oneParam(sp.status));
  // A cursor that is not one (a hand-edited link) starts again at the newest deliveries.
  const rawCursor = oneParam(sp.cursor);
  const cursor = rawCursor && isLogCursor(rawCursor) ? rawCursor : null;
  const direction = oneParam(sp.dir) === "newer" ? "newer" : "older";
  const page = await listWebhookDeliveries(ctx, webhook.id, { status, cursor: cursor ?? undefined, direction, pageSize: PAGE_SIZE });
  const hrefs = keysetHrefs("/admin/webhooks", filterParams(sp, ["endpoint", "status"]), { cursor, older: page.older, newer: page.newer });
  return (
    <Stack gap="md">
      <PageHeading title={t("deliveriesTitle")} subtitle={t("deliveriesIntro")} />
      <DeliveriesView webhook={{ id: webhook.id, url: webhook.url, enabled: webhook.enabled }} rows={page.rows} status={status ?? null} />
      <KeysetFooter rowCount={page.rows.length} hrefs={hrefs} testIdPrefix="deliveries" />
    </Stack>
  );
}
