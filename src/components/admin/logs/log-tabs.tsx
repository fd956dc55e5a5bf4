"use client";
// One tab per log kind, kept in the URL (?kind=), so a tab can be linked to and reloaded. Changing
// tab drops the previous kind's filters and page.
import { Tabs } from "@mantine/core";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useTransition } from "react";
import { isLogKind, KIND_PERMISSION, LOG_KINDS, type LogKind } from "./log-codes";
import { useCan } from "../staff-permissions";

export function LogTabs({ kind }: { kind: LogKind }) {
  const t = useTranslations("adminLogs");
  const router = useRouter();
  const pathname = usePathname();
  const [, startTransition] = useTransition();
  // Only the kinds the role may read (a task or risk tab needs that page's permission).
  const can = useCan();
  const kinds = LOG_KINDS.filter((k) => can(KIND_PERMISSION[k]));
  return (
    <Tabs
      value={kind}
      onChange={(v) => {
        if (isLogKind(v)) startTransition(() => router.push(`${pathname}?kind=${v}`));
      }}
      variant="pills"
      keepMounted={false}
    >
      <Tabs.List style={{ flexWrap: "wrap", gap: 4 }} aria-label={t("kindsLabel")}>
        {kinds.map((k) => (
          <Tabs.Tab key={k} value={k} data-testid={`log-tab-${k}`}>
            {t(`kinds.${k}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
