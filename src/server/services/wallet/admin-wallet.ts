// [wallet] What an operator does with one user's wallet: read it (balance and ledger, newest first),
// credit or debit it by hand (audited, with a note), and run the consistency check. Used by the CLI
// (`wallet show|credit|check`) and the admin pages.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { requireAdmin, type Ctx } from "../../context";
import { walletAccounts, walletTransactions, WALLET_TX_KINDS, type WalletTxKind } from "../../db/schema";
import { notFound } from "../../errors";
import { parseInput } from "../../validation";
import { findUserByEmail, getUserOrThrow } from "../accounts/queries";
import { recordAudit } from "../audit";
import { getSettingsWithSecrets } from "../settings/queries";
import { checkWallets, type WalletCheckResult } from "./check";
import { requireWalletEdition } from "./edition";
import { balanceOf, moveBalance } from "./ledger";

export interface LedgerEntry {
  id: number;
  kind: WalletTxKind;
  amountMinor: number;
  balanceAfterMinor: number;
  reference: string | null;
  note: string | null;
  createdAt: Date;
}

export interface WalletOverview {
  userId: string;
  email: string;
  balanceMinor: number;
  currency: string;
  ledger: LedgerEntry[];
  /** The id to pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
}

const OverviewInput = z.object({
  kind: z.enum(WALLET_TX_KINDS).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** A user's balance and ledger page (keyset: newest first, `before` an entry id). */
export async function walletOverview(ctx: Ctx, who: { userId?: string; email?: string }, raw: unknown = {}): Promise<WalletOverview> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  const input = parseInput(OverviewInput, raw);
  const user = await resolveUser(ctx, who);
  const [balanceMinor, settings, rows] = await Promise.all([
    balanceOf(ctx.db, user.id),
    getSettingsWithSecrets(ctx.db),
    ctx.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, user.id), input.kind ? eq(walletTransactions.kind, input.kind) : undefined, input.before ? lt(walletTransactions.id, input.before) : undefined))
      .orderBy(desc(walletTransactions.id))
      .limit(input.limit + 1),
  ]);
  const page = rows.slice(0, input.limit);
  return {
    userId: user.id,
    email: user.email,
    balanceMinor,
    currency: settings.currency,
    ledger: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      amountMinor: r.amountMinor,
      balanceAfterMinor: r.balanceAfterMinor,
      reference: r.referenceType ? `${r.referenceType}:${r.referenceId ?? ""}` : null,
      note: r.note,
      createdAt: r.createdAt,
    })),
    nextBefore: rows.length > input.limit ? page[page.length - 1]!.id : null,
  };
}

const CreditInput = z.object({
  // Signed minor units: a debit takes money back (never below zero).
  amountMinor: z.number().int().refine((n) => n !== 0 && Math.abs(n) <= 100_000_000, { message: "non-zero, at most 1,000,000.00" }),
  note: z.string().trim().min(1).max(500),
});

/** An operator's credit (positive) or debit (negative), with the note on the ledger row and in the audit log. */
export async function adminCreditWallet(ctx: Ctx, who: { userId?: string; email?: string }, raw: unknown): Promise<{ balanceMinor: number; entryId: number }> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.write");
  const input = parseInput(CreditInput, raw);
  const user = await resolveUser(ctx, who);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await moveBalance(tx, { userId: user.id, kind: "ADMIN_CREDIT", amountMinor: input.amountMinor, referenceType: "admin", referenceId: ctx.actor.userId ?? ctx.actor.kind, actorId: ctx.actor.userId ?? null, note: input.note, now });
    await recordAudit(ctx, { action: "wallet.admin_credit", targetType: "user", targetId: user.id, metadata: { amountMinor: input.amountMinor, balanceAfterMinor: moved.balanceAfterMinor, note: input.note } }, tx);
    return moved;
  });
  return { balanceMinor: row.balanceAfterMinor, entryId: row.id };
}

/** The consistency check, for the admin dashboard and the CLI. */
export async function walletCheck(ctx: Ctx): Promise<WalletCheckResult> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  return checkWallets(ctx.db);
}

async function resolveUser(ctx: Ctx, who: { userId?: string; email?: string }) {
  if (who.userId) return getUserOrThrow(ctx.db, who.userId);
  if (!who.email) throw notFound("user");
  const u = await findUserByEmail(ctx.db, who.email);
  if (!u) throw notFound("user");
  return u;
}

export interface WalletDashboard {
  /** What the site owes its users: the sum of all balances. */
  totalBalanceMinor: number;
  accounts: number;
  check: WalletCheckResult;
}

/** The admin dashboard's wallet figures: the balances owed and the consistency check's result. */
export async function walletDashboard(ctx: Ctx): Promise<WalletDashboard> {
  requireWalletEdition();
  requireAdmin(ctx, "wallet.read");
  const [check, [sum]] = await Promise.all([
    checkWallets(ctx.db),
    ctx.db.select({ total: sql<string>`coalesce(sum(${walletAccounts.balanceMinor}), 0)::text` }).from(walletAccounts),
  ]);
  return { totalBalanceMinor: Number(sum?.total ?? 0), accounts: check.accounts, check };
}
