"use client";
import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { ListToolbar } from "../list-kit";
import { useCan } from "../staff-permissions";

const KINDS = ["PROXY", "TRIAL", "STREAMING"] as const;
const VISIBILITIES = ["PUBLIC", "HIDDEN"] as const;

/** Search as you type, kind and visibility, kept in the URL (?q=&kind=&visibility=); any change starts at page 1. */
export function PlansToolbar() {
  const t = useTranslations("catalog.plans");
  const tk = useTranslations("catalog.kind");
  const tv = useTranslations("catalog.visibility");
  const mayCreate = useCan()("catalog.write");
  return (
    <ListToolbar
      search={{ label: t("searchPlaceholder"), placeholder: t("searchPlaceholder"), testId: "plan-search" }}
      filters={[
        { param: "kind", label: t("filterKind"), placeholder: t("allKinds"), data: KINDS.map((k) => ({ value: k, label: tk(k) })), testId: "plan-kind-filter", width: 150 },
        { param: "visibility", label: t("filterVisibility"), placeholder: t("allVisibilities"), data: VISIBILITIES.map((v) => ({ value: v, label: tv(v) })), testId: "plan-visibility-filter", width: 160 },
      ]}
    >
      {mayCreate ? (
        <Button component={Link} href="/admin/plans/new" leftSection={<IconPlus size={16} />} data-testid="create-plan">
          {t("create")}
        </Button>
      ) : null}
    </ListToolbar>
  );
}
