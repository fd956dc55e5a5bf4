// Traffic amounts: the one formatter lives in src/i18n/format.ts (this path is what pages import).
export { formatBytes } from "@/i18n/format";
