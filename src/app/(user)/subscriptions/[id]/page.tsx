import { Alert, Badge } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { headers } from "next/headers";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ChangePlanButton } from "@/components/plan-change/change-plan-button";
import { DevicesCard } from "@/components/subscriptions/devices-card";
import { FormatLinks } from "@/components/subscriptions/format-links";
import { ImportButtons } from "@/components/subscriptions/import-buttons";
import c from "@/components/subscriptions/light-layout.module.css";
import { guessPlatform } from "@/components/subscriptions/platform-guess";
import { RotateAccessButton } from "@/components/subscriptions/rotate-buttons";
import { StreamingCredentials } from "@/components/subscriptions/streaming-credentials";
import { SubscriptionStatusBadge } from "@/components/subscriptions/subscription-status";
import { UsageSummary } from "@/components/subscriptions/usage-summary";
import { requestCtx, requireUserPage } from "@/server/auth/session";
import { getDb } from "@/server/db/client";
import { isDomainError } from "@/server/errors";
import { getClientCatalogue } from "@/server/services/settings";
import { withReadableGuides } from "@/server/services/kb";
import { getMySubscription } from "@/server/services/subscriptions";
import { listMyDevices } from "@/server/services/risk/devices";
import { planChangeOffered } from "@/server/services/plan-change";
import { oneParam, type SearchParams } from "@/app/search-params";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("subscriptions") };
}

/** One's own subscription, or 404 for a malformed id, someone else's or none. */
async function load(id: string) {
  try {
    return await getMySubscription(await requestCtx(), id);
  } catch (err) {
    if (isDomainError(err) && (err.code === "NOT_FOUND" || err.code === "VALIDATION")) notFound();
    throw err;
  }
}

function Fact({ label, children, testId }: { label: string; children: string; testId?: string }) {
  return (
    <div className={c.fact}>
      <p className={c.small}>{label}</p>
      <p className={c.text} data-testid={testId}>
        {children}
      </p>
    </div>
  );
}

export default async function SubscriptionDetailPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  await requireUserPage();
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const [sub, t, td, tp, format, clients, h] = await Promise.all([
    load(id),
    getTranslations("subscriptions"),
    getTranslations("subscriptions.detail"),
    getTranslations("subscriptionPage"),
    getFormatter(),
    getClientCatalogue(getDb()).then(async (c) => withReadableGuides(await requestCtx(), c)),
    headers(),
  ]);
  const devicesPage = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.devicesPage))) || 1), 10_000);
  const [devices, changeOffered] = await Promise.all([sub.kind === "PROXY" ? listMyDevices(await requestCtx(), sub.id, { page: devicesPage }) : null, planChangeOffered(getDb(), sub)]);
  const when = (d: Date) => format.dateTime(d, { dateStyle: "medium", timeStyle: "short" });
  const where = sub.nodeName ?? sub.streamingName;
  const kind = sub.kind === "STREAMING" ? t("kindStreaming") : sub.trial ? t("kindTrial") : t("kindProxy");

  // Plain elements with one class each (light-layout.module.css): this page has a byte budget.
  return (
    <div className={c.stack} data-testid="subscription-detail" data-subscription-id={sub.id}>
      <Link href="/subscriptions" className={c.back} data-testid="subscription-back">
        ← {td("back")}
      </Link>
      <div className={c.row}>
        <h2 className={c.title}>{sub.planName}</h2>
        <div className={c.inline}>
          {sub.trafficExhausted ? (
            <Badge color="red" variant="light" tt="none" data-testid="subscription-exhausted">
              {tp("trafficUsedUp")}
            </Badge>
          ) : null}
          <SubscriptionStatusBadge status={sub.status} />
          {changeOffered ? <ChangePlanButton subscriptionId={sub.id} planName={sub.planName} /> : null}
        </div>
      </div>

      {sub.trafficExhausted ? (
        <Alert color="red" variant="light" data-testid="subscription-exhausted-hint">
          {td("trafficUsedUpHint")}
        </Alert>
      ) : null}
      {sub.riskRestricted ? (
        <Alert color="orange" variant="light" data-testid="subscription-restricted-hint">
          {td("restrictedHint")}
        </Alert>
      ) : null}

      <div className={c.card}>
        <div className={c.facts}>
          <Fact label={td("kind")}>{kind}</Fact>
          {where ? <Fact label={td("where")}>{where}</Fact> : null}
          <Fact label={td("starts")}>{when(sub.startsAt)}</Fact>
          <Fact label={sub.live ? t("expires") : t("ended")} testId="subscription-expires">
            {when(sub.expiresAt)}
          </Fact>
        </div>
        {sub.kind === "PROXY" ? (
          <UsageSummary
            usage={{ trafficLimitBytes: sub.trafficLimitBytes, trafficUsedBytes: sub.trafficUsedBytes, trafficUpBytes: sub.trafficUpBytes, trafficDownBytes: sub.trafficDownBytes }}
            exhausted={sub.trafficExhausted}
            testId="subscription-usage"
          />
        ) : null}
      </div>

      {sub.contentUrl ? (
        <div className={c.card} data-testid="subscription-links">
          <div className={c.row}>
            <div className={c.grow}>
              <h3 className={c.subtitle}>{td("linksTitle")}</h3>
              <p className={c.hint}>{sub.live ? td("linksHint") : td("notLiveHint")}</p>
            </div>
            <RotateAccessButton subscriptionId={sub.id} />
          </div>
          <ImportButtons contentUrl={sub.contentUrl} name={sub.planName} clients={clients} platform={guessPlatform(h.get("user-agent"))} />
          <FormatLinks contentUrl={sub.contentUrl} />
        </div>
      ) : null}

      {devices ? <DevicesCard devices={devices} /> : null}

      {sub.canRevealCredentials ? <StreamingCredentials subscriptionId={sub.id} /> : null}
    </div>
  );
}
