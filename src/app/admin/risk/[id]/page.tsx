import { Card, Code, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { shortId } from "@/components/admin/risk/risk-codes";
import { RiskDecisions } from "@/components/admin/risk/risk-decisions";
import { DevicesTable, IpsTable, NodeStatsTable, OtherEventsTable, PlacesTable, ScopeSubscriptionsTable } from "@/components/admin/risk/risk-evidence-tables";
import { RiskLevelBadge, RiskMarks, RiskReviewBadge } from "@/components/admin/risk/risk-labels";
import { RiskReviewForm } from "@/components/admin/risk/risk-review-form";
import { RiskTimelineChart } from "@/components/admin/risk/risk-timeline-chart";
import { AnchorLink } from "@/components/links";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import type { Ctx } from "@/server/context";
import { isDomainError } from "@/server/errors";
import { getRiskEvent } from "@/server/services/risk/admin-queries";
import { Fact, Section, Stat } from "@/components/admin/detail-parts";
import { PermittedLink } from "@/components/admin/permitted-link";

type Params = Promise<{ id: string }>;

/** The event, or Next's 404 page for an id that is not one. */
async function load(ctx: Ctx, id: string) {
  try {
    return await getRiskEvent(ctx, id);
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: (await getTranslations("adminRisk.detail"))("metaTitle", { id: shortId(id) }) };
}

/** The engine's own figures (what crossed the threshold), one line per key. */
function recorded(evidence: Record<string, unknown>): [string, string][] {
  return Object.entries(evidence)
    .slice(0, 20)
    .map(([k, v]) => [k, typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v)]);
}

export default async function RiskEventPage({ params }: { params: Params }) {
  await requireAdminPage("risk.read");
  const { id } = await params;
  const ctx = await requestCtx();
  const d = await load(ctx, id);
  const [t, f] = await Promise.all([getTranslations("adminRisk"), getFormatter()]);
  const { event, owner, subscription, evidence } = d;
  const when = (x: Date | null) => (x ? f.dateTime(x, { dateStyle: "medium", timeStyle: "short" }) : t("detail.never"));
  const q = (email: string) => new URLSearchParams({ q: email }).toString();
  const figures = recorded(event.evidence);

  return (
    <Stack gap="lg" data-testid="risk-detail" data-id={event.id} data-final={event.finalAction ?? "NONE"} data-restricted={event.restrictionActive}>
      <Stack gap={4}>
        <AnchorLink href="/admin/risk" size="sm" c="dimmed">
          <Group gap={4} component="span" wrap="nowrap">
            <IconArrowLeft size={14} />
            {t("detail.back")}
          </Group>
        </AnchorLink>
        <Title order={2} style={{ overflowWrap: "anywhere" }} data-testid="risk-title">
          {t("detail.heading", { reason: t(`reasons.${event.reason}`), email: owner.email })}
        </Title>
        <Group gap={6}>
          <RiskLevelBadge level={event.level} />
          <RiskReviewBadge status={event.reviewStatus} />
          <RiskMarks restrictionActive={event.restrictionActive} finalAction={event.finalAction} />
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="md">
          <Stack gap={6} data-testid="risk-facts">
            <Fact label={t("detail.id")}>
              <Text size="sm" ff="monospace" component="span">
                {event.id}
              </Text>
            </Fact>
            <Fact label={t("user")}>
              <Stack gap={2}>
                <PermittedLink permission="users.read" href={`/admin/users?${q(owner.email)}`} size="sm" data-testid="risk-owner">
                  {owner.email}
                </PermittedLink>
                <Text size="xs" c={owner.restricted ? "red" : "dimmed"} data-testid="risk-owner-restricted" data-restricted={owner.restricted}>
                  {owner.restricted ? t("detail.accountRestricted", { at: when(owner.riskRestrictedAt) }) : t("detail.accountFree")}
                </Text>
              </Stack>
            </Fact>
            <Fact label={t("scope")}>
              {subscription ? (
                <PermittedLink permission="subscriptions.read" href={`/admin/subscriptions/${subscription.id}`} size="sm" data-testid="risk-subscription">
                  {subscription.planName} · {shortId(subscription.id)}
                </PermittedLink>
              ) : event.subscriptionId ? (
                shortId(event.subscriptionId)
              ) : (
                t("scopeAll")
              )}
            </Fact>
            <Fact label={t("createdAt")}>{when(event.createdAt)}</Fact>
            <Fact label={t("detail.day")}>{event.day}</Fact>
            <Fact label={t("detail.window")}>{t("detail.windowValue", { hours: evidence.windowHours, from: when(evidence.from), to: when(evidence.to) })}</Fact>
            {figures.length > 0 ? (
              <Fact label={t("detail.recorded")}>
                <Stack gap={2}>
                  {figures.map(([k, v]) => (
                    <Code key={k} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                      {k}: {v}
                    </Code>
                  ))}
                </Stack>
              </Fact>
            ) : null}
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Text fw={600}>{t("detail.reviewTitle")}</Text>
            <RiskReviewForm id={event.id} status={event.reviewStatus} note={event.reviewNote} />
          </Stack>
        </Card>
      </SimpleGrid>

      <Section title={t("detail.decisionTitle")} hint={t("detail.decisionHint")}>
        <RiskDecisions
          id={event.id}
          email={owner.email}
          report={event.report}
          reportGeneratedAt={event.reportGeneratedAt}
          reportSentAt={event.reportSentAt}
          finalAction={event.finalAction}
          finalActionAt={event.finalActionAt}
        />
      </Section>

      <Section title={t("detail.summaryTitle")} hint={t("detail.summaryHint")}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="risk-totals">
          <Stat label={t("detail.accesses")} value={evidence.totals.accesses} testId="risk-total-accesses" />
          <Stat label={t("detail.sourceApi")} value={evidence.totals.api} testId="risk-total-api" />
          <Stat label={t("detail.sourceNode")} value={evidence.totals.node} testId="risk-total-node" />
          <Stat label={t("detail.refused")} value={evidence.totals.refused} testId="risk-total-refused" />
          <Stat label={t("detail.distinctIps")} value={evidence.totals.distinctIps} testId="risk-total-ips" />
          <Stat label={t("detail.distinctPlaces")} value={evidence.totals.distinctPlaces} testId="risk-total-places" />
        </SimpleGrid>
      </Section>

      <Section title={t("detail.timelineTitle")} hint={t("detail.timelineHint")}>
        <Card withBorder padding="sm">
          <RiskTimelineChart hours={evidence.timeline.hours} api={evidence.timeline.api} node={evidence.timeline.node} />
        </Card>
      </Section>

      <Section title={t("detail.placesTitle")} hint={t("detail.placesHint")}>
        <PlacesTable rows={evidence.places} />
      </Section>

      <Section title={t("detail.ipsTitle")} hint={t("detail.ipsHint")}>
        <IpsTable rows={evidence.ips} />
      </Section>

      <Section title={t("detail.nodesTitle")} hint={t("detail.nodesHint")}>
        <NodeStatsTable rows={evidence.nodeStats} />
      </Section>

      <Section title={t("detail.subscriptionsTitle")}>
        <ScopeSubscriptionsTable rows={d.subscriptions} />
      </Section>

      <Section title={t("detail.devicesTitle")} hint={t("detail.devicesHint")}>
        <DevicesTable rows={d.devices} />
      </Section>

      <Section title={t("detail.otherEventsTitle")}>
        <OtherEventsTable rows={d.otherEvents.map(({ userId: _u, ...r }) => r)} />
      </Section>
    </Stack>
  );
}
