// [wallet] One user's wallet for an admin: the balance, a hand credit or debit, and the ledger
// (newest first, keyset pages, filtered by kind). The base edition has no such page.
import { Card, Group, Stack, Table, TableScrollContainer, TableTbody, TableTd, TableTh, TableThead, TableTr, Text } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations, getLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { oneParam, type SearchParams } from "@/app/search-params";
import { WalletCreditForm } from "@/components/admin/wallet/credit-form";
import { LedgerKindFilter } from "@/components/admin/wallet/ledger-kind-filter";
import { AnchorLink } from "@/components/links";
import { KeysetPager } from "@/components/shell/keyset-pager";
import { PageHeading } from "@/components/shell/page-heading";
import { formatMoney } from "@/components/store/money";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { hasPermission } from "@/server/context";
import { getDb } from "@/server/db/client";
import { WALLET_TX_KINDS, type WalletTxKind } from "@/server/db/schema/wallet";
import { DomainError } from "@/server/errors";
import { getAppInfo } from "@/server/services/settings";
import { walletOverview } from "@/server/services/wallet/admin-wallet";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminWalletUser.user"))("openWallet") };
}

const PAGE = 50;

export default async function AdminUserWalletPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const locale = await getLocale();
  await requireAdminPage("wallet.read");
  if ((await getAppInfo(getDb())).edition !== "wallet") notFound();
  const [{ id }, sp] = await Promise.all([params, searchParams]);
  const kindParam = oneParam(sp.kind);
  const kind = (WALLET_TX_KINDS as readonly string[]).includes(kindParam ?? "") ? (kindParam as WalletTxKind) : undefined;
  const beforeParam = Number(oneParam(sp.before));
  const before = Number.isSafeInteger(beforeParam) && beforeParam > 0 ? beforeParam : undefined;
  const ctx = await requestCtx();
  const w = await walletOverview(ctx, { userId: id }, { kind, before, limit: PAGE }).catch((err: unknown) => {
    // A malformed or unknown id is a page that is not there.
    if (err instanceof DomainError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  const [t, tk, f] = await Promise.all([getTranslations("adminWalletUser.user"), getTranslations("wallet.kinds"), getFormatter()]);
  const base = `/admin/users/${id}/wallet`;
  const href = (extra: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    if (kind) q.set("kind", kind);
    for (const [k, v] of Object.entries(extra)) if (v !== undefined) q.set(k, String(v));
    const s = q.toString();
    return s ? `${base}?${s}` : base;
  };
  const money = (minor: number) => formatMoney(minor, w.currency, locale);

  return (
    <Stack gap="md" maw={1100}>
      {hasPermission(ctx, "users.read") ? (
        <AnchorLink href="/admin/users" size="sm">
          {t("back")}
        </AnchorLink>
      ) : null}
      <PageHeading title={t("title", { email: w.email })} subtitle={t("adjustHint")} />
      <Card withBorder padding="lg">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t("balance")}
        </Text>
        <Text fz={28} fw={700} data-testid="admin-wallet-balance">
          {money(w.balanceMinor)}
        </Text>
      </Card>
      {hasPermission(ctx, "wallet.write") ? <WalletCreditForm userId={w.userId} currency={w.currency} /> : null}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <LedgerKindFilter kind={kind ?? null} />
      </Group>
      {w.ledger.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center" data-testid="admin-ledger-empty">
            {t("empty")}
          </Text>
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <TableScrollContainer minWidth={760} type="native">
            <Table striped verticalSpacing="xs" data-testid="admin-ledger">
              <TableThead>
                <TableTr>
                  <TableTh>{t("when")}</TableTh>
                  <TableTh>{t("kind")}</TableTh>
                  <TableTh ta="right">{t("amount")}</TableTh>
                  <TableTh ta="right">{t("balanceAfter")}</TableTh>
                  <TableTh>{t("reference")}</TableTh>
                  <TableTh>{t("note")}</TableTh>
                </TableTr>
              </TableThead>
              <TableTbody>
                {w.ledger.map((e) => (
                  <TableTr key={e.id} data-testid="admin-ledger-row" data-kind={e.kind}>
                    <TableTd style={{ whiteSpace: "nowrap" }}>{f.dateTime(e.createdAt, { dateStyle: "medium", timeStyle: "short" })}</TableTd>
                    <TableTd>{tk(e.kind)}</TableTd>
                    <TableTd ta="right" c={e.amountMinor < 0 ? "red" : "teal"} style={{ whiteSpace: "nowrap" }}>
                      {e.amountMinor > 0 ? "+" : ""}
                      {money(e.amountMinor)}
                    </TableTd>
                    <TableTd ta="right" style={{ whiteSpace: "nowrap" }}>
                      {money(e.balanceAfterMinor)}
                    </TableTd>
                    <TableTd>
                      <Text size="xs" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                        {e.reference ?? "—"}
                      </Text>
                    </TableTd>
                    <TableTd style={{ overflowWrap: "anywhere" }}>{e.note ?? ""}</TableTd>
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </TableScrollContainer>
        </Card>
      )}
      <KeysetPager
        newestHref={before ? href({}) : null}
        newerHref={null}
        olderHref={w.nextBefore ? href({ before: w.nextBefore }) : null}
        labels={{ count: t("count", { count: w.ledger.length }), pagination: t("pagination"), newest: t("newest"), newer: t("newer"), older: t("older") }}
        testIdPrefix="admin-ledger"
      />
    </Stack>
  );
}
