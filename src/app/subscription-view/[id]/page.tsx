// The browser view of a subscription link: the custom server sends a browser's
// GET /api/subscription/<id>?token=… (Accept: text/html, no format=) here. No login and no user
// shell: the token is the only key, so the page passes the same gate as the content endpoint and
// shows only what the token already grants (plans, usage, expiry, the links themselves). With a
// view-only token (?view=, from a client app's profile-web-page-url) it shows the summary alone.
import { Alert, Card, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLinkOff } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import { oneParam, type SearchParams } from "@/app/search-params";
import { siteInfo } from "@/app/site-info";
import { SiteFrame } from "@/components/site/site-frame";
import { FormatLinks } from "@/components/subscriptions/format-links";
import { ImportButtons } from "@/components/subscriptions/import-buttons";
import { guessPlatform } from "@/components/subscriptions/platform-guess";
import { UsageSummary } from "@/components/subscriptions/usage-summary";
import { durationParts } from "@/i18n/duration";
import { getDb } from "@/server/db/client";
import { requestMeta } from "@/server/http/request-meta";
import { getClientCatalogue } from "@/server/services/settings";
import { withReadableGuides } from "@/server/services/kb";
import { makeCtx } from "@/server/context";
import { openContent, type GateResult, type SubjectSubscription } from "@/server/services/subscription-content/access";
import { contentSettings } from "@/server/services/subscription-content/content-settings";
import { logGateOutcome } from "@/server/services/subscription-content/serve";
import { aggregateContentUrl, subscriptionContentUrl } from "@/server/services/subscription-content/urls";
import { trafficExhausted } from "@/server/services/provisioning/desired-state";

export async function generateMetadata(): Promise<Metadata> {
  // The address carries a token: keep it out of search engines and out of Referer headers.
  return { title: (await getTranslations("subscriptionPage"))("title"), robots: { index: false, follow: false }, referrer: "no-referrer" };
}

type Refusal = Extract<GateResult, { ok: false }>;
const REFUSAL_KEY = { token_missing: "not_found", token_invalid: "not_found", owner_disabled: "owner_disabled", suspended: "suspended", cancelled: "cancelled", restricted: "restricted", expired: "expired", rate_limited: "rate_limited", device_limit: "device_limit", OK: "not_found" } as const;

async function Refused({ refusal }: { refusal: Refusal }) {
  const [t, td] = await Promise.all([getTranslations("subscriptionPage.refused"), getTranslations("durations")]);
  const key = REFUSAL_KEY[refusal.outcome];
  let message: string;
  if (key === "rate_limited") {
    const d = durationParts(refusal.retryAfterSeconds ?? 60);
    message = t("rate_limited", { duration: td(d.unit, { [d.unit]: d.value } as Record<"seconds" | "minutes" | "hours", number>) });
  } else message = t(key);
  return (
    <Container size={520} px="md" py={64}>
      <Stack gap="md" align="center" ta="center" data-testid="subscription-view-refused" data-outcome={refusal.outcome}>
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLinkOff size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t("title")}
        </Title>
        <Text c="dimmed" data-testid="subscription-view-message">
          {message}
        </Text>
      </Stack>
    </Container>
  );
}

async function SubscriptionSummary({ sub, now }: { sub: SubjectSubscription; now: Date }) {
  const [t, format] = await Promise.all([getTranslations("subscriptionPage"), getFormatter()]);
  return (
    <Card withBorder padding="md" radius="md" data-testid="subscription-view-plan">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4" style={{ overflowWrap: "anywhere" }} data-testid="subscription-view-plan-name">
            {sub.planName}
          </Title>
          <Text size="sm" c="dimmed" data-testid="subscription-view-expires" data-expires-at={sub.expiresAt.toISOString()}>
            {t("expires")} {format.dateTime(sub.expiresAt, { dateStyle: "medium", timeStyle: "short" })}
            {/* Time left, as the clock here sees it (the page is rendered per request). */}
            {" · "}
            {format.relativeTime(sub.expiresAt, now)}
          </Text>
        </Group>
        <UsageSummary
          usage={{ trafficLimitBytes: sub.trafficLimitBytes, trafficUsedBytes: sub.trafficUsedBytes, trafficUpBytes: sub.trafficUpBytes, trafficDownBytes: sub.trafficDownBytes }}
          exhausted={trafficExhausted(sub)}
          testId="subscription-view-usage"
        />
      </Stack>
    </Card>
  );
}

export default async function SubscriptionViewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const db = getDb();
  const [{ id }, query, h, settings, info, t] = await Promise.all([params, searchParams, headers(), contentSettings(getDb()), siteInfo(), getTranslations("subscriptionPage")]);
  // A download token opens everything it fetches; a view token (a client app's profile-web-page-url)
  // opens the summary only: no links, no import buttons.
  const token = (oneParam(query.token) ?? "").trim();
  const viewOnly = !token && Boolean(oneParam(query.view));
  const now = new Date();
  // The custom server stamps the client IP (TRUSTED_PROXIES applied); the same per-IP limit as the endpoint.
  const ip = requestMeta(h).ip ?? "unknown";
  const credential = viewOnly ? { token: (oneParam(query.view) ?? "").trim(), credential: "view" as const } : { token };
  const gate = await openContent(db, { id, ...credential, ip, now, limits: settings.limits });
  // A view in a browser is an access like any other (format "html" in the history).
  logGateOutcome(db, gate, { ip, userAgent: h.get("user-agent") ?? "", format: "html" }, now);
  if (!gate.ok) {
    return (
      <SiteFrame siteName={info.siteName}>
        <Refused refusal={gate} />
      </SiteFrame>
    );
  }

  const { subject } = gate;
  const one = subject.kind === "one";
  const summaries =
    subject.subscriptions.length === 0 ? (
      <Alert variant="light" color="gray" data-testid="subscription-view-none">
        {t("noneActive")}
      </Alert>
    ) : (
      subject.subscriptions.map((s) => <SubscriptionSummary key={s.id} sub={s} now={now} />)
    );
  if (viewOnly) {
    return (
      <SiteFrame siteName={info.siteName}>
        <Container size="lg" px="sm" py="md">
          <Stack gap="md" data-testid="subscription-view" data-kind={subject.kind} data-view-only="true">
            <Title order={2}>{one ? t("title") : t("allTitle")}</Title>
            {summaries}
            <Alert variant="light" color="blue" data-testid="subscription-view-only-note">
              {t("viewOnlyNote")}
            </Alert>
          </Stack>
        </Container>
      </SiteFrame>
    );
  }
  const contentUrl = one ? subscriptionContentUrl(settings.contentRoot, id, token) : aggregateContentUrl(settings.contentRoot, token);
  const name = one ? (subject.subscriptions[0]?.planName ?? info.siteName) : info.siteName;
  // The token is the key here, not a session: the guides linked are the public ones.
  const clients = await withReadableGuides(makeCtx(db), await getClientCatalogue(db));

  return (
    <SiteFrame siteName={info.siteName}>
      <Container size="lg" px="sm" py="md">
        <Stack gap="md" data-testid="subscription-view" data-kind={subject.kind}>
          <div>
            <Title order={2}>{one ? t("title") : t("allTitle")}</Title>
            <Text size="sm" c="dimmed">
              {t("intro")}
            </Text>
          </div>
          {summaries}
          <Alert variant="light" color="yellow">
            {t("privateNote")}
          </Alert>
          {clients.length ? (
            <Card withBorder padding="md" radius="md">
              <Stack gap="sm">
                <div>
                  <Title order={3} size="h4">
                    {t("importTitle")}
                  </Title>
                  <Text size="xs" c="dimmed">
                    {t("importHint")}
                  </Text>
                </div>
                <ImportButtons contentUrl={contentUrl} name={name} clients={clients} platform={guessPlatform(h.get("user-agent"))} />
              </Stack>
            </Card>
          ) : null}
          <Title order={3} size="h4">
            {t("formatsTitle")}
          </Title>
          <FormatLinks contentUrl={contentUrl} />
        </Stack>
      </Container>
    </SiteFrame>
  );
}
