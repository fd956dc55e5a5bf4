"use client";
import { Button, Group, Loader, Select, TextInput } from "@mantine/core";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { UserFormModal } from "./user-form-modal";

const ROLES = ["ADMIN", "USER"] as const;
const STATUSES = ["ACTIVE", "PENDING_EMAIL", "DISABLED", "BANNED"] as const;

export function UsersToolbar({ q, role, status }: { q: string; role: string | null; status: string | null }) {
  const t = useTranslations("adminUsers");
  const ts = useTranslations("status");
  const tr = useTranslations("role");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const [search, setSearch] = useState(q);
  const [creating, setCreating] = useState(false);

  // Any filter change starts again at page 1.
  const apply = (next: { q?: string; role?: string | null; status?: string | null }) => {
    const merged = { q: search, role, status, ...next };
    const params = new URLSearchParams();
    if (merged.q?.trim()) params.set("q", merged.q.trim());
    if (merged.role) params.set("role", merged.role);
    if (merged.status) params.set("status", merged.status);
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
          aria-label={t("search")}
          leftSection={<IconSearch size={16} />}
          rightSection={pending ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={() => search.trim() !== q && apply({ q: search })}
          data-testid="user-search"
        />
      </form>
      <Select
        placeholder={t("allRoles")}
        aria-label={t("role")}
        data={ROLES.map((r) => ({ value: r, label: tr(r) }))}
        value={role}
        onChange={(v) => apply({ role: v })}
        clearable
        w={{ base: "calc(50% - 6px)", sm: 150 }}
        data-testid="role-filter"
      />
      <Select
        placeholder={t("allStatuses")}
        aria-label={t("status")}
        data={STATUSES.map((s) => ({ value: s, label: ts(s) }))}
        value={status}
        onChange={(v) => apply({ status: v })}
        clearable
        w={{ base: "calc(50% - 6px)", sm: 170 }}
        data-testid="status-filter"
      />
      <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-user">
        {t("create")}
      </Button>
      <UserFormModal mode="create" opened={creating} onClose={() => setCreating(false)} />
    </Group>
  );
}
