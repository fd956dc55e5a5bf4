"use client";
// "Sign in with a passkey" on the login page: a challenge from the server, the browser's passkey
// prompt (discoverable credentials: no email typed), then next-auth's "passkey" provider, and the
// same navigation as a password sign-in. Failures are shown by the login form, like its own.
import { Button } from "@mantine/core";
import { startAuthentication } from "@simplewebauthn/browser";
import { IconKey } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { startPasskeySignInAction } from "@/app/(auth)/login/passkey-actions";
import { safeRedirectPath } from "@/server/auth/safe-redirect";
import { networkError } from "../forms/server-error";
import { passkeyLogin, type LoginFailure } from "./next-auth-client";
import { ceremonyProblem, passkeysSupported } from "./passkey-browser";

interface Props {
  callbackUrl: string | null;
  disabled?: boolean;
  /** Called before each attempt (clear the form's error) and with each refusal. */
  onStart: () => void;
  onFailure: (e: LoginFailure) => void;
  /** A problem on the browser's side, already worded. */
  onProblem: (text: string) => void;
}

export function PasskeySignIn({ callbackUrl, disabled, onStart, onFailure, onProblem }: Props) {
  const t = useTranslations("security.passkeys");
  const [busy, setBusy] = useState(false);

  const run = async () => {
    onStart();
    if (!passkeysSupported()) return onProblem(t("unsupported"));
    setBusy(true);
    const started = await startPasskeySignInAction().catch(() => ({ ok: false as const, error: networkError() }));
    if (!started.ok) {
      setBusy(false);
      return onFailure({ code: started.error.code, message: started.error.message, reason: started.error.details?.reason as string | undefined, retryAfterSeconds: started.error.details?.retryAfterSeconds as number | undefined });
    }
    let response;
    try {
      response = await startAuthentication({ optionsJSON: started.data.options });
    } catch (err) {
      setBusy(false);
      return onProblem(t(ceremonyProblem(err)));
    }
    const r = await passkeyLogin({ challengeId: started.data.challengeId, response });
    if (r.ok) {
      // As after a password: back to the page that sent the person here, with a full load.
      window.location.href = safeRedirectPath(callbackUrl) ?? "/";
      return;
    }
    setBusy(false);
    onFailure(r.error);
  };

  return (
    <Button variant="default" fullWidth leftSection={<IconKey size={16} />} onClick={run} loading={busy} disabled={disabled} data-testid="passkey-sign-in">
      {t("signIn.button")}
    </Button>
  );
}
