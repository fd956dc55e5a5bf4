"use client";
import { Button, Group, Loader, Select, TextInput } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";

const KINDS = ["PROXY", "TRIAL", "STREAMING"] as const;
const VISIBILITIES = ["PUBLIC", "HIDDEN"] as const;

/** Search and filters live in the URL (?q=&kind=&visibility=), so the list stays shareable. */
export function PlansToolbar({ q, kind, visibility }: { q: string; kind: string | null; visibility: string | null }) {
  const t = useTranslations("catalog.plans");
  const tk = useTranslations("catalog.kind");
  const tv = useTranslations("catalog.visibility");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(q);

  // Any filter change starts again at page 1.
  const apply = (next: { q?: string; kind?: string | null; visibility?: string | null }) => {
    const merged = { q: search, kind, visibility, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    if (merged.kind) params.set("kind", merged.kind);
    if (merged.visibility) params.set("visibility", merged.visibility);
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <form onSubmit={submit} style={{ flex: "1 1 220px" }}>
        <TextInput
          placeholder={t("searchPlaceholder")}
          aria-label={t("searchPlaceholder")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== q && apply({ q: search })}
          data-testid="plan-search"
        />
      </form>
      <Select
        placeholder={t("allKinds")}
        aria-label={t("filterKind")}
        data={KINDS.map((k) => ({ value: k, label: tk(k) }))}
        value={kind}
        onChange={(v) => apply({ kind: v })}
        clearable
        w={{ base: "calc(50% - 6px)", sm: 150 }}
        data-testid="plan-kind-filter"
      />
      <Select
        placeholder={t("allVisibilities")}
        aria-label={t("filterVisibility")}
        data={VISIBILITIES.map((v) => ({ value: v, label: tv(v) }))}
        value={visibility}
        onChange={(v) => apply({ visibility: v })}
        clearable
        w={{ base: "calc(50% - 6px)", sm: 160 }}
        data-testid="plan-visibility-filter"
      />
      <Button component={Link} href="/admin/plans/new" leftSection={<IconPlus size={16} />} data-testid="create-plan">
        {t("create")}
      </Button>
    </Group>
  );
}
