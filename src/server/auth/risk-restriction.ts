// The user-side risk restriction (behaviour §8): after an admin sends a risk report, the account may
// only use support until released. Both transports (runAction and route()) call this once, right
// after building the caller, so a new action or route is refused unless its call site opts in.
import type { Ctx } from "../context";
import { forbidden } from "../errors";

export interface RestrictionOptions {
  /**
   * This call stays open to a restricted account: support (tickets, their attachments), reading
   * notifications and marking them read, signing out, the language switch, and signed-out flows.
   */
  allowWhileRestricted?: boolean;
}

export function refuseWhileRiskRestricted(ctx: Ctx, opts: RestrictionOptions = {}): void {
  if (ctx.actor.riskRestricted && !opts.allowWhileRestricted) throw forbidden("account_risk_restricted");
}
