// The CLI speaks the operator's language: RELAYBOARD_LANG when set, else the POSIX locale variables
// in their order of precedence. Chinese locales read Chinese; anything else (C, POSIX, en_US...) English.
export type CliLocale = "zh-CN" | "en";

export function cliLocale(env: Record<string, string | undefined>): CliLocale {
  for (const name of ["RELAYBOARD_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]) {
    const v = env[name]?.trim();
    if (!v) continue;
    return /^zh/i.test(v) ? "zh-CN" : "en";
  }
  return "en";
}
