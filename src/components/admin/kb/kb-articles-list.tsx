"use client";
// The admin article list on the list kit: a table on wide screens, a card per article on a phone.
// Each row: title and address, language, category, who may read it, the readers' votes, when it
// changed, and its actions (open, edit, delete after one more question).
import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconBook2, IconExternalLink, IconPencil, IconTrash } from "@tabler/icons-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteKbArticleAction } from "@/app/admin/kb/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { formatDateTime } from "@/i18n/format";
import type { KbLocale } from "@/server/db/schema/kb-kinds";
import { CardActions, CardFact, CardHead, FilteredEmpty, ListView, Truncated, type Column } from "../list-kit";
import { useKbWords } from "./kb-words";

export interface KbRowView {
  id: string;
  slug: string;
  locale: KbLocale;
  title: string;
  category: string;
  categoryName: string;
  isPublic: boolean;
  sortOrder: number;
  updatedAt: string;
  votes: { helpful: number; notHelpful: number };
}

export function KbArticlesList({ rows, filtered }: { rows: KbRowView[]; filtered: boolean }) {
  const t = useTranslations("kb.admin");
  const locale = useLocale();
  const router = useRouter();
  const words = useKbWords();
  const { messageOf } = useErrorText();
  const [deleting, setDeleting] = useState<KbRowView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setError(null);
    const r = await deleteKbArticleAction(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted"));
    setDeleting(null);
    router.refresh();
  };

  const readers = (a: KbRowView) => (
    <Badge variant="light" color={a.isPublic ? "teal" : "blue"} style={{ flexShrink: 0 }} data-testid="kb-row-readers">
      {a.isPublic ? t("readersPublic") : t("readersSignedIn")}
    </Badge>
  );
  const votes = (a: KbRowView) => t("votes", a.votes);
  const when = (a: KbRowView) => formatDateTime(new Date(a.updatedAt), locale);
  const publicHref = (a: KbRowView) => `/kb/${a.slug}?locale=${a.locale}`;
  // Both language versions may share a title: the row's controls name the language too.
  const named = (a: KbRowView) => `${a.title} (${words.language(a.locale)})`;
  const actions = (a: KbRowView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t("view")}>
        <ActionIcon component={Link} href={publicHref(a)} variant="subtle" aria-label={`${t("view")}: ${named(a)}`} data-testid="kb-row-view">
          <IconExternalLink size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("edit")}>
        <ActionIcon component={Link} href={`/admin/kb/${a.id}`} variant="subtle" aria-label={`${t("edit")}: ${named(a)}`} data-testid="kb-row-edit">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("delete")}>
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => {
            setError(null);
            setDeleting(a);
          }}
          aria-label={`${t("delete")}: ${named(a)}`}
          data-testid="kb-row-delete"
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const columns: Column<KbRowView>[] = [
    {
      key: "title",
      header: t("columnTitle"),
      cell: (a) => (
        <Stack gap={0}>
          <Truncated text={a.title} fw={600} maw={340} />
          <Text size="xs" c="dimmed" ff="monospace">
            /kb/{a.slug}
          </Text>
        </Stack>
      ),
    },
    { key: "locale", header: t("columnLanguage"), cell: (a) => <Text size="sm">{words.language(a.locale)}</Text> },
    { key: "category", header: t("columnCategory"), cell: (a) => <Truncated text={a.categoryName} size="sm" maw={180} /> },
    { key: "readers", header: t("columnReaders"), cell: readers },
    { key: "votes", header: t("columnVotes"), cell: (a) => <Text size="sm" data-testid="kb-row-votes">{votes(a)}</Text> },
    { key: "updated", header: t("columnUpdated"), cell: (a) => <Text size="sm">{when(a)}</Text> },
    { key: "actions", header: t("columnActions"), align: "right", sticky: true, cell: actions },
  ];
  const card = (a: KbRowView) => (
    <>
      <CardHead title={a.title} aside={readers(a)} />
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
        /kb/{a.slug}
      </Text>
      <CardFact mt={4} label={t("columnLanguage")} value={words.language(a.locale)} />
      <CardFact label={t("columnCategory")} value={a.categoryName} />
      <CardFact label={t("columnVotes")} value={votes(a)} />
      <CardFact label={t("columnUpdated")} value={when(a)} />
      <CardActions>{actions(a)}</CardActions>
    </>
  );

  return (
    <>
      <ListView
        rows={rows}
        rowKey={(a) => a.id}
        columns={columns}
        card={card}
        rowAttrs={(a) => ({ "data-testid": "kb-row", "data-id": a.id, "data-slug": a.slug, "data-locale": a.locale })}
        empty={
          <FilteredEmpty
            filtered={filtered}
            icon={<IconBook2 size={24} />}
            texts={{ empty: t("noMatch"), emptyHint: t("noMatchHint"), none: t("empty"), noneHint: t("emptyHint"), clear: t("clearFilters") }}
            clearHref="/admin/kb"
            testId="kb-admin-empty"
          />
        }
        testId="kb-admin"
        minWidth={960}
      />
      <ConfirmModal opened={deleting !== null} title={t("deleteTitle")} confirmLabel={t("delete")} cancelLabel={t("keep")} busy={busy} error={error} onConfirm={remove} onClose={() => setDeleting(null)} testId="kb-delete-modal">
        {t("deleteText", { title: deleting?.title ?? "", language: deleting ? words.language(deleting.locale) : "" })}
      </ConfirmModal>
    </>
  );
}
