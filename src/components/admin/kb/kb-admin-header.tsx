"use client";
// The admin list's toolbar with its two buttons: the categories dialog and "New article".
import { Button } from "@mantine/core";
import { IconCategory, IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ButtonLink } from "@/components/links";
import { KbCategoriesDialog, type KbCategoryView } from "./kb-categories-dialog";
import { KbToolbar } from "./kb-toolbar";

export function KbAdminHeader({ categories, reader }: { categories: KbCategoryView[]; reader: "en" | "zh-CN" }) {
  const t = useTranslations("kb.admin");
  const [open, setOpen] = useState(false);
  const named = categories.map((c) => ({ slug: c.slug, name: reader === "en" ? c.nameEn : c.nameZh }));
  return (
    <>
      <KbToolbar categories={named}>
        <Button variant="default" leftSection={<IconCategory size={16} />} onClick={() => setOpen(true)} data-testid="kb-open-categories">
          {t("categories")}
        </Button>
        <ButtonLink href="/admin/kb/new" leftSection={<IconPlus size={16} />} data-testid="kb-new-article">
          {t("newArticle")}
        </ButtonLink>
      </KbToolbar>
      <KbCategoriesDialog opened={open} onClose={() => setOpen(false)} categories={categories} />
    </>
  );
}
