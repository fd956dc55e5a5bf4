"use client";
// The passkeys card's small dialogs: rename one, remove one (with a code when the session was not
// opened with a passkey, services/passkeys/step-up.ts), and the code field both add and remove use.
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { removePasskeyAction, renamePasskeyAction } from "@/app/(user)/account/passkey-actions";
import type { StepUp } from "@/server/services/passkeys";
import { CodeInput } from "../forms/code-input";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { notifySuccess } from "../forms/notify";
import { networkError, useErrorText, type UiError } from "../forms/server-error";

export interface PasskeyRow { id: string; name: string }

/** The code a passkey change asks a password session for; nothing when none is needed. */
export function StepUpCode({ needs, value, onChange, error }: { needs: StepUp; value: string; onChange: (v: string) => void; error?: string }) {
  const t = useTranslations("security.passkeys");
  if (needs === "none") return null;
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {needs === "either" ? t("codeHintEither") : t("codeHintRecovery")}
      </Text>
      <CodeInput accepts={needs === "either" ? "either" : "recovery"} label={needs === "either" ? t("codeEither") : t("codeRecovery")} required value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} data-testid="passkey-code" />
    </Stack>
  );
}

/** A field problem (`details.fields.code` / `.name`) goes under its field; anything else above the form. */
function useDialogErrors() {
  const { messageOf } = useErrorText();
  const [fieldErr, setFieldErr] = useState<{ name?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const fail = (e: UiError) => {
    const f = (e.details?.fields ?? {}) as Record<string, string>;
    if (f.code || f.name) return setFieldErr({ code: f.code ? messageOf(e) : undefined, name: f.name ? messageOf(e) : undefined });
    setError(messageOf(e));
  };
  return { fieldErr, setFieldErr, error, setError, fail };
}

export function PasskeyRemoveDialog({ passkey, needs, onClose }: { passkey: PasskeyRow | null; needs: StepUp; onClose: () => void }) {
  const t = useTranslations("security.passkeys");
  const router = useRouter();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const { fieldErr, setFieldErr, error, setError, fail } = useDialogErrors();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const close = () => {
    setCode("");
    setFieldErr({});
    setError(null);
    onClose();
  };
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!passkey) return;
    if (needs !== "none" && !code.trim()) {
      setFieldErr({ code: t("codeRequired") });
      return focusInvalid();
    }
    setBusy(true);
    setFieldErr({});
    setError(null);
    const r = await removePasskeyAction({ id: passkey.id, ...(needs !== "none" ? { code: code.trim() } : {}) }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      fail(r.error);
      return focusInvalid();
    }
    notifySuccess(t("removed"));
    close();
    router.refresh();
  };
  return (
    <Modal opened={passkey !== null} onClose={close} title={t("removeTitle")} centered>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t("removeText", { name: passkey?.name ?? "" })}</Text>
          <FormError>{error}</FormError>
          <StepUpCode needs={needs} value={code} onChange={setCode} error={fieldErr.code} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="passkey-remove-confirm">
              {t("remove")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function PasskeyRenameDialog({ passkey, onClose }: { passkey: PasskeyRow | null; onClose: () => void }) {
  const t = useTranslations("security.passkeys");
  const router = useRouter();
  // Keyed by the passkey in the card, so the field starts from its current name each time.
  const [name, setName] = useState(passkey?.name ?? "");
  const [busy, setBusy] = useState(false);
  const { fieldErr, setFieldErr, error, fail } = useDialogErrors();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!passkey) return;
    if (!name.trim()) {
      setFieldErr({ name: t("nameRequired") });
      return focusInvalid();
    }
    setBusy(true);
    const r = await renamePasskeyAction(passkey.id, name.trim()).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      fail(r.error);
      return focusInvalid();
    }
    notifySuccess(t("renamed"));
    onClose();
    router.refresh();
  };
  return (
    <Modal opened={passkey !== null} onClose={onClose} title={t("renameTitle")} centered>
      <form ref={ref} onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormError>{error}</FormError>
          <TextInput label={t("name")} required maxLength={64} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldErr.name} data-autofocus data-testid="passkey-rename-name" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="passkey-rename-confirm">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
