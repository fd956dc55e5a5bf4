// `settings get` / `settings set`. Values go through the settings service's zod schema (the same
// one the admin page uses); secret values are written encrypted and never printed back.
import type { SettingKey } from "../../src/server/services/settings";
import { UsageError } from "../args";
import type { Command } from "../registry";

/** The settings verbs and the key checks built on the service's tables, loaded when a command runs. */
async function settingsService() {
  const [s, { validationError }] = await Promise.all([import("../../src/server/services/settings"), import("../../src/server/errors")]);
  return {
    ...s,
    validationError,
    KEYS: Object.keys(s.SettingsSchema.shape) as SettingKey[],
    isKey: (k: string): k is SettingKey => Object.hasOwn(s.SETTINGS_DEFAULTS, k),
    isSystemKey: (k: string) => (s.SYSTEM_SETTINGS as readonly string[]).includes(k),
    unknownKey: (k: string) => validationError("setting_unknown", { key: k }),
  };
}

const secretState = (set: boolean) => (set ? "(set)" : "(not set)");

const settingsGet: Command = {
  path: ["settings", "get"],
  summary: "Show all settings, or one setting's value (secrets only as (set)/(not set))",
  json: true,
  description:
    "JSON shapes: all -> { settings: { <key>: <value> }, secretsSet: { <secretKey>: boolean } };\n" +
    "one -> { key, secret: false, value } or { key, secret: true, set: boolean }",
  positionals: [{ name: "key", description: "a setting name, e.g. siteName" }],
  async run(c, { options: o, positionals: p }) {
    const { getSettings, isKey, isSecretSetting, KEYS, unknownKey } = await settingsService();
    const s = await getSettings(await c.ctx());
    const values = s as unknown as Record<string, unknown>;
    const secretsSet = s.secretsSet as Record<string, boolean>;
    const key = p.key as string | undefined;

    if (key !== undefined) {
      if (!isKey(key)) throw unknownKey(key);
      if (isSecretSetting(key)) {
        if (o.json) c.json({ key, secret: true, set: secretsSet[key] });
        else c.out(secretState(secretsSet[key]!));
      } else if (o.json) c.json({ key, secret: false, value: values[key] });
      // One key prints the bare value so a shell can capture it: x=$(relayboard settings get siteName)
      else c.out(typeof values[key] === "string" ? (values[key] as string) : JSON.stringify(values[key]));
      return;
    }

    if (o.json) {
      const settings = Object.fromEntries(KEYS.filter((k) => !isSecretSetting(k)).map((k) => [k, values[k]]));
      c.json({ settings, secretsSet });
      return;
    }
    const width = Math.max(...KEYS.map((k) => k.length)) + 2;
    for (const k of KEYS) {
      const shown = isSecretSetting(k) ? secretState(secretsSet[k]!) : JSON.stringify(values[k]);
      c.out(`${k.padEnd(width)}${shown}`);
    }
  },
};

const settingsSet: Command = {
  path: ["settings", "set"],
  summary: "Change settings: key=value pairs, validated together as on the admin page",
  json: true,
  description:
    "Values are parsed by the settings schema: true/false (also on/off, 1/0) for switches, numbers for\n" +
    "numeric fields, text otherwise. Secrets (smtpPassword, turnstileSecretKey) are stored encrypted and\n" +
    "never printed; remove one with --clear. Example: relayboard settings set siteName=Acme smtpPort=465\n" +
    "JSON shape: { changed: [<key>...] } (keys whose value really changed)",
  positionals: [{ name: "key=value", description: "one or more assignments", variadic: true }],
  options: {
    clear: { type: "string", valueName: "secretKey", description: "remove a stored secret", multiple: true },
  },
  async run(c, { options: o, positionals: p }) {
    const pairs = (p["key=value"] as string[] | undefined) ?? [];
    const clear = (o.clear as string[] | undefined) ?? [];
    if (pairs.length === 0 && clear.length === 0) throw new UsageError("nothing to set: give key=value pairs or --clear <secretKey>");
    const { isKey, isSecretSetting, isSystemKey, unknownKey, updateSettings, validationError } = await settingsService();

    const input: Record<string, string> = {};
    for (const pair of pairs) {
      const eq = pair.indexOf("=");
      if (eq <= 0) throw new UsageError(`expected key=value, got '${pair}'`);
      const key = pair.slice(0, eq);
      if (Object.hasOwn(input, key)) throw new UsageError(`setting '${key}' given more than once`);
      input[key] = pair.slice(eq + 1);
    }
    for (const key of [...Object.keys(input), ...clear]) {
      if (!isKey(key)) throw unknownKey(key);
      if (isSystemKey(key)) throw validationError("setting_system", { key });
    }
    for (const key of clear) {
      if (!isSecretSetting(key)) throw validationError("setting_not_secret", { key });
      if (Object.hasOwn(input, key)) throw new UsageError(`setting '${key}' both set and cleared`);
    }
    // The service reads an empty secret as "keep the stored one"; on a command line that would
    // silently do nothing, so say how to really remove it.
    for (const [key, value] of Object.entries(input)) {
      if (isSecretSetting(key) && value === "") throw validationError("setting_secret_clear", { key });
    }

    const changed = await updateSettings(await c.ctx(), input, { clearSecrets: clear });
    if (o.json) c.json({ changed });
    else c.out(changed.length ? `updated: ${changed.join(", ")}` : "nothing changed");
  },
};

export const settingsCommands: Command[] = [settingsGet, settingsSet];
