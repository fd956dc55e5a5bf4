// The account page's passkey list: see them, rename one, remove one. A removed passkey is a deleted
// row, and every sign-in looks its credential up, so it stops working on the very next attempt.
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../context";
import { requireUser } from "../../context";
import { passkeys } from "../../db/schema";
import { DomainError } from "../../errors";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { countUnusedRecoveryCodes } from "../accounts/recovery-codes";
import { notify } from "../notifications/notify";
import { PasskeyId, PasskeyName, StepUpCode } from "./inputs";
import { toItem, type PasskeyItem } from "./item";
import { MAX_PASSKEYS } from "./register";
import { stepUpFor, assertStepUp, type StepUp } from "./step-up";

export interface MyPasskeys {
  passkeys: PasskeyItem[];
  max: number;
  /** What adding or removing one asks for from this session (step-up.ts). */
  changeNeeds: StepUp;
  recoveryCodesLeft: number;
}

export async function listMyPasskeys(ctx: Ctx): Promise<MyPasskeys> {
  const { userId } = requireUser(ctx);
  const rows = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)).limit(MAX_PASSKEYS * 2);
  const [changeNeeds, recoveryCodesLeft] = await Promise.all([stepUpFor(ctx, userId), countUnusedRecoveryCodes(ctx.db, userId)]);
  return { passkeys: rows.map(toItem), max: MAX_PASSKEYS, changeNeeds, recoveryCodesLeft };
}

const notFound = () => new DomainError("NOT_FOUND", "passkey_not_found");

const RenameInput = z.object({ id: PasskeyId, name: PasskeyName });

export async function renameMyPasskey(ctx: Ctx, raw: unknown): Promise<PasskeyItem> {
  const { userId } = requireUser(ctx);
  const { id, name } = parseInput(RenameInput, raw);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning();
    if (!row) throw notFound();
    await recordAudit(ctx, { action: "user.passkey_rename", targetType: "user", targetId: userId, metadata: { passkeyId: id, name } }, tx);
    return toItem(row);
  });
}

const RemoveInput = z.object({ id: PasskeyId, code: StepUpCode });

/** Deletes one of the caller's passkeys (a code first, from a password session: step-up.ts); the owner is told. */
export async function removeMyPasskey(ctx: Ctx, raw: unknown): Promise<void> {
  const { userId } = requireUser(ctx);
  const { id, code } = parseInput(RemoveInput, raw);
  const [mine] = await ctx.db.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).limit(1);
  if (!mine) throw notFound();
  await assertStepUp(ctx, userId, code || undefined);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id, name: passkeys.name });
    if (!row) throw notFound();
    await recordAudit(ctx, { action: "user.passkey_remove", targetType: "user", targetId: userId, metadata: { passkeyId: id, name: row.name } }, tx);
    await notify(tx, { userId, type: "ACCOUNT", level: "WARNING", text: { key: "passkeyRemoved", params: { name: row.name } }, link: "/account#passkeys" });
  });
}
