"use client";
// The categories of the help center: each with its key, its name in both languages, its order and
// how many articles it holds; a form that adds one or rewords the one being edited, and deletion of
// an unused one (the server refuses one in use, saying how many articles it holds).
import { ActionIcon, Button, Group, Modal, NumberInput, SimpleGrid, Stack, Text, TextInput, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { deleteKbCategoryAction, saveKbCategoryAction } from "@/app/admin/kb/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { CardActions, CardFact, CardHead, ListView, Truncated, type Column } from "../list-kit";

export interface KbCategoryView {
  slug: string;
  nameEn: string;
  nameZh: string;
  sortOrder: number;
  articles: number;
}

const blank = { slug: "", nameEn: "", nameZh: "", sortOrder: 0 as number | string };

export function KbCategoriesDialog({ opened, onClose, categories }: { opened: boolean; onClose: () => void; categories: KbCategoryView[] }) {
  const t = useTranslations("kb.admin.categoryDialog");
  const router = useRouter();
  const phone = usePhoneLayout();
  const { messageOf, fieldMessages } = useErrorText();
  const [v, setV] = useState(blank);
  const [editing, setEditing] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof blank>(k: K) => (value: (typeof blank)[K]) => setV((x) => ({ ...x, [k]: value }));
  const reset = () => {
    setV(blank);
    setEditing(null);
    setFields({});
    setError(null);
  };

  const save = async (ev: FormEvent) => {
    ev.preventDefault();
    setBusy(true);
    setError(null);
    const r = await saveKbCategoryAction({ ...v, sortOrder: v.sortOrder === "" ? 0 : v.sortOrder }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      return setFields(fieldMessages(r.error));
    }
    notifySuccess(t("saved"));
    reset();
    router.refresh();
  };
  const remove = async (c: KbCategoryView) => {
    setBusy(true);
    setError(null);
    const r = await deleteKbCategoryAction(c.slug).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    notifySuccess(t("deleted"));
    if (editing === c.slug) reset();
    router.refresh();
  };
  const edit = (c: KbCategoryView) => {
    setV({ slug: c.slug, nameEn: c.nameEn, nameZh: c.nameZh, sortOrder: c.sortOrder });
    setEditing(c.slug);
    setFields({});
    setError(null);
  };
  const name = (c: KbCategoryView) => `${c.nameEn} / ${c.nameZh}`;
  const actions = (c: KbCategoryView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={t("edit", { name: name(c) })}>
        <ActionIcon variant="subtle" onClick={() => edit(c)} aria-label={t("edit", { name: name(c) })} data-testid="kb-category-edit">
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("delete", { name: name(c) })}>
        <ActionIcon variant="subtle" color="red" disabled={busy} onClick={() => void remove(c)} aria-label={t("delete", { name: name(c) })} data-testid="kb-category-delete">
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  const columns: Column<KbCategoryView>[] = [
    {
      key: "key",
      header: t("key"),
      cell: (c) => (
        <Stack gap={0}>
          <Text size="sm" ff="monospace">
            {c.slug}
          </Text>
          <Text size="xs" c="dimmed">
            {t("articles", { count: c.articles })}
          </Text>
        </Stack>
      ),
    },
    { key: "nameEn", header: t("nameEn"), cell: (c) => <Truncated text={c.nameEn} maw={160} /> },
    { key: "nameZh", header: t("nameZh"), cell: (c) => <Truncated text={c.nameZh} maw={160} /> },
    { key: "order", header: t("order"), align: "right", cell: (c) => c.sortOrder },
    { key: "actions", header: <VisuallyHidden>{t("title")}</VisuallyHidden>, align: "right", sticky: true, cell: actions },
  ];
  const card = (c: KbCategoryView) => (
    <>
      <CardHead title={name(c)} />
      <CardFact mt={4} label={t("key")} value={c.slug} />
      <CardFact label={t("order")} value={String(c.sortOrder)} />
      <CardFact label={t("title")} value={t("articles", { count: c.articles })} />
      <CardActions>{actions(c)}</CardActions>
    </>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={t("title")} centered size="lg" fullScreen={phone}>
      <Stack gap="md" data-testid="kb-categories-dialog">
        <Text size="sm" c="dimmed">
          {t("hint")}
        </Text>
        <ListView
          rows={categories}
          rowKey={(c) => c.slug}
          columns={columns}
          card={card}
          rowAttrs={(c) => ({ "data-testid": "kb-category-row", "data-slug": c.slug })}
          empty={t("none")}
          testId="kb-categories"
          minWidth={520}
        />
        <form onSubmit={save} noValidate data-testid="kb-category-form">
          <Stack gap="sm">
            <FormError>{error}</FormError>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t("key")} required readOnly={editing !== null} maxLength={80} value={v.slug} onChange={(e) => set("slug")(e.currentTarget.value)} error={fields.slug} autoCapitalize="off" spellCheck={false} data-testid="kb-category-key" />
              <NumberInput label={t("order")} allowDecimal={false} clampBehavior="none" value={v.sortOrder} onChange={set("sortOrder")} error={fields.sortOrder} data-testid="kb-category-order" />
              <TextInput label={t("nameEn")} required maxLength={60} value={v.nameEn} onChange={(e) => set("nameEn")(e.currentTarget.value)} error={fields.nameEn} data-testid="kb-category-name-en" />
              <TextInput label={t("nameZh")} required maxLength={60} value={v.nameZh} onChange={(e) => set("nameZh")(e.currentTarget.value)} error={fields.nameZh} data-testid="kb-category-name-zh" />
            </SimpleGrid>
            <Group justify="flex-end" gap="xs">
              {editing ? (
                <Button variant="default" onClick={reset} disabled={busy}>
                  {t("cancelEdit")}
                </Button>
              ) : (
                <Button variant="default" onClick={onClose} disabled={busy}>
                  {t("close")}
                </Button>
              )}
              <Button type="submit" loading={busy} data-testid="kb-category-save">
                {editing ? t("save") : t("add")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
