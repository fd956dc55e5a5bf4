// The help center: the search box, the categories, and either every article by category (the front
// page) or the results of a search or one category, a page at a time. Articles come in the reader's
// language, or in the other one when written only there (marked so). Signed-in-only articles are
// listed to signed-in readers only.
import { Card, Container, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { IconBook2, IconSearchOff } from "@tabler/icons-react";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AnchorLink, ButtonLink } from "@/components/links";
import { ArticleItem } from "@/components/kb/article-item";
import { KbSearchForm } from "@/components/kb/kb-search-form";
import { EmptyState } from "@/components/shell/empty-state";
import { UrlPagination } from "@/components/admin/users/url-pagination";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx } from "@/server/auth/session";
import { KB_SLUG, listKbArticles, listKbCategories, MAX_QUERY_CHARS, type KbCategoryRow, type KbListItem } from "@/server/services/kb";

const PAGE_SIZE = 20;
/** The front page shows this many articles per category, then a link to the category. */
const PER_CATEGORY = 6;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("kb"))("title") };
}

export default async function KbPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const q = (oneParam(sp.q) ?? "").trim().slice(0, MAX_QUERY_CHARS);
  const asked = (oneParam(sp.category) ?? "").trim().toLowerCase();
  const page = Math.min(Math.max(1, Math.floor(Number(oneParam(sp.page))) || 1), 10_000);
  const ctx = await requestCtx();
  const reader = ctx.locale;
  const [t, categories] = await Promise.all([getTranslations("kb"), listKbCategories(ctx)]);
  // An address naming no category the reader can see is the front page, not an error.
  const category = KB_SLUG.test(asked) ? categories.find((c) => c.slug === asked) : undefined;
  const searching = Boolean(q || category);
  const list = await listKbArticles(ctx, searching ? { q, category: category?.slug, page, limit: PAGE_SIZE } : { limit: 100 });
  const pages = Math.max(1, Math.ceil(list.total / list.limit));

  return (
    <Container size="md" px="md" py={{ base: "md", sm: "xl" }} data-testid="kb-page" data-locale={reader}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t("title")}
          </Title>
          <Text c="dimmed">{t("intro")}</Text>
        </div>
        <KbSearchForm q={q} category={category?.slug} />
        {categories.length ? <CategoryLinks categories={categories} current={category?.slug} reader={reader} label={t("categoriesLabel")} all={t("allCategories")} /> : null}
        {searching ? (
          <Stack gap="md" data-testid="kb-results" data-total={list.total}>
            {list.total || !q ? (
              <Title order={2} size="h4" data-testid="kb-results-heading">
                {q ? t("results", { count: list.total, q }) : category!.name[reader]}
              </Title>
            ) : null}
            {list.items.length ? (
              <Card withBorder padding="md" radius="md">
                <Stack gap="md">
                  {list.items.map((item, i) => (
                    <Stack key={item.slug} gap="md">
                      {i > 0 ? <Divider /> : null}
                      <ArticleItem item={item} reader={reader} showCategory={!category} />
                    </Stack>
                  ))}
                </Stack>
              </Card>
            ) : (
              <EmptyState icon={<IconSearchOff size={24} />} title={q ? t("noMatch", { q }) : t("empty")} hint={t("noResults")} testId="kb-no-results">
                <ButtonLink href="/kb" variant="default" size="xs">
                  {t("showAll")}
                </ButtonLink>
              </EmptyState>
            )}
            {pages > 1 ? (
              <Group justify="center" aria-label={t("pagerLabel")} role="navigation">
                <UrlPagination total={pages} page={Math.min(page, pages)} />
              </Group>
            ) : null}
          </Stack>
        ) : list.items.length ? (
          <FrontPage items={list.items} categories={categories} reader={reader} />
        ) : (
          <EmptyState icon={<IconBook2 size={24} />} title={t("empty")} hint={t("emptyHint")} testId="kb-empty" />
        )}
      </Stack>
    </Container>
  );
}

function CategoryLinks({ categories, current, reader, label, all }: { categories: KbCategoryRow[]; current?: string; reader: "en" | "zh-CN"; label: string; all: string }) {
  return (
    <Group gap="xs" wrap="wrap" component="nav" aria-label={label} data-testid="kb-categories">
      <ButtonLink href="/kb" size="compact-sm" variant={current ? "default" : "light"} aria-current={current ? undefined : "page"}>
        {all}
      </ButtonLink>
      {categories.map((c) => (
        <ButtonLink key={c.slug} href={`/kb?category=${c.slug}`} size="compact-sm" variant={current === c.slug ? "light" : "default"} aria-current={current === c.slug ? "page" : undefined} data-testid="kb-category-link" data-category={c.slug}>
          {c.name[reader]}
        </ButtonLink>
      ))}
    </Group>
  );
}

async function FrontPage({ items, categories, reader }: { items: KbListItem[]; categories: KbCategoryRow[]; reader: "en" | "zh-CN" }) {
  const t = await getTranslations("kb");
  return (
    <Stack gap="lg" data-testid="kb-front">
      {categories.map((c) => {
        // The front page reads the first 100 articles: a category past them still shows, with its link.
        const inIt = items.filter((i) => i.category === c.slug);
        return (
          <Card key={c.slug} withBorder padding="md" radius="md" component="section" aria-labelledby={`kb-cat-${c.slug}`} data-testid="kb-front-category" data-category={c.slug}>
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={2} size="h4" id={`kb-cat-${c.slug}`}>
                  {c.name[reader]}
                </Title>
                <Text size="sm" c="dimmed">
                  {t("inCategory", { count: c.articles })}
                </Text>
              </Group>
              {inIt.slice(0, PER_CATEGORY).map((item) => (
                <ArticleItem key={item.slug} item={item} reader={reader} showCategory={false} />
              ))}
              {c.articles > Math.min(inIt.length, PER_CATEGORY) ? (
                <AnchorLink href={`/kb?category=${c.slug}`} size="sm">
                  {t("moreInCategory", { category: c.name[reader] })}
                </AnchorLink>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}

