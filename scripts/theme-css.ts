// Writes src/app/theme-variables.css from the theme (src/components/theme-css.ts). Run after changing
// the theme or readable-colors.ts: `node --import tsx scripts/theme-css.ts`; tests/ui/theme-css.test.ts
// fails while the file is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { themeVariablesCss } from "../src/components/theme-css";

const file = path.join(import.meta.dirname, "..", "src", "app", "theme-variables.css");
writeFileSync(file, themeVariablesCss());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
