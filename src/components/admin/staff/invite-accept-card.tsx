"use client";
// The staff invitation page's card (issue 29): the site, the address and the role, then by case a
// name and password for a new account, "sign in as <email>" (and back here) for an address with an
// account, or the accept button once signed in as it. After accepting, the person signs in (again)
// and the admin area sends them to set up two-factor sign-in first.
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconUserShield } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { acceptStaffInviteAction } from "@/app/(auth)/staff-invite/actions";
import { signOut } from "@/components/auth/next-auth-client";
import { useFocusFirstInvalid } from "@/components/forms/focus-first-invalid";
import { FormError } from "@/components/forms/form-error";
import { PasswordField } from "@/components/forms/password-field";
import { MIN_PASSWORD_LENGTH } from "@/components/forms/rules";
import { networkError, useErrorText } from "@/components/forms/server-error";
import type { StaffInviteView } from "@/server/services/staff/accept-invite";

export type InviteCardData = Omit<StaffInviteView, "expiresAt"> & { expiresAt: string };

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The login page for `email`, coming back to `back` (a full load: no signed-in page stays cached). */
const loginHref = (email: string, back: string) => `/login?next=${encodeURIComponent(back)}&email=${encodeURIComponent(email)}`;

function Done({ email, created }: { email: string; created: boolean }) {
  const t = useTranslations("staffInvite");
  return (
    <Stack gap="xs" align="flex-start" data-testid="staff-invite-done">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon color="teal" variant="light" radius="xl">
          <IconCircleCheck size={18} />
        </ThemeIcon>
        <Text fw={600}>{t("doneTitle")}</Text>
      </Group>
      <Text size="sm">{created ? t("doneNew") : t("doneExisting")}</Text>
      <Button component="a" href={loginHref(email, "/admin")} data-testid="staff-invite-sign-in-now">
        {t("signInNow")}
      </Button>
    </Stack>
  );
}

export function InviteAcceptCard({ token, site, invite }: { token: string; site: string; invite: InviteCardData }) {
  const t = useTranslations("staffInvite");
  const format = useFormatter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref, focusInvalid } = useFocusFirstInvalid();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ created: boolean } | null>(null);
  const here = `/staff-invite/${token}`;

  const accept = async (input: { token: string; name?: string; password?: string }) => {
    setBusy(true);
    setError(null);
    const r = await acceptStaffInviteAction(input).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldMessages(r.error));
      return focusInvalid();
    }
    setDone({ created: r.data.created });
  };

  const submitNew = async (ev: FormEvent) => {
    ev.preventDefault();
    const f: Record<string, string> = {};
    if (password.length < MIN_PASSWORD_LENGTH) f.password = t("passwordShort", { min: MIN_PASSWORD_LENGTH });
    if (confirm !== password) f.confirm = t("mismatch");
    setFields(f);
    if (Object.keys(f).length) return focusInvalid();
    await accept({ token, name: name.trim() || undefined, password });
  };

  const switchAccount = async () => {
    setBusy(true);
    await signOut();
    // A full load drops the other account's cached pages.
    window.location.href = loginHref(invite.email, here);
  };

  const body = () => {
    if (done) return <Done email={invite.email} created={done.created} />;
    if (!invite.hasAccount) {
      return (
        <form ref={ref} onSubmit={submitNew} noValidate data-testid="staff-invite-new">
          <Stack gap="sm">
            <Text size="sm">{t("newAccountHint")}</Text>
            <FormError>{error}</FormError>
            <TextInput label={t("name")} description={t("nameHint")} maxLength={50} autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={fields.name} data-testid="staff-invite-name" />
            <PasswordField label={t("password")} description={t("passwordHint", { min: MIN_PASSWORD_LENGTH })} autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={fields.password} data-testid="staff-invite-password" />
            <PasswordField label={t("confirm")} autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} error={fields.confirm} data-testid="staff-invite-confirm" />
            <Button type="submit" loading={busy} fullWidth data-testid="staff-invite-create">
              {t("submitNew")}
            </Button>
          </Stack>
        </form>
      );
    }
    if (invite.signedInAsInvitee) {
      return (
        <Stack gap="sm">
          <Text size="sm">{t("acceptHint", { role: invite.roleName })}</Text>
          <FormError>{error}</FormError>
          <Button onClick={() => void accept({ token })} loading={busy} fullWidth data-testid="staff-invite-accept">
            {t("accept")}
          </Button>
        </Stack>
      );
    }
    if (invite.signedInAs) {
      return (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" data-testid="staff-invite-other-account">
            {t("signedInOther", { current: invite.signedInAs, email: invite.email })}
          </Alert>
          <Button onClick={() => void switchAccount()} loading={busy} fullWidth data-testid="staff-invite-switch">
            {t("switchAccount", { email: invite.email })}
          </Button>
        </Stack>
      );
    }
    return (
      <Stack gap="sm">
        <Text size="sm">{t("existingHint", { email: invite.email })}</Text>
        <Button component="a" href={loginHref(invite.email, here)} fullWidth data-testid="staff-invite-sign-in">
          {t("signIn", { email: invite.email })}
        </Button>
      </Stack>
    );
  };

  return (
    <Stack gap="md" data-testid="staff-invite-page">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="xl" variant="light" color="indigo">
          <IconUserShield size={24} />
        </ThemeIcon>
        <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
          {t("heading", { site })}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t("email")} value={invite.email} testId="staff-invite-email" />
        <Fact label={t("role")} value={invite.roleName} testId="staff-invite-role" />
      </SimpleGrid>
      {done ? null : <Fact label={t("validUntil")} value={format.dateTime(new Date(invite.expiresAt), { dateStyle: "medium", timeStyle: "short" })} testId="staff-invite-expires" />}
      {body()}
    </Stack>
  );
}
