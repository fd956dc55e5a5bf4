"use client";
import { Menu, Tooltip, useMantineColorScheme, type MantineColorScheme } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { ToolButton } from "./tool-button";

const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;
const SCHEMES: MantineColorScheme[] = ["light", "dark", "auto"];

export function ColorSchemeToggle() {
  const t = useTranslations("chrome");
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The stored choice is only known in the browser: render the neutral icon until mounted.
  const mounted = useMounted();
  const current = mounted ? colorScheme : "auto";

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t("colorScheme")}>
          <ToolButton icon={ICONS[current]} label={t("colorScheme")} data-testid="color-scheme" />
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {SCHEMES.map((s) => {
          const ItemIcon = ICONS[s];
          return (
            <Menu.Item key={s} leftSection={<ItemIcon size={16} />} rightSection={s === current ? <IconCheck size={14} /> : null} onClick={() => setColorScheme(s)}>
              {t(`scheme_${s}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
