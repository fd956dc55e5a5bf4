"use client";
// The help center's search: a GET form to /kb (next/form navigates on the client, and it still
// works before the page's script has loaded). The category being browsed is kept.
import { Button, Group, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import Form from "next/form";
import { useTranslations } from "next-intl";

export function KbSearchForm({ q, category }: { q: string; category?: string }) {
  const t = useTranslations("kb");
  return (
    <Form action="/kb" role="search" data-testid="kb-search-form">
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          name="q"
          type="search"
          defaultValue={q}
          aria-label={t("searchLabel")}
          placeholder={t("searchPlaceholder")}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="kb-search"
        />
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <Button type="submit" data-testid="kb-search-submit">
          {t("searchButton")}
        </Button>
      </Group>
    </Form>
  );
}
