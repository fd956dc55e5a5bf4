"use client";
import { Badge, MantineProvider, createTheme } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import { readableColors } from "./readable-colors";
import toasts from "./toasts.module.css";

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  // Badges carry words from the label catalogue; Mantine's upper-casing made "Active" look like the code ACTIVE.
  components: { Badge: Badge.extend({ defaultProps: { tt: "none" } }) },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={readableColors}>
      <Notifications position="top-right" classNames={{ root: toasts.root }} />
      {children}
    </MantineProvider>
  );
}
