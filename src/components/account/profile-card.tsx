"use client";
import { Button, Card, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { updateProfileAction } from "@/app/(user)/account/actions";
import { useFocusFirstInvalid } from "../forms/focus-first-invalid";
import { FormError } from "../forms/form-error";
import { notifySuccess } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";

export function ProfileCard({ name: initialName, locale: savedLocale }: { name: string; locale: string | null }) {
  const t = useTranslations("account");
  const uiLocale = useLocale();
  const router = useRouter();
  const { messageOf, fieldMessages: fieldTexts } = useErrorText();
  const { ref: formRef, focusInvalid } = useFocusFirstInvalid();
  const [name, setName] = useState(initialName);
  const shownLocale = savedLocale === "en" || savedLocale === "zh-CN" ? savedLocale : uiLocale;
  const [locale, setLocale] = useState(shownLocale);
  // The header's language switch changes the saved language too: follow it when the page refreshes
  // (adjusted while rendering, not in an effect).
  const [followed, setFollowed] = useState(shownLocale);
  if (shownLocale !== followed) {
    setFollowed(shownLocale);
    setLocale(shownLocale);
  }
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (name.trim().length > 50) {
      setFields({ name: t("profile.nameLong") });
      return focusInvalid();
    }
    setBusy(true);
    setError(null);
    setFields({});
    const fd = new FormData();
    fd.set("name", name.trim());
    fd.set("locale", locale);
    const r = await updateProfileAction(fd).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      setError(messageOf(r.error));
      setFields(fieldTexts(r.error));
      return focusInvalid();
    }
    notifySuccess(t("profile.saved"));
    // The action also set this browser's language cookie: refresh to render in it.
    router.refresh();
  };

  return (
    <Card withBorder padding="lg">
      <form ref={formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600}>{t("profile.title")}</Text>
          <FormError>{error}</FormError>
          <TextInput label={t("profile.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} error={fields.name} maxLength={50} data-testid="profile-name" />
          <Select
            label={t("profile.language")}
            description={t("profile.languageHint")}
            data={[
              { value: "zh-CN", label: "简体中文" },
              { value: "en", label: "English" },
            ]}
            value={locale}
            onChange={(v) => v && setLocale(v as typeof locale)}
            allowDeselect={false}
            error={fields.locale}
            data-testid="profile-locale"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="profile-save">
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
