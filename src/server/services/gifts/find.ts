// Looking a gift up by its code, counted against guessing first (rate-limit/policies.ts
// beginGiftCodeCheck): one indexed lookup by keyed hash; an unknown code keeps its count, a code that
// names a gift (in any state) gives it back, so only wrong codes use the budget.
import { inArray } from "drizzle-orm";
import type { Ctx } from "../../context";
import type { Db } from "../../db/client";
import { gifts, type Gift } from "../../db/schema";
import { DomainError } from "../../errors";
import { beginGiftCodeCheck } from "../../rate-limit/policies";
import { giftCodeHashes } from "./codes";

export const giftNotFound = () => new DomainError("NOT_FOUND", "gift_not_found");

/** The gift the code names (read with `db`), or 404 gift_not_found after counting the guess. */
export async function giftByCode(ctx: Ctx, code: string, db: Db = ctx.db): Promise<Gift> {
  const giveBack = await beginGiftCodeCheck(ctx.actor.userId, ctx.ip);
  const hashes = giftCodeHashes(code);
  const [gift] = hashes.length ? await db.select().from(gifts).where(inArray(gifts.codeHash, hashes)).limit(1) : [];
  if (!gift) throw giftNotFound();
  await giveBack();
  return gift;
}
