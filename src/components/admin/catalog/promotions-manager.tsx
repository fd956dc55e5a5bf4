"use client";
// Promotions: "spend X, save Y", with an optional window; list, create/edit modal, delete.
import { ActionIcon, Badge, Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createPromotionAction, deletePromotionAction, updatePromotionAction } from "@/app/admin/promotions/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { CardActions, CardFact, CardHead, ListToolbar, ListView, Truncated, useNameFilter, type Column } from "../list-kit";
import { useMoney } from "@/components/format/use-money";
import { useWindowText } from "./coupon-view";
import { fromLocalInput, localInputValue, moneyText, moneyValue, MoneyInput } from "./fields";
import { useCan } from "../staff-permissions";

export interface PromotionView {
  id: string;
  name: string;
  thresholdMinor: number;
  discountMinor: number;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
}

function PromotionForm({ promotion, opened, onClose, currency }: { promotion: PromotionView | null; opened: boolean; onClose: () => void; currency: string }) {
  const t = useTranslations("catalog.promotions");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const blank = { name: "", threshold: "", discount: "", startsAt: "", endsAt: "", enabled: true };
  const [v, setV] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const openedFor = opened ? (promotion?.id ?? "") : null;
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (openedFor !== filledFor) {
    setFilledFor(openedFor);
    if (openedFor !== null) {
      setV(
        promotion
          ? { name: promotion.name, threshold: moneyText(promotion.thresholdMinor), discount: moneyText(promotion.discountMinor), startsAt: localInputValue(promotion.startsAt), endsAt: localInputValue(promotion.endsAt), enabled: promotion.enabled }
          : blank,
      );
      setFields({});
      setError(null);
    }
  }
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV((x) => ({ ...x, [k]: value }));

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    const threshold = moneyValue(v.threshold);
    const discount = moneyValue(v.discount);
    if (!v.name.trim()) f.name = tc("required");
    if (threshold === null) f.thresholdMinor = tc("moneyInvalid");
    if (discount === null) f.discountMinor = tc("moneyInvalid");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    const input = { name: v.name.trim(), thresholdMinor: threshold, discountMinor: discount, startsAt: fromLocalInput(v.startsAt), endsAt: fromLocalInput(v.endsAt), enabled: v.enabled };
    setBusy(true);
    setError(null);
    const r = await (promotion ? updatePromotionAction(promotion.id, input) : createPromotionAction(input)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    notifySuccess(promotion ? t("updated", { name: r.data.name }) : t("created", { name: r.data.name }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={promotion ? t("editTitle") : t("newTitle")} centered size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid="promotion-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput label={t("name")} required maxLength={80} value={v.name} onChange={(e) => set("name")(e.currentTarget.value)} error={fields.name} data-testid="promotion-name" data-autofocus />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <MoneyInput currency={currency} label={t("threshold")} required value={v.threshold} onChange={set("threshold")} error={fields.thresholdMinor} data-testid="promotion-threshold" />
            <MoneyInput currency={currency} label={t("discount")} required value={v.discount} onChange={set("discount")} error={fields.discountMinor} data-testid="promotion-discount" />
            <TextInput type="datetime-local" label={t("startsAt")} value={v.startsAt} onChange={(e) => set("startsAt")(e.currentTarget.value)} error={fields.startsAt} data-testid="promotion-starts" />
            <TextInput type="datetime-local" label={t("endsAt")} value={v.endsAt} onChange={(e) => set("endsAt")(e.currentTarget.value)} error={fields.endsAt} data-testid="promotion-ends" />
          </SimpleGrid>
          <Switch label={t("enabled")} checked={v.enabled} onChange={(e) => set("enabled")(e.currentTarget.checked)} data-testid="promotion-enabled" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {tc("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="promotion-submit">
              {promotion ? tc("save") : tc("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PromotionsManager({ rows, currency }: { rows: PromotionView[]; currency: string }) {
  const t = useTranslations("catalog.promotions");
  const toMoney = useMoney();
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const tk = useTranslations("listKit");
  const shown = useNameFilter(rows);
  const windowText = useWindowText();
  const { messageOf } = useErrorText();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PromotionView | null>(null);
  const [deleting, setDeleting] = useState<PromotionView | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Creating, editing and deleting are coupons.write (issue 29); coupons.read lists them.
  const mayWrite = useCan()("coupons.write");
  const money = (m: number) => toMoney(m, currency);
  const rule = (p: PromotionView) => t("ruleText", { threshold: money(p.thresholdMinor), discount: money(p.discountMinor) });
  const status = (p: PromotionView) => (
    <Badge size="sm" variant="light" color={p.enabled ? "teal" : "gray"}>
      {p.enabled ? tc("enabled") : tc("disabled")}
    </Badge>
  );
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    const r = await deletePromotionAction(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setDeleteError(messageOf(r.error));
    notifySuccess(t("deletedOne", { name: deleting.name }));
    setDeleting(null);
    router.refresh();
  };
  const actions = (p: PromotionView) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label={tc("edit")}>
        <ActionIcon variant="subtle" onClick={() => setEditing(p)} aria-label={`${tc("edit")} ${p.name}`} data-testid={`promotion-edit-${p.id}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={tc("delete")}>
        <ActionIcon variant="subtle" color="red" onClick={() => { setDeleteError(null); setDeleting(p); }} aria-label={`${tc("delete")} ${p.name}`} data-testid={`promotion-delete-${p.id}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const columns: Column<PromotionView>[] = [
    { key: "name", header: t("name"), cell: (p) => <Truncated text={p.name} fw={500} maw={260} /> },
    { key: "rule", header: t("rule"), cell: rule },
    { key: "window", header: t("window"), cell: (p) => <Text size="xs">{windowText(p)}</Text> },
    { key: "status", header: t("status"), cell: status },
    ...(mayWrite ? [{ key: "actions", header: tc("actions"), align: "right" as const, sticky: true, cell: actions }] : []),
  ];
  const card = (p: PromotionView) => (
    <>
      <CardHead title={p.name} aside={status(p)} />
      <Text size="sm" mt={4}>
        {rule(p)}
      </Text>
      <CardFact label={t("window")} value={windowText(p)} />
      {mayWrite ? <CardActions>{actions(p)}</CardActions> : null}
    </>
  );
  const list = <ListView rows={shown} rowKey={(p) => p.id} columns={columns} card={card} rowAttrs={() => ({ "data-testid": "promotion-row" })} empty={t("empty")} testId="promotions" minWidth={720} />;

  return (
    <Stack gap="md">
      <ListToolbar search={{ label: tk("searchByName"), placeholder: tk("searchByName"), testId: "promotion-search" }}>
        {mayWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-promotion">
            {t("create")}
          </Button>
        ) : null}
      </ListToolbar>
      {list}
      <PromotionForm promotion={editing} opened={creating || editing !== null} onClose={() => { setCreating(false); setEditing(null); }} currency={currency} />
      <ConfirmModal opened={deleting !== null} title={t("deleteTitle")} confirmLabel={tc("delete")} busy={busy} error={deleteError} onConfirm={remove} onClose={() => setDeleting(null)} testId="promotion-delete">
        {t("deleteText", { name: deleting?.name ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
