// The one way a buyer's coupon code is tried (preview, checkout, buy now, renewal and top-up): the
// attempt is counted per account and per IP before the code is looked up, so a burst of concurrent
// guesses cannot slip through a window, and given back unless the answer was coupon_unusable (the
// answer every wrong guess gets). A code that names a usable coupon therefore never uses the budget,
// whatever else stops the order (min spend, plan, limits, stock).
import type { Ctx } from "../../context";
import { DomainError } from "../../errors";
import { beginCouponCodeCheck } from "../../rate-limit/policies";

export async function withCouponAttempt<T>(ctx: Ctx, userId: string, couponCode: string | undefined, run: () => Promise<T>): Promise<T> {
  if (!couponCode?.trim()) return run();
  const giveBack = await beginCouponCodeCheck(userId, ctx.ip);
  let wrongCode = false;
  try {
    return await run();
  } catch (err) {
    wrongCode = err instanceof DomainError && err.reason === "coupon_unusable";
    throw err;
  } finally {
    if (!wrongCode) await giveBack();
  }
}
