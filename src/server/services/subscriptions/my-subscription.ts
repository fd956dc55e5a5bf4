// One of the caller's own subscriptions for its detail page: the list's row plus what the page shows
// beyond it: usage per direction, why it is off (traffic used up, restricted), and the content URLs
// with the download token, which only the owner sees (anyone else's id is "not found").
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { decryptSecret } from "../../crypto/secrets";
import { nodes, plans, streamingServices, subscriptions } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { extensionAllowed } from "../orders/extension-target";
import { trafficExhausted } from "../provisioning/desired-state";
import { contentSettings } from "../subscription-content/content-settings";
import { CONTENT_FORMATS, type ContentFormat } from "../subscription-content/types";
import { subscriptionContentUrl } from "../subscription-content/urls";
import { ownSubscriptionColumns, type MySubscription } from "./my-subscriptions";

export interface MySubscriptionDetail extends MySubscription {
  trafficUpBytes: number;
  trafficDownBytes: number;
  riskRestricted: boolean;
  /** A limited plan whose traffic is used up: its clients are off until a reset or a top-up. */
  trafficExhausted: boolean;
  /** Active and not past its expiry (the jobs may not have marked it EXPIRED yet). */
  live: boolean;
  /** An active streaming subscription: its shared account's credentials may be revealed. */
  canRevealCredentials: boolean;
  /** Proxy subscriptions only (null otherwise): the content link without format= (chosen by the app's User-Agent), and one per format. */
  contentUrl: string | null;
  contentUrls: Record<ContentFormat, string> | null;
}

export async function getMySubscription(ctx: Ctx, id: string): Promise<MySubscriptionDetail> {
  const { userId } = requireUser(ctx);
  const now = ctx.now();
  const sid = parseInput(z.uuid(), id);
  const [row] = await ctx.db
    .select({
      ...ownSubscriptionColumns,
      trafficUpBytes: subscriptions.trafficUpBytes,
      trafficDownBytes: subscriptions.trafficDownBytes,
      riskRestricted: subscriptions.riskRestricted,
      tokenEnc: subscriptions.downloadTokenEnc,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(nodes, eq(nodes.id, subscriptions.nodeId))
    .leftJoin(streamingServices, eq(streamingServices.id, subscriptions.streamingServiceId))
    // Owner only, admins included: an admin looks at other people's subscriptions on the admin pages.
    .where(and(eq(subscriptions.id, sid), eq(subscriptions.userId, userId)));
  if (!row) throw new DomainError("NOT_FOUND", "subscription_not_found");
  const { planKind, tokenEnc, ...r } = row;
  let contentUrl: string | null = null;
  let contentUrls: Record<ContentFormat, string> | null = null;
  if (r.kind === "PROXY") {
    const token = decryptSecret(tokenEnc);
    const { contentRoot } = await contentSettings(ctx.db);
    contentUrl = subscriptionContentUrl(contentRoot, r.id, token);
    contentUrls = Object.fromEntries(CONTENT_FORMATS.map((f) => [f, subscriptionContentUrl(contentRoot, r.id, token, f)])) as Record<ContentFormat, string>;
  }
  const live = r.status === "ACTIVE" && r.expiresAt.getTime() > now.getTime();
  return {
    ...r,
    live,
    canRenew: planKind !== "TRIAL" && r.renewalMode !== "NONE" && extensionAllowed("RENEWAL", r),
    canAddTraffic: planKind === "PROXY" && r.topupMode !== "NONE" && extensionAllowed("TRAFFIC_TOPUP", r),
    trafficExhausted: r.kind === "PROXY" && trafficExhausted(r),
    canRevealCredentials: r.kind === "STREAMING" && live,
    contentUrl,
    contentUrls,
  };
}
