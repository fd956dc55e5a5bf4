"use client";
// The login form's second step, shown when the server answers `totp_required`: a code from the
// authenticator app, or a recovery code. The email and password stay in the form's state and are
// sent again with the code (next-auth's credentials login is a single request).
import { Anchor, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { SupportContact } from "../site/support-contact";
import { CodeInput } from "../forms/code-input";

export interface SecondFactorState {
  mode: "totp" | "recovery";
  code: string;
  error?: string;
}

/** The credentials fields this step adds to the login request. */
export function secondFactorFields(s: SecondFactorState): { totpCode?: string; recoveryCode?: string } {
  return s.mode === "totp" ? { totpCode: s.code.trim() } : { recoveryCode: s.code.trim() };
}

export function SecondFactorStep({ state, onChange, onBack }: { state: SecondFactorState; onChange: (s: SecondFactorState) => void; onBack: () => void }) {
  const t = useTranslations("security.login");
  const totp = state.mode === "totp";
  return (
    <Stack gap="sm" data-testid="second-factor-step">
      <Text size="sm" c="dimmed">
        {totp ? t("codeHint") : t("recoveryHint")}
      </Text>
      <CodeInput
        key={state.mode}
        accepts={state.mode}
        label={totp ? t("code") : t("recoveryCode")}
        value={state.code}
        onChange={(e) => onChange({ ...state, code: e.currentTarget.value, error: undefined })}
        error={state.error}
        autoFocus
        required
        data-testid={totp ? "login-totp" : "login-recovery"}
      />
      <Group justify="space-between" gap="xs">
        <Anchor component="button" type="button" size="sm" onClick={onBack} data-testid="second-factor-back">
          {t("back")}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={() => onChange({ mode: totp ? "recovery" : "totp", code: "" })} data-testid="second-factor-switch">
          {totp ? t("useRecovery") : t("useApp")}
        </Anchor>
      </Group>
      {totp ? null : (
        <div>
          <Text size="xs" c="dimmed">
            {t("lostDevice")}
          </Text>
          <SupportContact size="xs" c="dimmed" />
        </div>
      )}
    </Stack>
  );
}
