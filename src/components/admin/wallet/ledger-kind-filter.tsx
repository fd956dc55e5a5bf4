"use client";
// The ledger's kind filter: a choice that becomes the page's `kind` parameter (from the newest entry).
import { NativeSelect } from "@mantine/core";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { WALLET_TX_KINDS } from "@/server/db/schema/wallet";

export function LedgerKindFilter({ kind }: { kind: string | null }) {
  const t = useTranslations("adminWalletUser");
  const tk = useTranslations("wallet.kinds");
  const router = useRouter();
  const path = usePathname();
  return (
    <NativeSelect
      label={t("user.kind")}
      value={kind ?? ""}
      onChange={(e) => router.push(e.currentTarget.value ? `${path}?kind=${e.currentTarget.value}` : path)}
      data={[{ value: "", label: t("user.allKinds") }, ...WALLET_TX_KINDS.map((k) => ({ value: k, label: tk(k) }))]}
      maw={280}
      data-testid="ledger-kind-filter"
    />
  );
}
