"use client";
// Two-factor sign-in on the account page: enrol (QR code + first code, then recovery codes shown
// once), make new recovery codes, or turn it off with the password and a code.
import { Alert, Badge, Box, Button, Card, Code, CopyButton, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCheck, IconCopy, IconShieldCheck, IconShieldLock } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { QRCodeSVG } from "qrcode.react";
import { useState, type ChangeEvent, type FormEvent } from "react";
import type { ActionResult } from "@/server/actions/run-action";
import { confirmTwoFactorSetupAction, disableTwoFactorAction, regenerateRecoveryCodesAction, startTwoFactorSetupAction } from "@/app/(user)/account/actions";
import { CodeInput } from "../forms/code-input";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { notifySuccess } from "../forms/notify";
import { networkError, useErrorText, type UiError } from "../forms/server-error";
import { RecoveryCodesView } from "./recovery-codes-view";
import { PasswordField } from "../forms/password-field";

export interface TwoFactorCardProps {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  account: string;
  siteName: string;
  /** The site requires 2FA for administrators and this user is one. */
  requiredForMe: boolean;
}

type Dialog = null | "setup" | "regenerate" | "disable";

export function TwoFactorCard(p: TwoFactorCardProps) {
  const t = useTranslations("security.twoFactor");
  const fmt = useFormatter();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const phone = useMediaQuery("(max-width: 36em)");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [fieldErr, setFieldErr] = useState<{ code?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One form shows at a time in the dialog (setup, regenerate or disable): the ref follows it.
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();

  const reset = () => {
    setCode("");
    setPassword("");
    setFieldErr({});
    setError(null);
    setBusy(false);
  };
  const close = () => {
    if (codes) return; // recovery codes on screen: only "Done" closes, after confirming they are saved
    setDialog(null);
    setSetup(null);
    reset();
  };
  const finish = () => {
    setCodes(null);
    setDialog(null);
    setSetup(null);
    reset();
    router.refresh();
  };
  const fail = (e: UiError) => {
    setBusy(false);
    const f = e.details?.fields as Record<string, string> | undefined;
    if (f?.code || e.details?.reason === "totp_invalid" || e.details?.reason === "recovery_code_invalid") {
      focusInvalid();
      return setFieldErr({ code: messageOf(e) });
    }
    if (f?.password) {
      focusInvalid();
      return setFieldErr({ password: messageOf(e) });
    }
    setError(messageOf(e));
  };

  const openSetup = async () => {
    reset();
    setDialog("setup");
    setBusy(true);
    const r = await startTwoFactorSetupAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setSetup(r.data);
  };

  /** Sends the code to an action that answers with new recovery codes, and shows them. */
  const submitCode = (action: (fd: FormData) => Promise<ActionResult<{ recoveryCodes: string[] }>>, onDone?: () => void) => async (ev: FormEvent) => {
    ev.preventDefault();
    if (!code.trim()) {
      focusInvalid();
      return setFieldErr({ code: t("codeRequired") });
    }
    setBusy(true);
    setFieldErr({});
    const fd = new FormData();
    fd.set("code", code);
    const r = await action(fd).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return fail(r.error);
    setBusy(false);
    setCodes(r.data.recoveryCodes);
    onDone?.();
  };
  const submitSetup = submitCode(confirmTwoFactorSetupAction, () => notifySuccess(t("enabledDone")));
  const submitRegenerate = submitCode(regenerateRecoveryCodesAction);

  const submitDisable = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: { code?: string; password?: string } = {};
    if (!password) f.password = t("passwordRequired");
    if (!code.trim()) f.code = t("codeRequired");
    setFieldErr(f);
    if (Object.keys(f).length) return focusInvalid();
    setBusy(true);
    const fd = new FormData();
    fd.set("password", password);
    fd.set("code", code);
    const r = await disableTwoFactorAction(fd).catch(() => ({ ok: false as const, error: networkError() }));
    if (!r.ok) return fail(r.error);
    notifySuccess(t("disable.done"));
    finish();
  };

  const codeField = { required: true, value: code, onChange: (e: ChangeEvent<HTMLInputElement>) => setCode(e.currentTarget.value), error: fieldErr.code, "data-testid": "totp-code" };
  const title = codes ? t("codes.title") : dialog === "setup" ? t("setup.title") : dialog === "regenerate" ? t("regenerate.title") : t("disable.title");
  const low = p.enabled && p.recoveryCodesLeft <= 3;

  return (
    <Card withBorder padding="lg" id="two-factor">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t("title")}</Text>
          <Badge variant="light" color={p.enabled ? "teal" : "gray"} leftSection={p.enabled ? <IconShieldCheck size={12} /> : undefined} data-testid="two-factor-state">
            {p.enabled ? t("on") : t("off")}
          </Badge>
        </Group>
        {p.requiredForMe && !p.enabled ? (
          <Alert color="orange" variant="light" icon={<IconShieldLock size={18} />} title={t("requiredTitle")} data-testid="two-factor-required">
            {t("required")}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("hint")}
        </Text>
        {p.enabled ? (
          <Stack gap={4}>
            {p.enabledAt ? <Text size="sm">{t("enabledSince", { date: fmt.dateTime(new Date(p.enabledAt), { dateStyle: "medium" }) })}</Text> : null}
            <Text size="sm" c={low ? "orange" : undefined} data-testid="recovery-left">
              {t("recoveryLeft", { count: p.recoveryCodesLeft })}
            </Text>
            {low ? (
              <Text size="xs" c="dimmed">
                {t("recoveryLow")}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {p.enabled ? (
            <>
              <Button variant="default" onClick={() => (reset(), setDialog("regenerate"))} data-testid="recovery-regenerate">
                {t("regenerate.button")}
              </Button>
              <Button color="red" variant="light" onClick={() => (reset(), setDialog("disable"))} data-testid="two-factor-disable">
                {t("disable.button")}
              </Button>
            </>
          ) : (
            <Button leftSection={<IconShieldLock size={16} />} onClick={openSetup} data-testid="two-factor-setup">
              {t("setUp")}
            </Button>
          )}
        </Group>
      </Stack>

      <Modal opened={dialog !== null} onClose={close} title={title} centered fullScreen={phone} closeOnClickOutside={!codes} withCloseButton={!codes} closeOnEscape={!codes}>
        {codes ? (
          <RecoveryCodesView codes={codes} account={p.account} siteName={p.siteName} onDone={finish} />
        ) : dialog === "setup" ? (
          setup ? (
            <form ref={formRef} onSubmit={submitSetup} noValidate>
              <Stack gap="md">
                <Text size="sm">{t("setup.scan")}</Text>
                <Box mx="auto" p="sm" bg="white" style={{ borderRadius: "var(--mantine-radius-md)", lineHeight: 0 }}>
                  <QRCodeSVG value={setup.uri} size={176} marginSize={0} title={t("setup.qrLabel")} data-testid="totp-qr" />
                </Box>
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    {t("setup.manual")}
                  </Text>
                  <Group gap="xs" wrap="nowrap">
                    <Code fz="sm" style={{ wordBreak: "break-all" }} data-testid="totp-secret">
                      {setup.secret.match(/.{1,4}/g)?.join(" ")}
                    </Code>
                    <CopyButton value={setup.secret} timeout={1500}>
                      {({ copied, copy }) => (
                        <Button size="compact-xs" variant="subtle" color={copied ? "teal" : "gray"} onClick={copy} leftSection={copied ? <IconCheck size={12} /> : <IconCopy size={12} />}>
                          {copied ? t("setup.copied") : t("setup.copyKey")}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Stack>
                <Text size="sm">{t("setup.enterCode")}</Text>
                <FormError>{error}</FormError>
                <CodeInput accepts="totp" label={t("code")} {...codeField} />
                <Group justify="flex-end">
                  <Button variant="default" onClick={close} disabled={busy}>
                    {t("cancel")}
                  </Button>
                  <Button type="submit" loading={busy} data-testid="totp-confirm">
                    {t("setup.submit")}
                  </Button>
                </Group>
              </Stack>
            </form>
          ) : (
            <Stack align="center" py="lg">
              {error ? <FormError>{error}</FormError> : <Loader size="sm" />}
            </Stack>
          )
        ) : dialog === "regenerate" ? (
          <form ref={formRef} onSubmit={submitRegenerate} noValidate>
            <Stack gap="md">
              <Text size="sm">{t("regenerate.hint")}</Text>
              <FormError>{error}</FormError>
              <CodeInput accepts="totp" label={t("code")} {...codeField} autoFocus />
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={busy}>
                  {t("cancel")}
                </Button>
                <Button type="submit" loading={busy} data-testid="recovery-regenerate-confirm">
                  {t("regenerate.submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : dialog === "disable" ? (
          <form ref={formRef} onSubmit={submitDisable} noValidate>
            <Stack gap="md">
              <Text size="sm">{t("disable.hint")}</Text>
              {p.requiredForMe ? (
                <Alert color="orange" variant="light">
                  {t("disable.adminWarning")}
                </Alert>
              ) : null}
              <FormError>{error}</FormError>
              <PasswordField label={t("password")} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fieldErr.password} data-testid="two-factor-password" />
              <CodeInput accepts="either" label={t("codeOrRecovery")} {...codeField} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={busy}>
                  {t("cancel")}
                </Button>
                <Button type="submit" color="red" loading={busy} data-testid="two-factor-disable-confirm">
                  {t("disable.submit")}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </Card>
  );
}
