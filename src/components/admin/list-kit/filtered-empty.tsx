"use client";
// An empty list says which kind of empty: nothing matches the filters (with the way back to the
// whole list), or there is nothing yet.
import { Anchor } from "@mantine/core";
import { IconSearchOff } from "@tabler/icons-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { EmptyState } from "../../shell/empty-state";

interface Props {
  filtered: boolean;
  /** The icon of "nothing yet". */
  icon: ReactNode;
  texts: { empty: string; emptyHint: string; none: string; noneHint: string; clear: string };
  /** The list without filters. */
  clearHref: string;
  testId: string;
}

export function FilteredEmpty({ filtered, icon, texts, clearHref, testId }: Props) {
  return (
    <EmptyState icon={filtered ? <IconSearchOff size={24} /> : icon} title={filtered ? texts.empty : texts.none} hint={filtered ? texts.emptyHint : texts.noneHint} testId={testId}>
      {filtered ? (
        <Anchor component={Link} href={clearHref} size="sm">
          {texts.clear}
        </Anchor>
      ) : null}
    </EmptyState>
  );
}
