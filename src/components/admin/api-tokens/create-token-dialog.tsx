"use client";
// New API token: name, scopes (each with what it allows), optional expiry. On success the same dialog
// shows the token once; closing it forgets the token (it is nowhere else in the page).
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createApiTokenAction } from "@/app/admin/api-tokens/actions";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { RequiredNote } from "@/components/forms/required-note";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { API_SCOPES, scopeKey, type ApiScope } from "@/server/services/api-tokens/scopes";
import { TokenOnce } from "./token-once";

/** The browser's local date-time (datetime-local) as an ISO instant; empty stays empty. */
const isoOfLocal = (v: string): string | null => (v ? new Date(v).toISOString() : null);

export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useTranslations("adminApiTokens");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expires, setExpires] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [token, setToken] = useState<string | null>(null);

  // Each opening starts blank (adjusted while rendering, not in an effect).
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setName("");
      setScopes([]);
      setExpires("");
      setFields({});
      setError(null);
      setToken(null);
    }
  }

  const close = () => {
    setToken(null);
    onClose();
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (!name.trim()) f.name = t("required");
    if (scopes.length === 0) f.scopes = t("scopesRequired");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    setError(null);
    const r = await createApiTokenAction({ name: name.trim(), scopes, expiresAt: isoOfLocal(expires) }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    setToken(r.data.token);
    notifySuccess(t("created", { name: name.trim() }));
    router.refresh();
  };

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : close} title={token ? t("createdTitle") : t("createTitle")} centered size="lg" closeOnClickOutside={!token} closeOnEscape={!token}>
      {token ? (
        <Stack gap="md">
          <TokenOnce token={token} />
          <Group justify="flex-end">
            <Button onClick={close} data-testid="api-token-done">
              {t("copiedDone")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form ref={ref} onSubmit={submit} noValidate data-testid="api-token-form">
          <Stack gap="sm">
            <RequiredNote />
            <FormError>{error}</FormError>
            <TextInput label={t("name")} description={t("nameHint")} required maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fields.name} data-testid="api-token-name" data-autofocus />
            <Checkbox.Group label={t("scopesLabel")} description={t("scopesHint")} required value={scopes} onChange={(v) => setScopes(API_SCOPES.filter((s) => v.includes(s)))} error={fields.scopes}>
              <Stack gap="xs" mt="xs">
                {API_SCOPES.map((s) => (
                  <Checkbox
                    key={s}
                    value={s}
                    aria-invalid={fields.scopes ? true : undefined}
                    label={
                      <Text size="sm" ff="monospace" fw={600} component="span">
                        {s}
                      </Text>
                    }
                    description={t(`scopes.${scopeKey(s)}` as "scopes.read_users")}
                    data-testid={`api-token-scope-${scopeKey(s)}`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <TextInput type="datetime-local" label={t("expiresAt")} description={t("expiresHint")} value={expires} onChange={(e) => setExpires(e.currentTarget.value)} error={fields.expiresAt} data-testid="api-token-expires" />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close} disabled={busy}>
                {t("cancel")}
              </Button>
              <Button type="submit" loading={busy} data-testid="api-token-submit">
                {t("submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
