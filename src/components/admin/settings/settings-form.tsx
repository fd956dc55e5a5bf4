"use client";
// The grouped settings form. Only changed keys are sent; a secret is sent only when replaced, and
// cleared only through its "clear" box. Errors: our own checks first, then the server's per field;
// either way the first marked field is brought into view and focused. Numbers are checked when the
// field is left (and on every change once an error shows), never clamped.
import { Box, Button, Card, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { saveSettings } from "@/app/admin/settings/actions";
import type { PublicSafeSettings } from "@/server/services/settings";
import { RISK_THRESHOLD_PAIRS, thresholdProblems } from "@/server/services/settings/risk-thresholds";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { useRangeText } from "../../forms/range";
import { RequiredNote } from "../../forms/required-note";
import { networkError, useErrorText } from "../../forms/server-error";
import { ClientCatalogueField } from "./client-catalogue-field";
import { SecretField } from "./secret-field";
import { SettingInput, type SettingValue } from "./setting-input";
import { MissingContactAlert } from "../../support-contact/missing-contact-alert";
import { ALL_FIELDS, checkField, GROUPS, perSecret, type EditableKey, type FieldDef, type FieldProblem, type SecretKey } from "./settings-groups";
import { TestMail } from "./test-mail";
import { UnreadableSecretsAlert } from "./unreadable-secrets-alert";
import { useCan } from "../staff-permissions";

type Values = Record<EditableKey, SettingValue>;

function initialValues(s: PublicSafeSettings): Values {
  const out = {} as Values;
  for (const f of ALL_FIELDS) {
    // The catalogue is edited as its JSON text (and compared as text to tell whether it changed).
    if (f.kind === "clients") out[f.key] = JSON.stringify(s[f.key as Exclude<EditableKey, SecretKey>], null, 2);
    else if (f.kind === "urls") out[f.key] = (s[f.key as Exclude<EditableKey, SecretKey>] as string[]).join("\n");
    else if (f.kind !== "secret") out[f.key] = s[f.key as Exclude<EditableKey, SecretKey>] as SettingValue;
  }
  return out;
}

export function SettingsForm({ settings, adminEmail, wallet = false }: { settings: PublicSafeSettings; adminEmail: string; wallet?: boolean }) {
  const t = useTranslations("adminSettings");
  const fmt = useFormatter();
  const router = useRouter();
  const { messageOf, fieldMessages: fieldTexts, fieldText } = useErrorText();
  const rangeText = useRangeText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const readOnly = !useCan()("settings.write");
  const [saved, setSaved] = useState<Values>(() => initialValues(settings));
  const [values, setValues] = useState<Values>(saved);
  const [secrets, setSecrets] = useState<Record<SecretKey, string>>(() => perSecret(""));
  const [clear, setClear] = useState<Record<SecretKey, boolean>>(() => perSecret(false));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Warn/suspend pairs are checked from the first number field left or the first save on, and then
  // on every keystroke, so fixing either side of a pair clears the mark at once.
  const [checkPairs, setCheckPairs] = useState(false);
  const secretSet = (k: SecretKey) => settings.secretsSet[k] && !clear[k];

  const problemText = (p: FieldProblem) =>
    p.kind === "range" ? rangeText(p) : p.kind === "url" ? t("errUrl") : p.kind === "required" ? t("errRequired") : t("errInvalid");

  /** Pairs out of order, worded like the server's answer and on the same field. */
  const pairErrors = (): Record<string, string> => {
    const nums = {} as Record<(typeof RISK_THRESHOLD_PAIRS)[number]["warn" | "suspend"], number>;
    // A field with its own problem (empty, out of range) is NaN, so its pair is not compared.
    for (const p of RISK_THRESHOLD_PAIRS) for (const k of [p.warn, p.suspend]) nums[k] = checkField(k, values[k]) ? NaN : Number(values[k]);
    const changed = new Set(ALL_FIELDS.filter((f) => f.kind !== "secret" && values[f.key] !== saved[f.key]).map((f) => f.key));
    return Object.fromEntries(thresholdProblems(nums, changed).map((p) => [p.field, fieldText(p.field, p.code, p.params)]));
  };
  const shownPairErrors = checkPairs ? pairErrors() : {};

  const validate = () => {
    const e: Record<string, string> = {};
    for (const f of ALL_FIELDS) {
      // The client catalogue is checked by the server, which names each entry's problems.
      if (f.kind === "secret" || f.kind === "clients") continue;
      const p = checkField(f.key, values[f.key]);
      if (p) e[f.key] = problemText(p);
    }
    const turnstileSecret = secrets.turnstileSecretKey || secretSet("turnstileSecretKey");
    if (values.turnstileEnabled === true && (!String(values.turnstileSiteKey).trim() || !turnstileSecret)) e.turnstileEnabled = t("errTurnstileKeys");
    if (secrets.metricsToken && checkField("metricsToken", secrets.metricsToken)) e.metricsToken = t("errMetricsToken");
    return e;
  };

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const e = validate();
    setCheckPairs(true);
    setErrors(e);
    if (Object.keys(e).length || Object.keys(pairErrors()).length) {
      focusInvalid();
      return setFormError(t("fixErrors"));
    }
    const fd = new FormData();
    for (const f of ALL_FIELDS) {
      if (f.kind === "secret") {
        const k = f.key as SecretKey;
        if (clear[k]) fd.append("clearSecrets", k);
        else if (secrets[k]) fd.set(k, secrets[k]);
      } else if (values[f.key] !== saved[f.key]) fd.set(f.key, String(values[f.key]));
    }
    if ([...fd.keys()].length === 0) return notifySuccess(t("nothingChanged"));
    setBusy(true);
    setFormError(null);
    const r = await saveSettings(fd).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setErrors(fieldTexts(r.error));
      focusInvalid();
      return setFormError(messageOf(r.error));
    }
    setSaved(values);
    setSecrets(perSecret(""));
    setClear(perSecret(false));
    notifySuccess(t("saved", { count: r.data.length }));
    router.refresh();
  };

  /** One field checked again: its error is set, replaced or cleared (pair order is derived, not stored). */
  const recheck = (k: EditableKey, v: SettingValue) =>
    setErrors((e) => {
      const p = checkField(k, v);
      const { [k]: _old, ...rest } = e;
      return p ? { ...rest, [k]: problemText(p) } : rest;
    });
  const setValue = (f: FieldDef) => (v: SettingValue) => {
    setValues((x) => ({ ...x, [f.key]: v }));
    // An edited catalogue's entry problems no longer match its lines: they go until the next save.
    if (f.kind === "clients") setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k !== f.key && !k.startsWith(`${f.key}.`))));
    else if (errors[f.key]) recheck(f.key, v);
  };

  /** A group's (or part's) fields in two columns; wide ones and text areas take a whole row. */
  const grid = (fields: FieldDef[]) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
      {fields.map((f) =>
        f.kind === "secret" ? (
          <SecretField
            key={f.key}
            label={t(`fields.${f.key}`)}
            isSet={settings.secretsSet[f.key as SecretKey]}
            unreadable={settings.secretsUnreadable[f.key as SecretKey]}
            value={secrets[f.key as SecretKey]}
            clear={clear[f.key as SecretKey]}
            error={errors[f.key]}
            onValue={(v) => setSecrets((x) => ({ ...x, [f.key]: v }))}
            onClear={(v) => setClear((x) => ({ ...x, [f.key]: v }))}
            description={f.key === "metricsToken" ? t("hints.metricsToken") : undefined}
            generate={f.key === "metricsToken"}
            testId={`setting-${f.key}`}
          />
        ) : f.kind === "clients" ? (
          <Box key={f.key} style={{ gridColumn: "1 / -1" }}>
            <ClientCatalogueField value={String(values[f.key])} errors={errors} onChange={setValue(f)} />
          </Box>
        ) : (
          <Box
            key={f.key}
            style={f.kind === "textarea" || f.wide ? { gridColumn: "1 / -1" } : undefined}
            // A wide field keeps one column's width: it only starts its own row.
            pr={f.wide ? { base: 0, sm: "calc(50% + var(--mantine-spacing-md) / 2)" } : undefined}
          >
            <SettingInput field={f} value={values[f.key]} error={errors[f.key] ?? shownPairErrors[f.key]} onChange={setValue(f)} onBlur={f.kind === "int" ? () => leave(f.key) : undefined} />
          </Box>
        ),
      )}
    </SimpleGrid>
  );
  /** Leaving a number field checks its range, and from then on the warn/suspend pairs too. */
  const leave = (k: EditableKey) => {
    recheck(k, values[k]);
    setCheckPairs(true);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      {/* settings.read alone: every field shown disabled, no test mail, no save (issue 29). */}
      <Fieldset variant="unstyled" disabled={readOnly} data-testid={readOnly ? "settings-read-only" : undefined}>
        <Stack gap="lg">
          {readOnly ? null : <RequiredNote mb={-8} />}
          <UnreadableSecretsAlert unreadable={settings.secretsUnreadable} />
          {GROUPS.filter((g) => wallet || !g.walletOnly).map((g) => (
            <Card key={g.id} withBorder padding="lg" data-testid={`settings-group-${g.id}`}>
              <Title order={3} size="h4" mb={4}>
                {t(`groups.${g.id}`)}
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                {t(`groupHints.${g.id}`)}
              </Text>
              {g.id === "support" ? <MissingContactAlert contact={String(saved.supportContact ?? "")} /> : null}
              {g.parts ? (
                <Stack gap="xl">
                  {g.parts.map((part) => (
                    <Stack key={part.id} gap="sm" data-testid={`settings-part-${part.id}`}>
                      <div>
                        <Text fw={600}>{t(`parts.${part.id}`)}</Text>
                        <Text size="sm" c="dimmed">
                          {t(`partHints.${part.id}`)}
                        </Text>
                      </div>
                      {grid(part.fields)}
                    </Stack>
                  ))}
                </Stack>
              ) : (
                grid(g.fields)
              )}
              {g.id === "mail" && !readOnly ? (
                <Paper withBorder p="md" mt="lg" radius="md">
                  <TestMail defaultTo={adminEmail} />
                </Paper>
              ) : null}
              {g.id === "logs" ? (
                <Text size="sm" c="dimmed" mt="md" data-testid="last-log-cleanup">
                  {t("lastCleanup", { when: settings.lastLogCleanupAt ? fmt.dateTime(new Date(settings.lastLogCleanupAt), { dateStyle: "medium", timeStyle: "short" }) : t("never") })}
                </Text>
              ) : null}
            </Card>
          ))}
          {readOnly ? null : (
            <Paper
              withBorder
              p="sm"
              radius="md"
              shadow="md"
              style={{ position: "sticky", bottom: "var(--mantine-spacing-sm)", zIndex: 5 }}
            >
              <Stack gap="xs">
                <FormError>{formError}</FormError>
                <Group justify="flex-end">
                  <Button type="submit" loading={busy} data-testid="settings-save">
                    {t("save")}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
