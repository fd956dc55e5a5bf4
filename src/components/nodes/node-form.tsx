"use client";
// Create and edit a node. Both actions save, then log in to the panel and sync its inbounds, so
// the form shows the connection result instead of closing straight away. That result is the one
// message of the action (no "saved" toast beside it): a save whose panel failed is a warning that
// says the node was saved, not a success on top of an error (see sync-result.tsx).
import { Badge, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { createNode, updateNode } from "@/app/admin/nodes/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { SyncResultAlert, type SyncOutcome } from "./sync-result";
import { PasswordField } from "@/components/forms/password-field";

export interface EditableNode {
  id: string;
  name: string;
  panelUrl: string;
  panelUsername: string;
  hasApiToken: boolean;
  panelTlsInsecure: boolean;
  publicHost: string | null;
}

interface Props {
  mode: "create" | "edit";
  node?: EditableNode;
  /** Called after a successful save with the saved node and the sync result. */
  onSaved?: (node: SavedNode, sync: SyncOutcome) => void;
  /** Extra buttons next to submit (e.g. Cancel in a modal). */
  extraActions?: ReactNode;
}

export interface SavedNode { id: string; name: string; visibility: string }

const blank = { name: "", panelUrl: "", panelUsername: "", panelPassword: "", panelApiToken: "", publicHost: "" };

export function NodeForm({ mode, node, onSaved, extraActions }: Props) {
  const t = useTranslations("nodes.form");
  const router = useRouter();
  const { messageOf, fieldMessages: fieldTexts } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const [v, setV] = useState(node ? { ...blank, name: node.name, panelUrl: node.panelUrl, panelUsername: node.panelUsername, publicHost: node.publicHost ?? "" } : blank);
  const [clearToken, setClearToken] = useState(false);
  const [tlsInsecure, setTlsInsecure] = useState(node?.panelTlsInsecure ?? false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sync, setSync] = useState<{ node: SavedNode; result: SyncOutcome } | null>(null);

  const set = (k: keyof typeof blank) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((x) => ({ ...x, [k]: value }));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!v.name.trim()) f.name = t("required");
    if (!/^https?:\/\/\S+$/i.test(v.panelUrl.trim())) f.panelUrl = t("urlInvalid");
    if (!v.panelUsername.trim()) f.panelUsername = t("required");
    if (mode === "create" && !v.panelPassword) f.panelPassword = t("required");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    const fd = new FormData();
    fd.set("name", v.name.trim());
    fd.set("panelUrl", v.panelUrl.trim());
    fd.set("panelUsername", v.panelUsername.trim());
    fd.set("publicHost", v.publicHost.trim());
    if (v.panelPassword) fd.set("panelPassword", v.panelPassword);
    if (!clearToken && v.panelApiToken.trim()) fd.set("panelApiToken", v.panelApiToken.trim());
    if (mode === "edit" && clearToken) fd.set("clearApiToken", "on");
    // Always sent (unlike a native checkbox) so unticking it on edit really turns it off.
    fd.set("panelTlsInsecure", tlsInsecure ? "true" : "false");
    setBusy(true);
    setError(null);
    setSync(null);
    const r = await (mode === "create" ? createNode(fd) : updateNode(node!.id, fd)).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldTexts(r.error));
      return focusInvalid();
    }
    setSync({ node: r.data.node, result: r.data.sync });
    setV((x) => ({ ...x, panelPassword: "", panelApiToken: "" }));
    setClearToken(false);
    onSaved?.(r.data.node, r.data.sync);
    router.refresh();
  };

  const p = mode === "create" ? "create" : "edit";
  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid={`node-form-${p}`}>
      <Stack gap="sm">
        <RequiredNote />
        <FormError>{error}</FormError>
        <TextInput label={t("name")} required maxLength={60} value={v.name} onChange={set("name")} error={fields.name} data-testid="node-name" data-autofocus />
        <TextInput
          label={t("panelUrl")}
          description={t("panelUrlHint")}
          placeholder="https://203.0.113.10:2053/basepath/"
          required
          type="url"
          value={v.panelUrl}
          onChange={set("panelUrl")}
          error={fields.panelUrl}
          data-testid="node-panel-url"
        />
        <TextInput
          label={t("publicHost")}
          description={t("publicHostHint")}
          placeholder="node1.example.com"
          maxLength={253}
          value={v.publicHost}
          onChange={set("publicHost")}
          error={fields.publicHost}
          data-testid="node-public-host"
        />
        <TextInput label={t("username")} required autoComplete="off" value={v.panelUsername} onChange={set("panelUsername")} error={fields.panelUsername} data-testid="node-username" />
        <PasswordField
          label={t("password")}
          required={mode === "create"}
          placeholder={mode === "edit" ? t("passwordUnchanged") : undefined}
          description={mode === "edit" ? t("passwordKeepHint") : undefined}
          autoComplete="new-password"
          value={v.panelPassword}
          onChange={set("panelPassword")}
          error={fields.panelPassword}
          data-testid="node-password"
        />
        <Stack gap={6}>
          <PasswordField
            label={
              <Group gap={6} component="span" wrap="nowrap">
                <span>{t("apiToken")}</span>
                {mode === "edit" ? (
                  <Badge size="xs" variant="light" color={node?.hasApiToken ? "teal" : "gray"} component="span" data-testid="node-api-token-state">
                    {node?.hasApiToken ? t("apiTokenSet") : t("apiTokenNotSet")}
                  </Badge>
                ) : null}
              </Group>
            }
            description={t("apiTokenHint")}
            placeholder={mode === "edit" && node?.hasApiToken ? t("passwordUnchanged") : t("optional")}
            autoComplete="new-password"
            value={v.panelApiToken}
            onChange={set("panelApiToken")}
            disabled={clearToken}
            error={fields.panelApiToken}
            data-testid="node-api-token"
          />
          {mode === "edit" && node?.hasApiToken ? (
            <Checkbox size="xs" label={t("clearApiToken")} checked={clearToken} onChange={(e) => setClearToken(e.currentTarget.checked)} data-testid="node-clear-api-token" />
          ) : null}
        </Stack>
        <Checkbox
          label={t("tlsInsecure")}
          description={t("tlsInsecureHint")}
          checked={tlsInsecure}
          onChange={(e) => setTlsInsecure(e.currentTarget.checked)}
          color="orange"
          data-testid="node-tls-insecure"
        />
        {busy ? (
          <Text size="xs" c="dimmed" data-testid="node-testing">
            {t("testing")}
          </Text>
        ) : null}
        {sync && mode === "edit" ? (
          <SyncResultAlert result={sync.result} okTitle={t("updated", { name: sync.node.name })} failedTitle={t("savedFailedTitle")} hiddenUntilSync={sync.node.visibility === "PENDING"} />
        ) : null}
        <Group justify="flex-end" mt="xs" gap="xs">
          {extraActions}
          <Button type="submit" loading={busy} leftSection={<IconPlugConnected size={16} />} data-testid="node-submit">
            {mode === "create" ? t("createSubmit") : t("save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
