"use client";
// Search and filters of the admin table, kept in the URL; any change starts again at page 1.
import { Group, Loader, Select, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent, type ReactNode } from "react";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_DISPLAYS } from "@/server/db/schema/announcement-kinds";

export interface AnnouncementFilters { q: string; enabled: string | null; audience: string | null; display: string | null }

export function AnnouncementsToolbar({ filters, children }: { filters: AnnouncementFilters; children?: ReactNode }) {
  const t = useTranslations("announcements");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(filters.q);
  const apply = (next: Partial<AnnouncementFilters>) => {
    const merged = { ...filters, q: search, ...next };
    const params = new URLSearchParams();
    if (merged.q.trim()) params.set("q", merged.q.trim());
    for (const k of ["enabled", "audience", "display"] as const) if (merged[k]) params.set(k, merged[k]);
    const qs = params.toString();
    startTransition(() => router.push(qs ? `${pathname}?${qs}` : pathname));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({ q: search });
  };
  const half = { base: "calc(50% - 6px)", sm: 170 };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <form onSubmit={submit} style={{ flex: "1 1 220px" }} role="search">
        <TextInput
          placeholder={t("admin.searchPlaceholder")}
          aria-label={t("admin.searchPlaceholder")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== filters.q && apply({ q: search })}
          data-testid="announcement-search"
        />
      </form>
      <Select
        placeholder={t("admin.allStates")}
        aria-label={t("admin.filterState")}
        data={[
          { value: "1", label: t("admin.onlyEnabled") },
          { value: "0", label: t("admin.onlyDisabled") },
        ]}
        value={filters.enabled}
        onChange={(v) => apply({ enabled: v })}
        clearable
        w={half}
        data-testid="announcement-enabled-filter"
      />
      <Select
        placeholder={t("admin.allAudiences")}
        aria-label={t("admin.filterAudience")}
        data={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: t(`audience.${a}`) }))}
        value={filters.audience}
        onChange={(v) => apply({ audience: v })}
        clearable
        w={half}
        data-testid="announcement-audience-filter"
      />
      <Select
        placeholder={t("admin.allDisplays")}
        aria-label={t("admin.filterDisplay")}
        data={ANNOUNCEMENT_DISPLAYS.map((d) => ({ value: d, label: t(`display.${d}`) }))}
        value={filters.display}
        onChange={(v) => apply({ display: v })}
        clearable
        w={half}
        data-testid="announcement-display-filter"
      />
      {children}
    </Group>
  );
}
