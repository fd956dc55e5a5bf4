"use client";
import { Menu, Tooltip } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { setLocaleAction } from "@/app/locale-actions";
import { notifyError } from "../forms/notify";
import { networkError, useErrorText } from "../forms/server-error";
import { ToolButton } from "./tool-button";

const LANGUAGES = [
  { value: "zh-CN", label: "简体中文" },
  { value: "en", label: "English" },
] as const;

export function LanguageSwitch() {
  const t = useTranslations("chrome");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { messageOf } = useErrorText();

  const choose = (value: string) => {
    if (value === locale) return;
    startTransition(async () => {
      // Signed in, this also saves the language on the account (the account page and the mails use it).
      const r = await setLocaleAction(value).catch(() => ({ ok: false as const, error: networkError() }));
      if (r.ok) router.refresh();
      else notifyError(messageOf(r.error));
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t("language")}>
          <ToolButton icon={IconLanguage} label={t("language")} loading={pending} data-testid="language-switch" />
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((l) => (
          <Menu.Item key={l.value} lang={l.value} onClick={() => choose(l.value)} rightSection={l.value === locale ? <IconCheck size={14} /> : null} data-testid={`language-${l.value}`}>
            {l.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
