"use client";
// One provider's card: enable switch, name and position, its fields, Save, and Test (which uses
// the saved settings, so it is the same check the payments service will depend on).
import { Alert, Button, Card, Code, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { savePaymentProvider, testPaymentProviderAction } from "@/app/admin/payments/actions";
import type { PaymentProviderView } from "@/server/services/payments-config";
import { useFocusFirstInvalid } from "../../forms/focus-first-invalid";
import { FormError } from "../../forms/form-error";
import { notifySuccess } from "../../forms/notify";
import { networkError, useErrorText } from "../../forms/server-error";
import { CARD_FIELDS, fieldText, type CardField } from "./provider-fields";
import { SecretInput } from "./secret-input";

type FieldName = Parameters<ReturnType<typeof useTranslations<"adminPayments.fields">>>[0];

export function PaymentProviderCard({ view }: { view: PaymentProviderView }) {
  const t = useTranslations("adminPayments");
  const router = useRouter();
  const { messageOf, fieldMessages } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const fields = CARD_FIELDS[view.provider];
  const initial = () => Object.fromEntries(fields.filter((f) => !f.kind.startsWith("secret")).map((f) => [f.key, fieldText(f.key, view.config[f.key])]));
  const [enabled, setEnabled] = useState(view.enabled);
  const [displayName, setDisplayName] = useState(view.displayName);
  const [sortOrder, setSortOrder] = useState<string | number>(view.sortOrder);
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [clear, setClear] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const [test, setTest] = useState<{ ok: boolean; text: string } | null>(null);
  const id = view.provider;
  const label = (key: string) => t(`fields.${key}` as `fields.${FieldName}`);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const input: Record<string, unknown> = { enabled, displayName: displayName.trim(), sortOrder: String(sortOrder), ...values };
    for (const [k, v] of Object.entries(secrets)) if (v.trim() && !clear[k]) input[k] = v;
    const cleared = Object.keys(clear).filter((k) => clear[k]);
    if (cleared.length) input.clearSecrets = cleared;
    setBusy(true);
    setFormError(null);
    const r = await savePaymentProvider(view.provider, input).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setErrors(fieldMessages(r.error));
      focusInvalid();
      return setFormError(r.error.details?.fields ? t("fixErrors") : messageOf(r.error));
    }
    setErrors({});
    setSecrets({});
    setClear({});
    notifySuccess(r.data.changed.length ? t("saved") : t("nothingChanged"));
    router.refresh();
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    const r = await testPaymentProviderAction(view.provider).catch(() => ({ ok: false as const, error: networkError() }));
    setTesting(false);
    if (!r.ok) return setTest({ ok: false, text: messageOf(r.error) });
    const d = r.data;
    if (!d.ok) return setTest({ ok: false, text: d.message ?? "" });
    setTest({ ok: true, text: d.transfers !== undefined ? t("testOkTransfers", { count: d.transfers }) : t("testOk") });
  };

  const input = (f: CardField) => {
    const hint = f.hint ? t(`fieldHints.${f.hint}`) : undefined;
    const testId = `payment-${id}-${f.key}`;
    if (f.kind === "secret" || f.kind === "secretTextarea") {
      const optional = view.provider === "usdt_trc20"; // the TronGrid key is the only secret a provider can run without
      return (
        <SecretInput
          label={label(f.key)}
          hint={hint}
          state={view.secrets[f.key] ?? "unset"}
          multiline={f.kind === "secretTextarea"}
          value={secrets[f.key] ?? ""}
          onValue={(v) => setSecrets((s) => ({ ...s, [f.key]: v }))}
          clear={optional ? { checked: Boolean(clear[f.key]), onChange: (v) => setClear((c) => ({ ...c, [f.key]: v })) } : undefined}
          error={errors[f.key]}
          testId={testId}
        />
      );
    }
    const common = { label: label(f.key), description: hint, error: errors[f.key], "data-testid": testId };
    const set = (v: string) => setValues((x) => ({ ...x, [f.key]: v }));
    if (f.kind === "textarea") {
      return <Textarea {...common} autosize minRows={3} maxRows={10} spellCheck={false} value={values[f.key] ?? ""} onChange={(e) => set(e.currentTarget.value)} styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }} />;
    }
    if (f.kind === "int") {
      return <NumberInput {...common} allowDecimal={false} allowNegative={false} min={f.min} max={f.max} value={values[f.key] ?? ""} onChange={(v) => set(String(v))} />;
    }
    return <TextInput {...common} value={values[f.key] ?? ""} onChange={(e) => set(e.currentTarget.value)} spellCheck={false} />;
  };

  return (
    <Card withBorder padding="lg" data-testid={`payment-provider-${id}`}>
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t(`providers.${view.provider}`)}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4} style={{ flex: "1 1 16rem", minWidth: 0 }}>
              <Title order={3} size="h4">
                {t(`providers.${view.provider}`)}
              </Title>
              <Text size="sm" c="dimmed">
                {t(`providerHints.${view.provider}`)}
              </Text>
            </Stack>
            <Switch label={t("enabled")} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} error={errors.enabled} data-testid={`payment-${id}-enabled`} />
          </Group>
          {view.missing.length ? (
            <Alert color="yellow" variant="light" p="xs" data-testid={`payment-${id}-missing`}>
              {t("missing", { fields: view.missing.map(label).join(", ") })}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label={t("displayName")} value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} error={errors.displayName} maxLength={64} data-testid={`payment-${id}-displayName`} />
            <NumberInput label={t("sortOrder")} allowDecimal={false} allowNegative={false} min={0} max={1000} value={sortOrder} onChange={setSortOrder} error={errors.sortOrder} />
            {fields.map((f) => (
              <div key={f.key} style={f.wide ? { gridColumn: "1 / -1" } : undefined}>
                {input(f)}
              </div>
            ))}
          </SimpleGrid>
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t("notifyUrl")}
            </Text>
            {view.notifyUrl ? (
              <Code style={{ overflowWrap: "anywhere" }} data-testid={`payment-${id}-notify-url`}>
                {view.notifyUrl}
              </Code>
            ) : (
              <Text size="sm" c="dimmed">
                {t("polled")}
              </Text>
            )}
          </Stack>
          {test ? (
            <Alert color={test.ok ? "teal" : "red"} variant="light" data-testid={`payment-${id}-test-result`}>
              {test.text}
            </Alert>
          ) : null}
          <FormError>{formError}</FormError>
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              {t("testHint")}
            </Text>
            <Group gap="sm">
              <Button variant="light" leftSection={<IconPlugConnected size={16} />} onClick={runTest} loading={testing} data-testid={`payment-${id}-test`}>
                {t("test")}
              </Button>
              <Button type="submit" loading={busy} data-testid={`payment-${id}-save`}>
                {t("save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
