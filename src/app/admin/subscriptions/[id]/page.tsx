import { Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { AccessLogTable } from "@/components/admin/subscriptions/access-log-table";
import { DevicesPanel } from "@/components/admin/subscriptions/devices-panel";
import { NodeClientsTable } from "@/components/admin/subscriptions/node-clients-table";
import { SubscriptionActions } from "@/components/admin/subscriptions/subscription-actions";
import { shortId } from "@/components/admin/subscriptions/subscription-codes";
import { SubscriptionMarks, SubscriptionStatusBadge, UsageBar } from "@/components/admin/subscriptions/subscription-labels";
import { DailyTrafficChart } from "@/components/admin/traffic/daily-traffic-chart";
import { RangeSelector } from "@/components/admin/traffic/range-selector";
import { AnchorLink } from "@/components/links";
import { ListFooter } from "@/components/shell/list-footer";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { getSubscriptionAdmin, getSubscriptionTraffic, listSubscriptionAccessLogs, listSubscriptionFilterChoices } from "@/server/services/subscriptions/admin-queries";
import { TRAFFIC_RANGES } from "@/server/services/traffic";
import { listSubscriptionDevices } from "@/server/services/risk/devices";
import { Fact, Section } from "@/components/admin/detail-parts";
import { PermittedLink } from "@/components/admin/permitted-link";

type Params = Promise<{ id: string }>;
const ACCESS_PAGE_SIZE = 20;

/** The subscription, or Next's 404 page for an id that is not one. */
async function load(ctx: Ctx, id: string) {
  try {
    return await getSubscriptionAdmin(ctx, id);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations("adminSubscriptions.detail"))("metaTitle", { id: shortId(id) }) };
}

export default async function SubscriptionPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await requireAdminPage("subscriptions.read");
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const ctx = await requestCtx();
  const detail = await load(ctx, id);
  const range = TRAFFIC_RANGES.find((r) => r === oneParam(sp.range)) ?? "30d";
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const streamingKind = detail.subscription.kind === "STREAMING";
  const devicesPage = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.devicesPage))) || 1), 10_000);
  const [access, traffic, choices, t, f, devices, tdv] = await Promise.all([
    listSubscriptionAccessLogs(ctx, id, { page, pageSize: ACCESS_PAGE_SIZE }),
    getSubscriptionTraffic(ctx, id, { range }),
    streamingKind ? listSubscriptionFilterChoices(ctx) : null,
    getTranslations("adminSubscriptions"),
    getFormatter(),
    streamingKind ? null : listSubscriptionDevices(ctx, id, { page: devicesPage }),
    getTranslations("devices"),
  ]);
  const { subscription: sub, owner, plan, node, streaming, clients } = detail;
  const when = (d: Date | null) => (d ? f.dateTime(d, { dateStyle: "medium", timeStyle: "short" }) : t("detail.never"));
  const q = (email: string) => new URLSearchParams({ q: email }).toString();
  const pages = Math.max(1, Math.ceil(access.total / ACCESS_PAGE_SIZE));

  return (
    <Stack gap="lg" data-testid="subscription-detail" data-id={sub.id} data-status={sub.status}>
      <Stack gap={4}>
        <AnchorLink href="/admin/subscriptions" size="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} />
            {t("detail.back")}
          </Group>
        </AnchorLink>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: "anywhere" }} data-testid="subscription-title">
              {t("detail.heading", { plan: plan.name, email: owner.email })}
            </Title>
            <Group gap={6}>
              <SubscriptionStatusBadge status={sub.status} />
              <SubscriptionMarks trial={sub.trial} restricted={sub.riskRestricted} />
            </Group>
          </Stack>
          <SubscriptionActions
            sub={{ id: sub.id, status: sub.status, kind: sub.kind, expiresAt: sub.expiresAt, email: owner.email, plan: plan.name }}
            streaming={streamingKind && choices ? { current: streaming, choices: choices.streamingServices } : null}
          />
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Stack gap={6} data-testid="subscription-facts">
            <Fact label={t("detail.id")}>
              <Text size="sm" ff="monospace" component="span">
                {sub.id}
              </Text>
            </Fact>
            <Fact label={t("detail.owner")}>
              <Stack gap={2}>
                <PermittedLink permission="users.read" href={`/admin/users?${q(owner.email)}`} size="sm" data-testid="subscription-owner">
                  {owner.email}
                </PermittedLink>
                <AnchorLink href={`/admin/subscriptions?${q(owner.email)}`} size="xs" c="dimmed">
                  {t("detail.ownerSubscriptions")}
                </AnchorLink>
              </Stack>
            </Fact>
            <Fact label={t("detail.plan")}>
              <PermittedLink permission="catalog.read" href={`/admin/plans/${plan.id}`} size="sm">
                {plan.name}
              </PermittedLink>{" "}
              · {t(`kinds.${sub.kind}`)}
            </Fact>
            {node ? (
              <Fact label={t("detail.node")}>
                <PermittedLink permission="nodes.read" href={`/admin/nodes/${node.id}`} size="sm">
                  {node.name}
                </PermittedLink>
              </Fact>
            ) : null}
            {streamingKind ? <Fact label={t("detail.streaming")}>{streaming?.name ?? t("none")}</Fact> : null}
            <Fact label={t("detail.startsAt")}>{when(sub.startsAt)}</Fact>
            <Fact label={t("detail.expiresAt")}>
              <span data-testid="subscription-expires" data-expires-at={sub.expiresAt.toISOString()}>
                {when(sub.expiresAt)}
              </span>
            </Fact>
            {!streamingKind ? <Fact label={t("detail.trafficReset")}>{t(`detail.resets.${plan.trafficResetStrategy}`)}</Fact> : null}
            {sub.lastTrafficResetAt ? <Fact label={t("detail.lastReset")}>{when(sub.lastTrafficResetAt)}</Fact> : null}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Text fw={600}>{t("detail.usage")}</Text>
            <UsageBar used={sub.trafficUsedBytes} limit={sub.trafficLimitBytes} up={sub.trafficUpBytes} down={sub.trafficDownBytes} />
          </Stack>
        </Card>
      </SimpleGrid>

      <Section title={t("detail.trafficTitle")} hint={t("detail.trafficHint")} right={<RangeSelector value={range} testId="subscription-traffic-range" />}>
        <Card withBorder padding="sm">
          <DailyTrafficChart days={traffic.days} up={traffic.up} down={traffic.down} testId="subscription-traffic-chart" />
        </Card>
      </Section>

      {!streamingKind || clients.length > 0 ? (
        <Section title={t("detail.clientsTitle")} hint={t("detail.clientsHint")}>
          <NodeClientsTable rows={clients.map((c) => ({ id: c.id, email: c.email, protocol: c.protocol, nodeName: c.nodeName, inboundName: c.inboundName, enable: c.enable, panelState: c.panelState, lastError: c.lastError, syncedAt: c.syncedAt }))} />
        </Section>
      ) : null}

      {devices ? (
        <Section title={tdv("adminTitle")} hint={tdv("adminHint")}>
          <DevicesPanel devices={devices} />
        </Section>
      ) : null}

      <Section title={t("detail.accessTitle")} hint={t("detail.accessHint")}>
        <AccessLogTable rows={access.rows} />
        <ListFooter count={t("detail.accessTotal", { count: access.total })} pages={pages} page={page} testId="access-total" />
      </Section>
    </Stack>
  );
}
