"use client";
// Streaming services: the list (slots held / total, enabled), a create/edit modal whose credentials
// are typed into a textarea and never shown again, an explicit (audited) reveal, and delete.
import { ActionIcon, Badge, Button, Code, Group, Modal, Stack, Switch, Text, Textarea, TextInput, Tooltip } from "@mantine/core";
import { IconEye, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import {
  createStreamingServiceAction,
  deleteStreamingServiceAction,
  revealStreamingCredentialsAction,
  updateStreamingServiceAction,
} from "@/app/admin/streaming/actions";
import { useCan } from "../staff-permissions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import { CardActions, CardFact, CardHead, ListToolbar, ListView, Truncated, useNameFilter, type Column } from "../list-kit";
import { IntInput, intValue, type IntText } from "./fields";

export interface StreamingRow {
  id: string;
  name: string;
  description: string;
  slotCount: number;
  slotsHeld: number;
  enabled: boolean;
  planCount: number;
}

function ServiceForm({ service, opened, onClose }: { service: StreamingRow | null; opened: boolean; onClose: () => void }) {
  const t = useTranslations("catalog.streaming");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const blank = { name: "", description: "", credentials: "", slotCount: 1 as IntText, enabled: true };
  const [v, setV] = useState(blank);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Refill when (re)opened or opened for another service: adjusted while rendering, not in an effect.
  const openedFor = opened ? (service?.id ?? "") : null;
  const [filledFor, setFilledFor] = useState<string | null>(null);
  if (openedFor !== filledFor) {
    setFilledFor(openedFor);
    if (openedFor !== null) {
      setV(service ? { name: service.name, description: service.description, credentials: "", slotCount: service.slotCount, enabled: service.enabled } : blank);
      setFields({});
      setError(null);
    }
  }

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!v.name.trim()) f.name = tc("required");
    if (!service && !v.credentials.trim()) f.credentials = tc("required");
    if (v.slotCount === "") f.slotCount = tc("required");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    const input = { name: v.name.trim(), description: v.description.trim(), credentials: v.credentials, slotCount: intValue(v.slotCount), enabled: v.enabled };
    setBusy(true);
    setError(null);
    const r = await (service ? updateStreamingServiceAction(service.id, input) : createStreamingServiceAction(input)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    notifySuccess(service ? t("updated", { name: r.data.name }) : t("created", { name: r.data.name }));
    onClose();
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={service ? t("editTitle") : t("newTitle")} centered size="lg">
      <form ref={ref} onSubmit={submit} noValidate data-testid="streaming-form">
        <Stack gap="sm">
          <RequiredNote />
          <FormError>{error}</FormError>
          <TextInput label={t("name")} required maxLength={60} value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={fields.name} data-testid="streaming-name" data-autofocus />
          <Textarea label={t("descriptionField")} autosize minRows={2} maxRows={5} maxLength={2000} value={v.description} onChange={(e) => setV({ ...v, description: e.currentTarget.value })} error={fields.description} />
          <Textarea
            label={t("credentials")}
            description={service ? `${t("credentialsHint")} ${t("credentialsKeep")}` : t("credentialsHint")}
            required={!service}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={4000}
            autoComplete="off"
            spellCheck={false}
            value={v.credentials}
            onChange={(e) => setV({ ...v, credentials: e.currentTarget.value })}
            error={fields.credentials}
            data-testid="streaming-credentials"
          />
          <IntInput
            label={t("slotCount")}
            required
            min={0}
            max={100000}
            description={t("slotHint", { held: service?.slotsHeld ?? 0 })}
            value={v.slotCount}
            onChange={(n) => setV({ ...v, slotCount: n })}
            error={fields.slotCount}
            data-testid="streaming-slots"
          />
          <Switch label={t("enabled")} checked={v.enabled} onChange={(e) => setV({ ...v, enabled: e.currentTarget.checked })} data-testid="streaming-enabled" />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {tc("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="streaming-submit">
              {service ? tc("save") : tc("create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function StreamingManager({ rows }: { rows: StreamingRow[] }) {
  const t = useTranslations("catalog.streaming");
  const tc = useTranslations("catalog.common");
  const router = useRouter();
  const tk = useTranslations("listKit");
  const shown = useNameFilter(rows);
  const { messageOf } = useErrorText();
  const [editing, setEditing] = useState<StreamingRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<{ name: string; credentials: string } | null>(null);
  const [deleting, setDeleting] = useState<StreamingRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // Revealing credentials, creating, editing and deleting are catalog.write (issue 29).
  const mayWrite = useCan()("catalog.write");

  const reveal = async (s: StreamingRow) => {
    const r = await revealStreamingCredentialsAction(s.id).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return notifyError(messageOf(r.error));
    setRevealed({ name: s.name, credentials: r.data.credentials });
  };
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    setDeleteError(null);
    const r = await deleteStreamingServiceAction(deleting.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setDeleteError(messageOf(r.error));
    notifySuccess(t("deletedOne", { name: deleting.name }));
    setDeleting(null);
    router.refresh();
  };

  const status = (s: StreamingRow) => (
    <Badge size="sm" variant="light" color={s.enabled ? "teal" : "gray"}>
      {s.enabled ? tc("enabled") : tc("disabled")}
    </Badge>
  );
  const actions = (s: StreamingRow) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button variant="default" size="compact-xs" leftSection={<IconEye size={12} />} onClick={() => reveal(s)} data-testid={`streaming-reveal-${s.id}`}>
        {t("reveal")}
      </Button>
      <Tooltip label={tc("edit")}>
        <ActionIcon variant="subtle" onClick={() => setEditing(s)} aria-label={`${tc("edit")} ${s.name}`} data-testid={`streaming-edit-${s.id}`}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={tc("delete")}>
        <ActionIcon variant="subtle" color="red" onClick={() => { setDeleteError(null); setDeleting(s); }} aria-label={`${tc("delete")} ${s.name}`} data-testid={`streaming-delete-${s.id}`}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const slots = (s: StreamingRow) => `${s.slotsHeld} / ${s.slotCount}`;
  const columns: Column<StreamingRow>[] = [
    {
      key: "name",
      header: t("name"),
      cell: (s) => (
        <>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          {s.description ? <Truncated text={s.description} size="xs" c="dimmed" maw={320} /> : null}
        </>
      ),
    },
    { key: "slots", header: t("slots"), cell: slots },
    { key: "plans", header: t("plans"), cell: (s) => s.planCount },
    { key: "status", header: t("status"), cell: status },
    ...(mayWrite ? [{ key: "actions", header: tc("actions"), align: "right" as const, sticky: true, cell: actions }] : []),
  ];
  const card = (s: StreamingRow) => (
    <>
      <CardHead title={s.name} aside={status(s)} />
      <CardFact label={t("slots")} value={slots(s)} mt={4} />
      <CardFact label={t("plans")} value={String(s.planCount)} />
      {mayWrite ? <CardActions>{actions(s)}</CardActions> : null}
    </>
  );
  const list = <ListView rows={shown} rowKey={(s) => s.id} columns={columns} card={card} rowAttrs={() => ({ "data-testid": "streaming-row" })} empty={t("empty")} testId="streaming" minWidth={640} />;

  return (
    <Stack gap="md">
      <ListToolbar search={{ label: tk("searchByName"), placeholder: tk("searchByName"), testId: "streaming-search" }}>
        {mayWrite ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="create-streaming">
            {t("create")}
          </Button>
        ) : null}
      </ListToolbar>
      {list}
      <ServiceForm service={editing} opened={creating || editing !== null} onClose={() => { setCreating(false); setEditing(null); }} />
      <Modal opened={revealed !== null} onClose={() => setRevealed(null)} title={revealed ? t("revealTitle", { name: revealed.name }) : ""} centered>
        <Stack gap="sm">
          <Code block data-testid="streaming-revealed" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {revealed?.credentials}
          </Code>
          <Text size="xs" c="dimmed">
            {t("revealNote")}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRevealed(null)}>
              {t("hide")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        title={t("deleteTitle")}
        confirmLabel={tc("delete")}
        busy={busy}
        error={deleteError}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
        testId="streaming-delete"
      >
        {t("deleteText", { name: deleting?.name ?? "" })}
      </ConfirmModal>
    </Stack>
  );
}
