"use client";
import { Group } from "@mantine/core";
import type { ReactNode } from "react";
import { ColorSchemeToggle } from "./color-scheme-toggle";
import { LanguageSwitch } from "./language-switch";

export function HeaderTools({ children }: { children?: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <LanguageSwitch />
      <ColorSchemeToggle />
      {children}
    </Group>
  );
}
