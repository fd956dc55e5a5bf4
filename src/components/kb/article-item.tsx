// One article in the help center's lists: its title (a link), a note when it is in the other
// language or for signed-in readers only, a line of its text, its category and date.
import { Badge, Group, Stack, Text } from "@mantine/core";
import { getFormatter, getTranslations } from "next-intl/server";
import { AnchorLink } from "@/components/links";
import type { KbListItem } from "@/server/services/kb";

/** The article's address: the reader's own language needs no parameter (/kb/<slug> picks it). */
export const articleHref = (item: { slug: string; locale: string }, reader: string) => (item.locale === reader ? `/kb/${item.slug}` : `/kb/${item.slug}?locale=${item.locale}`);

export async function ArticleItem({ item, reader, showCategory = true }: { item: KbListItem; reader: "en" | "zh-CN"; showCategory?: boolean }) {
  const [t, format] = await Promise.all([getTranslations("kb"), getFormatter()]);
  const facts = [showCategory ? item.categoryName[reader] : null, t("updated", { date: format.dateTime(item.updatedAt, { dateStyle: "medium" }) })].filter(Boolean).join(" · ");
  return (
    <Stack gap={4} data-testid="kb-item" data-slug={item.slug} data-locale={item.locale}>
      <Group gap="xs" wrap="wrap" align="center">
        <AnchorLink href={articleHref(item, reader)} fw={600} style={{ overflowWrap: "anywhere" }} data-testid="kb-item-link">
          {item.title}
        </AnchorLink>
        {item.locale !== reader ? (
          <Badge size="sm" variant="light" color="gray" lang={item.locale}>
            {t("otherLanguageBadge", { language: t(`languageName.${item.locale}`) })}
          </Badge>
        ) : null}
        {!item.isPublic ? (
          <Badge size="sm" variant="light" color="blue">
            {t("signedInOnly")}
          </Badge>
        ) : null}
      </Group>
      {item.excerpt ? (
        <Text size="sm" c="dimmed" lang={item.locale} lineClamp={2} style={{ overflowWrap: "anywhere" }}>
          {item.excerpt}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {facts}
      </Text>
    </Stack>
  );
}
