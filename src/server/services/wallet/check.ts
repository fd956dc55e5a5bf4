// The wallet consistency check (behaviour §13): every balance recomputed from its ledger. Run by
// `relayboard wallet check`, shown on the admin dashboard, and after every wallet test.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface WalletMismatch {
  userId: string;
  email: string | null;
  balanceMinor: number;
  ledgerSumMinor: number;
  /** The balance_after of the newest ledger row: it too must equal the balance. */
  lastBalanceAfterMinor: number | null;
}

export interface WalletCheckResult {
  ok: boolean;
  accounts: number;
  mismatches: WalletMismatch[];
}

/**
 * One pass over accounts and ledger (full outer join: a ledger without an account is a mismatch
 * too). Read in one statement, so a movement committing meanwhile is seen on both sides or neither.
 */
export async function checkWallets(db: Db): Promise<WalletCheckResult> {
  type Row = { user_id: string; email: string | null; balance: string | null; ledger_sum: string | null; last_after: string | null };
  const result = (await db.execute(sql`
    with sums as (
      select user_id, sum(amount_minor) as ledger_sum from wallet_transactions group by user_id
    ), lasts as (
      select distinct on (user_id) user_id, balance_after_minor as last_after from wallet_transactions order by user_id, id desc
    ), joined as (
      select coalesce(a.user_id, s.user_id) as user_id, a.balance_minor as balance, s.ledger_sum, l.last_after
      from wallet_accounts a
      full outer join sums s on s.user_id = a.user_id
      left join lasts l on l.user_id = coalesce(a.user_id, s.user_id)
    )
    select j.user_id, u.email, j.balance::text as balance, j.ledger_sum::text as ledger_sum, j.last_after::text as last_after
    from joined j left join users u on u.id = j.user_id
    where coalesce(j.balance, 0) <> coalesce(j.ledger_sum, 0) or (j.last_after is not null and j.last_after <> coalesce(j.balance, 0))
  `)) as unknown as { rows: Row[] };
  const list = result.rows;
  const counted = (await db.execute(sql`select count(*)::text as n from wallet_accounts`)) as unknown as { rows: { n: string }[] };
  const mismatches = list.map((r) => ({
    userId: r.user_id,
    email: r.email,
    balanceMinor: Number(r.balance ?? 0),
    ledgerSumMinor: Number(r.ledger_sum ?? 0),
    lastBalanceAfterMinor: r.last_after === null ? null : Number(r.last_after),
  }));
  return { ok: mismatches.length === 0, accounts: Number(counted.rows[0]?.n ?? 0), mismatches };
}
