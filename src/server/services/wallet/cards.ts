// [wallet] Prepaid cards, the admin side (behaviour §13): generate a batch (balance cards carry an
// amount, plan cards a plan and hold one unit of its stock each from generation), list, delete an
// unused card, and the expiry job. A plan card's stock unit goes back exactly once: whoever flips
// its holds_stock from true to false (delete, expiry) releases it; redemption hands it to the order.
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, inArray, isNotNull, lte, ne, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import type { Db, Db as Tx } from "../../db/client";
import { CARD_KINDS, CARD_STATUSES, plans, rechargeCards, users, type CardKind } from "../../db/schema";
import { describeError } from "../../describe-error";
import { conflict, DomainError, validationError } from "../../errors";
import { log } from "../../logger";
import { parseInput } from "../../validation";
import { recordAudit } from "../audit";
import { quotePlanPrice } from "../catalog";
import { releasePlanUnit, takePlanUnit } from "../orders/release-order";
import { cardCodeHash, cardCodeHashCandidates, cardCodeHint, newCardCode, normaliseCardCode } from "./cards-codes";
import type { GeneratedCardLine } from "./cards-csv";
import { requireWalletEdition } from "./edition";

/** Largest balance card: 100,000.00 in the site currency. */
export const MAX_CARD_MINOR = 10_000_000;
export const MAX_CARDS_PER_BATCH = 1000;

const instant = z.preprocess((v) => (v === "" || v === undefined ? null : v), z.union([z.null(), z.coerce.date()]));

export const GenerateCardsInput = z
  .object({
    kind: z.enum(CARD_KINDS),
    count: z.coerce.number().int().min(1).max(MAX_CARDS_PER_BATCH),
    amountMinor: z.coerce.number().int().min(1).max(MAX_CARD_MINOR).optional(),
    planId: z.uuid().optional(),
    /** SLIDER plans: the traffic each card gives (within the plan's range). */
    trafficGb: z.coerce.number().int().min(1).optional(),
    expiresAt: instant.default(null),
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type GenerateCardsRaw = z.input<typeof GenerateCardsInput>;

export interface GeneratedCard extends GeneratedCardLine {
  id: string;
  kind: CardKind;
  expiresAt: Date | null;
  trafficGb: number;
  durationDays: number;
}

export interface GeneratedBatch {
  batchId: string;
  /** The plaintext codes: returned here once and stored nowhere. */
  cards: GeneratedCard[];
}

/** The plan a plan card activates, with what each card gives (traffic and days), fixed at generation. */
async function planTerms(tx: Tx, planId: string, trafficGb: number | undefined): Promise<{ trafficGb: number; durationDays: number }> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw validationError("plan_not_found", { fields: { planId: "not_found" } });
  // A trial is one per account (trial_claims) and free anyway: it is not sold as a card.
  if (plan.kind === "TRIAL") throw validationError("invalid_input", { fields: { planId: "invalid_choice" } });
  const quote = quotePlanPrice(plan, { kind: "NEW_PURCHASE", trafficGb });
  return { trafficGb: quote.trafficGb, durationDays: quote.durationDays };
}

export async function generateCards(ctx: Ctx, raw: unknown): Promise<GeneratedBatch> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const input = parseInput(GenerateCardsInput, raw);
  const now = ctx.now();
  if (input.kind === "BALANCE") {
    if (input.amountMinor === undefined) throw validationError("invalid_input", { fields: { amountMinor: "required" } });
    if (input.planId !== undefined || input.trafficGb !== undefined) throw validationError("invalid_input", { fields: { planId: "not_for_kind" } });
  } else {
    if (input.planId === undefined) throw validationError("invalid_input", { fields: { planId: "required" } });
    if (input.amountMinor !== undefined) throw validationError("invalid_input", { fields: { amountMinor: "not_for_kind" } });
  }
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) throw validationError("invalid_input", { fields: { expiresAt: "invalid" } });

  const batchId = randomUUID();
  const codes = Array.from({ length: input.count }, () => newCardCode());
  const result = await ctx.db.transaction(async (tx) => {
    let terms = { trafficGb: 0, durationDays: 0 };
    if (input.kind === "PLAN") {
      terms = await planTerms(tx, input.planId!, input.trafficGb);
      // All or nothing: one unit per card, and out_of_stock for any of them refuses the whole batch.
      for (let i = 0; i < codes.length; i++) await takePlanUnit(tx, input.planId!, { serviceMustBeEnabled: true });
    }
    const rows = await tx
      .insert(rechargeCards)
      .values(
        codes.map((code) => {
          const normalised = normaliseCardCode(code)!;
          return {
            batchId,
            kind: input.kind,
            codeHash: cardCodeHash(normalised),
            codeHint: cardCodeHint(normalised),
            amountMinor: input.kind === "BALANCE" ? input.amountMinor! : null,
            planId: input.kind === "PLAN" ? input.planId! : null,
            trafficGb: terms.trafficGb,
            durationDays: terms.durationDays,
            holdsStock: input.kind === "PLAN",
            expiresAt: input.expiresAt,
            createdById: ctx.actor.userId ?? null,
            note: input.note || null,
            createdAt: now,
          };
        }),
      )
      .returning({ id: rechargeCards.id, codeHint: rechargeCards.codeHint });
    await recordAudit(
      ctx,
      { action: "wallet.cards.generated", targetType: "card_batch", targetId: batchId, metadata: { kind: input.kind, count: codes.length, amountMinor: input.amountMinor ?? null, planId: input.planId ?? null, expiresAt: input.expiresAt?.toISOString() ?? null } },
      tx,
    );
    return { rows, terms };
  });
  // Rows come back in insertion order; the hint ties each code to its row all the same.
  const cards = codes.map((code, i): GeneratedCard => {
    const row = result.rows[i]!;
    if (row.codeHint !== cardCodeHint(normaliseCardCode(code)!)) throw new Error("generated cards came back out of order");
    return {
      id: row.id,
      code,
      kind: input.kind,
      amountMinor: input.kind === "BALANCE" ? input.amountMinor! : null,
      planId: input.kind === "PLAN" ? input.planId! : null,
      trafficGb: result.terms.trafficGb,
      durationDays: result.terms.durationDays,
      expiresAt: input.expiresAt,
    };
  });
  return { batchId, cards };
}

/**
 * Gives back the stock units of these cards that still hold one, exactly once: holds_stock flips
 * true -> false in one conditional update, and only the rows it changed release a unit.
 */
export async function releaseCardStock(tx: Tx, cardIds: string[]): Promise<number> {
  if (cardIds.length === 0) return 0;
  const released = await tx
    .update(rechargeCards)
    .set({ holdsStock: false })
    .where(and(inArray(rechargeCards.id, cardIds), eq(rechargeCards.holdsStock, true), isNotNull(rechargeCards.planId)))
    .returning({ planId: rechargeCards.planId });
  for (const r of released) await releasePlanUnit(tx, r.planId!);
  return released.length;
}

/** Deletes a card that was never used (unused or expired); a plan card's stock unit goes back once. */
export async function deleteCard(ctx: Ctx, id: string): Promise<{ id: string; releasedStock: boolean }> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const cardId = parseInput(z.uuid(), id);
  return ctx.db.transaction(async (tx) => {
    // Lock the row first: a redemption racing this either used it already (card_used) or waits and
    // then finds it gone (card_invalid).
    const [card] = await tx.select().from(rechargeCards).where(eq(rechargeCards.id, cardId)).for("update");
    if (!card) throw new DomainError("NOT_FOUND", "card_not_found");
    if (card.status === "USED") throw conflict("card_used");
    const releasedStock = (await releaseCardStock(tx, [cardId])) > 0;
    const deleted = await tx.delete(rechargeCards).where(and(eq(rechargeCards.id, cardId), ne(rechargeCards.status, "USED"))).returning({ id: rechargeCards.id });
    if (deleted.length === 0) throw conflict("card_used");
    await recordAudit(ctx, { action: "wallet.card.deleted", targetType: "card", targetId: cardId, metadata: { kind: card.kind, hint: card.codeHint, status: card.status, batchId: card.batchId, releasedStock } }, tx);
    return { id: cardId, releasedStock };
  });
}

/** The expiry job: unused cards past their date become EXPIRED and give their stock unit back, once. */
export async function expireDueCards(db: Db, now = new Date(), batch = 500): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: rechargeCards.id })
        .from(rechargeCards)
        .where(and(eq(rechargeCards.status, "UNUSED"), lte(rechargeCards.expiresAt, now)))
        .limit(batch);
      if (due.length === 0) return 0;
      // The conditional flip decides; a card redeemed or deleted meanwhile is not among the rows.
      const expired = await tx
        .update(rechargeCards)
        .set({ status: "EXPIRED" })
        .where(and(inArray(rechargeCards.id, due.map((d) => d.id)), eq(rechargeCards.status, "UNUSED"), lte(rechargeCards.expiresAt, now)))
        .returning({ id: rechargeCards.id });
      await releaseCardStock(tx, expired.map((e) => e.id));
      return expired.length;
    });
  } catch (err) {
    log.error("card expiry failed", { error: describeError(err) });
    return 0;
  }
}

const ListCardsInput = z.object({
  status: z.enum(CARD_STATUSES).optional(),
  kind: z.enum(CARD_KINDS).optional(),
  batchId: z.uuid().optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});

export interface CardRow {
  id: string;
  batchId: string;
  kind: CardKind;
  codeHint: string;
  amountMinor: number | null;
  planId: string | null;
  planName: string | null;
  trafficGb: number;
  durationDays: number;
  holdsStock: boolean;
  status: (typeof CARD_STATUSES)[number];
  expiresAt: Date | null;
  usedById: string | null;
  usedByEmail: string | null;
  usedAt: Date | null;
  resultSubscriptionId: string | null;
  note: string | null;
  createdAt: Date;
}

/**
 * Cards, newest first, for the admin page and the CLI. `q` matches the hint, the note or the user who
 * used it; a whole code (as printed) finds its card through the hash.
 */
export async function listCards(ctx: Ctx, raw: unknown = {}): Promise<{ rows: CardRow[]; total: number; page: number; pageSize: number }> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  const input = parseInput(ListCardsInput, raw);
  const where: SQL[] = [];
  if (input.status) where.push(eq(rechargeCards.status, input.status));
  if (input.kind) where.push(eq(rechargeCards.kind, input.kind));
  if (input.batchId) where.push(eq(rechargeCards.batchId, input.batchId));
  if (input.q) {
    const whole = normaliseCardCode(input.q);
    const like = `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(rechargeCards.codeHint, like), ilike(rechargeCards.note, like), ilike(users.email, like), whole ? inArray(rechargeCards.codeHash, cardCodeHashCandidates(whole)) : undefined)!);
  }
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: rechargeCards.id,
        batchId: rechargeCards.batchId,
        kind: rechargeCards.kind,
        codeHint: rechargeCards.codeHint,
        amountMinor: rechargeCards.amountMinor,
        planId: rechargeCards.planId,
        planName: plans.name,
        trafficGb: rechargeCards.trafficGb,
        durationDays: rechargeCards.durationDays,
        holdsStock: rechargeCards.holdsStock,
        status: rechargeCards.status,
        expiresAt: rechargeCards.expiresAt,
        usedById: rechargeCards.usedById,
        usedByEmail: users.email,
        usedAt: rechargeCards.usedAt,
        resultSubscriptionId: rechargeCards.resultSubscriptionId,
        note: rechargeCards.note,
        createdAt: rechargeCards.createdAt,
      })
      .from(rechargeCards)
      .leftJoin(plans, eq(plans.id, rechargeCards.planId))
      .leftJoin(users, eq(users.id, rechargeCards.usedById))
      .where(cond)
      .orderBy(desc(rechargeCards.createdAt), desc(rechargeCards.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(rechargeCards).leftJoin(users, eq(users.id, rechargeCards.usedById)).where(cond),
  ]);
  return { rows, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Plans an admin can make cards for (not trials), for the generate dialog. */
export async function listCardPlanChoices(ctx: Ctx): Promise<{ id: string; name: string; kind: string; pricingMode: string; minGb: number; maxGb: number; trafficGb: number; durationDays: number; stockLeft: number | null }[]> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  const rows = await ctx.db
    .select({ id: plans.id, name: plans.name, kind: plans.kind, pricingMode: plans.pricingMode, minGb: plans.minGb, maxGb: plans.maxGb, trafficGb: plans.trafficGb, durationDays: plans.durationDays, stockTotal: plans.stockTotal, stockHeld: plans.stockHeld })
    .from(plans)
    .where(ne(plans.kind, "TRIAL"))
    .orderBy(plans.sortOrder, plans.name);
  return rows.map(({ stockTotal, stockHeld, ...p }) => ({ ...p, stockLeft: stockTotal === null ? null : Math.max(0, stockTotal - stockHeld) }));
}
