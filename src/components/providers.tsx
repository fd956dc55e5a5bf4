"use client";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { theme } from "./theme";
import toasts from "./toasts.module.css";

// The theme's CSS variables come from src/app/theme-variables.css (theme-css.ts), a cached stylesheet,
// not from an inline <style> of 9.4 KB in every page: withCssVariables is off.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false}>
      <Notifications position="top-right" classNames={{ root: toasts.root }} />
      {children}
    </MantineProvider>
  );
}
