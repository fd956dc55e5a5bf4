"use server";
// [wallet] The auto-renew switch on /wallet (issue 23: setAutoRenew(subscriptionId, enabled)).
import { z } from "zod";
import { args, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { setAutoRenew as setAutoRenewOf } from "@/server/services/wallet/auto-renew";

export async function setAutoRenew(...a: [subscriptionId: string, enabled: boolean]) {
  return runAction(args(["subscriptionId", str], ["enabled", z.boolean()]), a, (ctx, [subscriptionId, enabled]) => setAutoRenewOf(ctx, subscriptionId, enabled), {
    revalidate: ["/wallet"],
  });
}
