"use client";
import { ActionIcon, Group, Text, TextInput, Tooltip } from "@mantine/core";
import { IconCheck, IconDeviceFloppy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { updateInboundDisplayName } from "@/app/admin/nodes/actions";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { useRowName } from "../a11y/row-name";
import { useCan } from "@/components/admin/staff-permissions";

/**
 * Inline display-name edit: Enter or the save button; empty falls back to the panel's remark. A
 * refused save is shown once, under the field (no toast beside it). `fullWidth` (phone cards) lets
 * the field take the card's width, with its label above.
 */
export function InboundNameEditor({ inbound, fullWidth = false }: { inbound: { id: string; displayName: string | null; remark: string; tag: string }; fullWidth?: boolean }) {
  const t = useTranslations("nodes.inbounds");
  const rowName = useRowName();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [saved, setSaved] = useState(inbound.displayName ?? "");
  const [value, setValue] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const dirty = value.trim() !== saved;
  // Renaming is a node write: a read-only role sees the name (issue 29).
  const mayEdit = useCan()("nodes.write");

  const save = async () => {
    if (!dirty || busy) return;
    const fd = new FormData();
    fd.set("displayName", value.trim());
    setBusy(true);
    setError(undefined);
    const r = await updateInboundDisplayName(inbound.id, fd).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    const next = r.data.displayName ?? "";
    setSaved(next);
    setValue(next);
    notifySuccess(next ? t("renamed", { name: next }) : t("renameCleared"));
    router.refresh();
  };

  if (!mayEdit) {
    return (
      <Text size="sm" data-testid="inbound-display-name">
        {saved || inbound.remark || inbound.tag}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" align={fullWidth ? "flex-end" : undefined}>
      <TextInput
        size="xs"
        w={fullWidth ? undefined : 180}
        style={fullWidth ? { flex: 1, minWidth: 0 } : undefined}
        label={fullWidth ? t("displayName") : undefined}
        maxLength={60}
        value={value}
        placeholder={inbound.remark || inbound.tag || t("displayNamePlaceholder")}
        aria-label={rowName(t("displayName"), inbound.tag || inbound.remark)}
        error={error}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            void save();
          }
          if (e.key === "Escape") setValue(saved);
        }}
        data-testid="inbound-display-name"
      />
      <Tooltip label={dirty ? t("save") : t("saved")}>
        <ActionIcon variant={dirty ? "filled" : "subtle"} color={dirty ? undefined : "gray"} onClick={save} loading={busy} disabled={!dirty} aria-label={rowName(t("save"), inbound.tag || inbound.remark)} data-testid="inbound-save">
          {dirty ? <IconDeviceFloppy size={16} /> : <IconCheck size={16} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
