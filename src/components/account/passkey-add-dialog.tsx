"use client";
// Adding a passkey: a name (and a code when the session was not opened with a passkey), then the
// browser's prompt, then the server checks and stores it. An account that had no recovery codes
// gets a set now, shown once, like after turning on two-factor sign-in.
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";
import { finishPasskeyRegistrationAction, startPasskeyRegistrationAction } from "@/app/(user)/account/passkey-actions";
import type { StepUp } from "@/server/services/passkeys";
import { ceremonyProblem, passkeysSupported } from "../auth/passkey-browser";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { notifySuccess } from "../forms/notify";
import { networkError, useErrorText, type UiError } from "../forms/server-error";
import { StepUpCode } from "./passkey-dialogs";
import { RecoveryCodesView } from "./recovery-codes-view";

/** How long a started ceremony is reused for a retry: inside the server's five minutes, with room to answer. */
const REUSE_MS = 4 * 60_000;

interface Props {
  opened: boolean;
  onClose: () => void;
  needs: StepUp;
  account: string;
  siteName: string;
}

export function PasskeyAddDialog({ opened, onClose, needs, account, siteName }: Props) {
  const t = useTranslations("security.passkeys");
  const tc = useTranslations("security.twoFactor.codes");
  const { messageOf } = useErrorText();
  const router = useRouter();
  const phone = useMediaQuery("(max-width: 36em)");
  const [name, setName] = useState("");
  const [code, setCode] = useState("");
  const [fieldErr, setFieldErr] = useState<{ name?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  // The challenge the server gave once the code was accepted: after a cancelled prompt, "Try again"
  // answers the same one, so a recovery code is not spent twice.
  const started = useRef<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON; at: number } | null>(null);
  const [retry, setRetry] = useState(false);
  const { ref, focusInvalid } = useFocusFirstInvalid();

  const finish = () => {
    setCodes(null);
    setName("");
    setCode("");
    setError(null);
    setFieldErr({});
    setRetry(false);
    started.current = null;
    onClose();
    router.refresh();
  };
  const fail = (e: UiError) => {
    setBusy(false);
    const f = (e.details?.fields ?? {}) as Record<string, string>;
    if (f.code || f.name) {
      setFieldErr({ code: f.code ? messageOf(e) : undefined, name: f.name ? messageOf(e) : undefined });
      return focusInvalid();
    }
    setError(messageOf(e));
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const reuse = started.current && Date.now() - started.current.at < REUSE_MS ? started.current : null;
    if (!reuse && retry) setRetry(false); // too late to answer that challenge: ask for a new one (and the code)
    const f: { name?: string; code?: string } = {};
    if (!name.trim()) f.name = t("nameRequired");
    if (needs !== "none" && !reuse && !code.trim()) f.code = t("codeRequired");
    setFieldErr(f);
    if (f.name || f.code) return focusInvalid();
    if (!passkeysSupported()) return setError(t("unsupported"));
    setBusy(true);
    setError(null);
    let s = reuse;
    if (!s) {
      const r = await startPasskeyRegistrationAction(needs !== "none" ? { code: code.trim() } : {}).catch(() => ({ ok: false as const, error: networkError() }));
      if (!r.ok) return fail(r.error);
      s = started.current = { ...r.data, at: Date.now() };
    }
    let response;
    try {
      response = await startRegistration({ optionsJSON: s.options });
    } catch (err) {
      setBusy(false);
      setRetry(true);
      return setError(t(ceremonyProblem(err)));
    }
    started.current = null; // the answer uses the challenge up, whatever the server says
    setRetry(false);
    const r = await finishPasskeyRegistrationAction({ challengeId: s.challengeId, name: name.trim(), response }).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return fail(r.error);
    setBusy(false);
    notifySuccess(t("addedDone"));
    if (r.data.recoveryCodes) return setCodes(r.data.recoveryCodes);
    finish();
  };

  const close = () => {
    if (codes) return; // recovery codes on screen: only "Done" closes, after confirming they are saved
    setError(null);
    setFieldErr({});
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={codes ? tc("title") : t("addTitle")} centered fullScreen={phone} closeOnClickOutside={!codes} withCloseButton={!codes} closeOnEscape={!codes}>
      {codes ? (
        <Stack gap="md">
          <Text size="sm">{t("codesIntro")}</Text>
          <RecoveryCodesView codes={codes} account={account} siteName={siteName} onDone={finish} />
        </Stack>
      ) : (
        <form ref={ref} onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t("addHint")}</Text>
            <FormError>{error}</FormError>
            <TextInput label={t("name")} placeholder={t("namePlaceholder")} required maxLength={64} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldErr.name} data-autofocus data-testid="passkey-name" />
            {retry ? null : <StepUpCode needs={needs} value={code} onChange={setCode} error={fieldErr.code} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t("cancel")}
              </Button>
              <Button type="submit" loading={busy} data-testid="passkey-create">
                {retry ? t("retry") : t("create")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
