// The only reader of process.env. Parsed once with zod; embedded-default secrets are generated on
// first start and kept in DATA_DIR so restarts keep sessions and encrypted values readable.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./auth/password-policy";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(emptyToUndefined, s.optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: opt(z.url()),
  DATABASE_URL: opt(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")),
  REDIS_URL: opt(z.string().regex(/^rediss?:\/\//, "must be a redis:// URL")),
  // Namespace for our keys, so several deployments (or test runs) can share one Redis.
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, "letters, digits, ':', '_' or '-' (at most 64)").default("rb:"),
  DATA_DIR: z.string().default("./data"),
  AUTH_SECRET: opt(z.string().min(32, "must be at least 32 characters")),
  ENCRYPTION_KEY: opt(z.string()),
  ENCRYPTION_KEYS_PREVIOUS: opt(z.string()),
  EDITION: z.enum(["base", "wallet"]).default("base"),
  ADMIN_EMAIL: opt(z.email()),
  ADMIN_PASSWORD: opt(z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)),
  TRUSTED_PROXIES: opt(z.string()),
  SMTP_URL: opt(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
  SMTP_FROM: opt(z.string()),
  TURNSTILE_VERIFY_URL: opt(z.url()),
  // One MMDB for both address families (MaxMind's GeoLite2/GeoIP2 City or an ip-location-db city
  // file); unset: the GeoLite2 City files of the pinned npm package (one per family).
  GEOIP_MMDB_PATH: opt(z.string()),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  JOBS_DISABLED: opt(z.enum(["1", "true"])),
  // The subscription gate's in-process read model (services/subscription-content/read-model): how
  // many subscriptions and aggregate links one instance holds; 0 reads the database on every fetch.
  SUBSCRIPTION_CACHE_ENTRIES: z.coerce.number().int().min(0).max(5_000_000).default(50_000),
  // Testing only: every periodic job ticks at this interval instead of its own (minutes for most),
  // so a test can watch several instances run them at once.
  JOBS_INTERVAL_MS: opt(z.coerce.number().int().min(100).max(3_600_000)),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "AUTH_SECRET" | "ENCRYPTION_KEY"> & {
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
  dataDir: string;
  appUrl: string;
  embedded: boolean;
};

function readKeptSecrets(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

/** Fills AUTH_SECRET / ENCRYPTION_KEY from DATA_DIR/secrets.json, generating them once if needed. */
function keptSecrets(dataDir: string, missing: string[]): Record<string, string> {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "secrets.json");
  const kept = readKeptSecrets(file);
  let changed = false;
  for (const name of missing) {
    if (!kept[name]) {
      kept[name] = randomBytes(32).toString("base64");
      changed = true;
    }
  }
  if (changed) {
    writeFileSync(file, JSON.stringify(kept, null, 2), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return kept;
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const missing = (["AUTH_SECRET", "ENCRYPTION_KEY"] as const).filter((k) => !e[k]);
  if (missing.length && e.NODE_ENV === "production" && e.DATABASE_URL) {
    throw new Error(
      `Missing required secrets for a production deployment: ${missing.join(", ")}.\n` +
        `Set them in the environment (e.g. \`openssl rand -base64 32\` for each); every instance must share them.`,
    );
  }
  const kept = missing.length ? keptSecrets(dataDir, missing) : {};
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    ...e,
    AUTH_SECRET: e.AUTH_SECRET ?? kept.AUTH_SECRET!,
    ENCRYPTION_KEY: e.ENCRYPTION_KEY ?? kept.ENCRYPTION_KEY!,
    dataDir,
    appUrl,
    embedded: !e.DATABASE_URL,
  };
}

const g = globalThis as unknown as { __relayboardEnv?: Env };

export function env(): Env {
  if (!g.__relayboardEnv) g.__relayboardEnv = parseEnv();
  return g.__relayboardEnv;
}

/** Tests and the CLI override configuration explicitly instead of mutating process.env. */
export function setEnvForProcess(next: Env): void {
  g.__relayboardEnv = next;
}

export const isWallet = () => env().EDITION === "wallet";
