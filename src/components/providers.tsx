"use client";
import { Drawer, MantineProvider, mergeThemeOverrides, Modal, Notification, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useMemo, type ReactNode } from "react";
import { theme } from "./theme";
import toasts from "./toasts.module.css";

/**
 * Every dialog's, drawer's and toast's close button is named in the reader's language: Mantine draws
 * them as bare icons, and a dialog that forgot `closeButtonProps` (or any toast) left one unnamed.
 */
function useNamedCloseButtons() {
  const close = useTranslations("chrome")("close");
  return useMemo(() => {
    const named = { closeButtonProps: { "aria-label": close } };
    return mergeThemeOverrides(
      theme,
      createTheme({ components: { Modal: Modal.extend({ defaultProps: named }), Drawer: Drawer.extend({ defaultProps: named }), Notification: Notification.extend({ defaultProps: named }) } }),
    );
  }, [close]);
}

// The theme's CSS variables come from src/app/theme-variables.css (theme-css.ts), a cached stylesheet,
// not from an inline <style> of 9.4 KB in every page: withCssVariables is off.
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={useNamedCloseButtons()} defaultColorScheme="auto" withCssVariables={false}>
      <Notifications position="top-right" classNames={{ root: toasts.root }} />
      {children}
    </MantineProvider>
  );
}
