// The app's Mantine theme, in a module of its own (no CSS import) so the script that writes its
// CSS variables (scripts/theme-css.ts) can load it outside the bundler.
import { Badge, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', 'PingFang SC', 'Microsoft YaHei', sans-serif",
  // Badges carry words from the label catalogue; Mantine's upper-casing made "Active" look like the code ACTIVE.
  components: { Badge: Badge.extend({ defaultProps: { tt: "none" } }) },
});
