// [wallet] The owner's view of their wallet (page /wallet): the balance, the recharge rules, and the
// ledger page by page, filtered by kind and by a range of days. Days are the site's days
// (Asia/Shanghai, the zone every page shows times in), given as YYYY-MM-DD.
import { and, count, desc, eq, gte, lt } from "drizzle-orm";
import { z } from "zod";
import { requireUser, type Ctx } from "../../context";
import { walletTransactions, WALLET_TX_KINDS, type WalletTxKind } from "../../db/schema";
import { parseInput } from "../../validation";
import { requireWalletEdition } from "./edition";
import { balanceOf } from "./ledger";
import { rechargeRules, type RechargeRules } from "./recharge";

export interface MyWallet {
  balanceMinor: number;
  currency: string;
  rules: RechargeRules;
}

export async function getMyWallet(ctx: Ctx): Promise<MyWallet> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const [balanceMinor, rules] = await Promise.all([balanceOf(ctx.db, userId), rechargeRules(ctx.db)]);
  return { balanceMinor, currency: rules.currency, rules };
}

const SITE_OFFSET = "+08:00";
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(new Date(`${d}T00:00:00${SITE_OFFSET}`).getTime()));
const startOfDay = (d: string) => new Date(`${d}T00:00:00${SITE_OFFSET}`);

const LedgerInput = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(WALLET_TX_KINDS).optional(),
  /** First day included. */
  from: Day.optional(),
  /** Last day included. */
  to: Day.optional(),
});

export interface MyLedgerEntry {
  id: number;
  kind: WalletTxKind;
  amountMinor: number;
  balanceAfterMinor: number;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: string;
}

/** The caller's ledger, newest first. Notes and actors are staff data and stay out. */
export async function listMyLedger(ctx: Ctx, raw: unknown = {}): Promise<{ rows: MyLedgerEntry[]; total: number; page: number; pageSize: number }> {
  requireWalletEdition();
  const { userId } = requireUser(ctx);
  const f = parseInput(LedgerInput, raw ?? {});
  const where = and(
    eq(walletTransactions.userId, userId),
    f.kind ? eq(walletTransactions.kind, f.kind) : undefined,
    f.from ? gte(walletTransactions.createdAt, startOfDay(f.from)) : undefined,
    f.to ? lt(walletTransactions.createdAt, new Date(startOfDay(f.to).getTime() + 86_400_000)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(walletTransactions).where(where).orderBy(desc(walletTransactions.id)).limit(f.pageSize).offset((f.page - 1) * f.pageSize),
    ctx.db.select({ n: count() }).from(walletTransactions).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, kind: r.kind, amountMinor: r.amountMinor, balanceAfterMinor: r.balanceAfterMinor, referenceType: r.referenceType, referenceId: r.referenceId, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: f.page,
    pageSize: f.pageSize,
  };
}
