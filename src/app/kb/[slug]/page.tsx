// One help article: in the reader's language (or ?locale=), else the other one; the site's 404 for
// an unknown slug and, to a signed-out reader, for a signed-in-only article. Below the text, "Was
// this article helpful?".
import { Badge, Breadcrumbs, Container, Group, Stack, Text, Title } from "@mantine/core";
import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { MarkdownBody } from "@/components/announcements/markdown-body";
import { KbVote } from "@/components/kb/kb-vote";
import { AnchorLink } from "@/components/links";
import { oneParam, type SearchParams } from "@/app/search-params";
import { requestCtx } from "@/server/auth/session";
import { isDomainError } from "@/server/errors";
import { getKbArticle, KB_VOTER_COOKIE, kbVoteOf } from "@/server/services/kb";

type Props = { params: Promise<{ slug: string }>; searchParams: SearchParams };

/** The article once per request (the page and its title both ask); null when there is none for this reader. */
const load = cache(async (slug: string, locale: string | null) => {
  const ctx = await requestCtx();
  try {
    return { ctx, article: await getKbArticle(ctx, { slug, locale: locale === "en" || locale === "zh-CN" ? locale : undefined }) };
  } catch (err) {
    if (isDomainError(err) && err.code === "NOT_FOUND") return null;
    throw err;
  }
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const [{ slug }, sp] = await Promise.all([params, searchParams]);
  const hit = await load(slug, oneParam(sp.locale));
  return { title: hit?.article.title ?? (await getTranslations("kb"))("title") };
}

export default async function KbArticlePage({ params, searchParams }: Props) {
  const [{ slug }, sp] = await Promise.all([params, searchParams]);
  const hit = await load(slug, oneParam(sp.locale));
  if (!hit) notFound();
  const { ctx, article: a } = hit;
  const reader = ctx.locale;
  const [t, format, jar] = await Promise.all([getTranslations("kb"), getFormatter(), cookies()]);
  const myVote = await kbVoteOf(ctx, a.id, jar.get(KB_VOTER_COOKIE)?.value);
  const other = a.locales.find((l) => l !== a.locale);
  const language = (l: "en" | "zh-CN") => t(`languageName.${l}`);

  return (
    <Container size="md" px="md" py={{ base: "md", sm: "xl" }} data-testid="kb-article" data-slug={a.slug} data-locale={a.locale}>
      <Stack gap="lg">
        <Breadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: "wrap" }}>
          <AnchorLink href="/kb" size="sm" data-testid="kb-back">
            {t("title")}
          </AnchorLink>
          <AnchorLink href={`/kb?category=${a.category}`} size="sm">
            {a.categoryName[reader]}
          </AnchorLink>
        </Breadcrumbs>
        <Stack gap={6} lang={a.locale}>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: "anywhere" }} data-testid="kb-article-title">
            {a.title}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t("updated", { date: format.dateTime(a.updatedAt, { dateStyle: "medium" }) })}
            </Text>
            {a.locale !== reader ? (
              <Badge size="sm" variant="light" color="gray">
                {t("otherLanguageBadge", { language: language(a.locale) })}
              </Badge>
            ) : null}
            {!a.isPublic ? (
              <Badge size="sm" variant="light" color="blue">
                {t("signedInOnly")}
              </Badge>
            ) : null}
            {other ? (
              <AnchorLink href={`/kb/${a.slug}?locale=${other}`} size="sm" data-testid="kb-other-language">
                {t("alsoIn", { language: language(other) })}
              </AnchorLink>
            ) : null}
          </Group>
        </Stack>
        <div lang={a.locale} data-testid="kb-article-body">
          <MarkdownBody html={a.html} />
        </div>
        <KbVote articleId={a.id} initial={myVote} />
      </Stack>
    </Container>
  );
}
