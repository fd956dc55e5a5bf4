"use client";
// Write or edit one article, with a live preview from the same renderer the help center uses
// (markdown-it runs in the browser too), so what the admin sees is what readers get. The same
// address in the other language is the article's translation: a link writes or edits it.
import { Autocomplete, Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { IconArrowLeft, IconExternalLink, IconLanguage } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { createKbArticleAction, updateKbArticleAction } from "@/app/admin/kb/actions";
import { MarkdownPreview } from "@/components/announcements/markdown-preview";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { AnchorLink, ButtonLink } from "@/components/links";
import { MAX_SLUG_CHARS, MAX_TITLE_CHARS, type KbLocale } from "@/server/db/schema/kb-kinds";
import { MAX_BODY_CHARS } from "@/server/services/announcements/markdown";
import { useKbWords } from "./kb-words";

export interface KbEditorArticle {
  id: string;
  slug: string;
  locale: KbLocale;
  title: string;
  category: string;
  bodyMarkdown: string;
  isPublic: boolean;
  sortOrder: number;
  votes: { helpful: number; notHelpful: number };
  /** The same slug in the other language, when written. */
  otherLocaleId: string | null;
}

interface Props {
  article: KbEditorArticle | null;
  /** A new article's starting values (a translation starts from the original's slug and category). */
  start: { slug: string; locale: KbLocale; category: string };
  categories: { slug: string; name: string }[];
}

export function KbArticleEditor({ article, start, categories }: Props) {
  const t = useTranslations("kb.admin.form");
  const words = useKbWords();
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [v, setV] = useState({
    title: article?.title ?? "",
    slug: article?.slug ?? start.slug,
    locale: article?.locale ?? start.locale,
    category: article?.category ?? start.category,
    bodyMarkdown: article?.bodyMarkdown ?? "",
    isPublic: article?.isPublic ?? true,
    sortOrder: (article?.sortOrder ?? 0) as number | string,
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV((x) => ({ ...x, [k]: value }));
  const names = useMemo(() => new Map(categories.map((c) => [c.slug, c.name])), [categories]);
  const other: KbLocale = v.locale === "en" ? "zh-CN" : "en";

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const missing = Object.fromEntries((["title", "slug", "category"] as const).filter((k) => !v[k].trim()).map((k) => [k, t("required")]));
    if (Object.keys(missing).length) {
      setFields(missing);
      return focusInvalid();
    }
    const { isPublic, ...rest } = v;
    const input = { ...rest, public: isPublic, sortOrder: v.sortOrder === "" ? 0 : v.sortOrder };
    setBusy(true);
    setError(null);
    const r = await (article ? updateKbArticleAction(article.id, input) : createKbArticleAction(input)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    setFields({});
    notifySuccess(article ? t("saved") : t("created"));
    if (article) router.refresh();
    else router.replace(`/admin/kb/${r.data.id}`);
  };

  const translationHref = article?.otherLocaleId ? `/admin/kb/${article.otherLocaleId}` : `/admin/kb/new?${new URLSearchParams({ slug: v.slug, locale: other, category: v.category })}`;
  return (
    <form ref={ref} onSubmit={submit} noValidate data-testid="kb-editor">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <AnchorLink href="/admin/kb" size="sm" data-testid="kb-editor-back">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              {t("back")}
            </Group>
          </AnchorLink>
          {article ? (
            <Group gap="xs" wrap="wrap">
              <ButtonLink href={translationHref} variant="default" size="xs" leftSection={<IconLanguage size={14} />} data-testid="kb-editor-translation">
                {article.otherLocaleId ? t("translation", { language: words.language(other) }) : t("addTranslation", { language: words.language(other) })}
              </ButtonLink>
              <ButtonLink href={`/kb/${article.slug}?locale=${article.locale}`} variant="default" size="xs" leftSection={<IconExternalLink size={14} />} data-testid="kb-editor-open">
                {t("open")}
              </ButtonLink>
            </Group>
          ) : null}
        </Group>
        {article ? (
          <Text size="sm" c="dimmed" data-testid="kb-editor-votes">
            {article.votes.helpful + article.votes.notHelpful > 0 ? t("votes", article.votes) : t("noVotes")}
          </Text>
        ) : null}
        <RequiredNote />
        <FormError>{error}</FormError>
        <TextInput label={t("title")} required maxLength={MAX_TITLE_CHARS} value={v.title} onChange={(e) => set("title")(e.currentTarget.value)} error={fields.title} data-testid="kb-editor-title" data-autofocus />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t("slug")}
            description={t("slugHint")}
            required
            maxLength={MAX_SLUG_CHARS}
            value={v.slug}
            onChange={(e) => set("slug")(e.currentTarget.value)}
            error={fields.slug}
            autoCapitalize="off"
            spellCheck={false}
            inputWrapperOrder={["label", "input", "description", "error"]}
            data-testid="kb-editor-slug"
          />
          <Select label={t("language")} data={words.languages} value={v.locale} onChange={(l) => l && set("locale")(l as KbLocale)} allowDeselect={false} error={fields.locale} data-testid="kb-editor-locale" />
          <Autocomplete
            label={t("category")}
            description={t("categoryHint")}
            required
            maxLength={MAX_SLUG_CHARS}
            data={categories.map((c) => c.slug)}
            renderOption={({ option }) => (
              <Text size="sm">
                {option.value}
                {names.get(option.value) && names.get(option.value) !== option.value ? ` · ${names.get(option.value)}` : ""}
              </Text>
            )}
            value={v.category}
            onChange={set("category")}
            error={fields.category}
            autoCapitalize="off"
            spellCheck={false}
            inputWrapperOrder={["label", "input", "description", "error"]}
            data-testid="kb-editor-category"
          />
          <NumberInput label={t("sortOrder")} description={t("sortOrderHint")} allowDecimal={false} clampBehavior="none" value={v.sortOrder} onChange={set("sortOrder")} error={fields.sortOrder} inputWrapperOrder={["label", "input", "description", "error"]} data-testid="kb-editor-order" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <Textarea
            label={t("body")}
            description={t("bodyHint")}
            autosize
            minRows={12}
            maxRows={30}
            maxLength={MAX_BODY_CHARS}
            value={v.bodyMarkdown}
            onChange={(e) => set("bodyMarkdown")(e.currentTarget.value)}
            error={fields.bodyMarkdown}
            inputWrapperOrder={["label", "description", "input", "error"]}
            lang={v.locale}
            data-testid="kb-editor-body"
          />
          <MarkdownPreview
            title={v.title}
            body={v.bodyMarkdown}
            words={{ label: t("preview"), empty: t("previewEmpty"), count: (count, max) => t("bodyCount", { count, max }) }}
            testId="kb-editor-preview"
            lang={v.locale}
            large
          />
        </SimpleGrid>
        <Switch label={t("public")} description={t("publicHint")} checked={v.isPublic} onChange={(e) => set("isPublic")(e.currentTarget.checked)} data-testid="kb-editor-public" />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="kb-editor-submit">
            {article ? t("save") : t("create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
