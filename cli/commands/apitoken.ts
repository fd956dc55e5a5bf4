// `apitoken create|list|revoke`: API tokens for /api/v1/ (README "API tokens"). The token is printed
// once, by `create`; it is stored only as a keyed hash, so nothing can print it again.
import { table } from "../format";
import type { Command } from "../registry";

const apiTokens = () => import("../../src/server/services/api-tokens");

// Spelled out here (not imported) so `--help` loads no service module.
const SCOPE_HELP = [
  "Scopes (comma-separated):",
  "  read:users           list users and read one",
  "  read:orders          list orders",
  "  read:subscriptions   list subscriptions",
  "  write:subscriptions  suspend, activate and grant subscriptions",
].join("\n");

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const create: Command = {
  path: ["apitoken", "create"],
  summary: "Create an API token and print it once",
  json: true,
  description: `JSON shape: { id, token } (the token is not shown again)\n\n${SCOPE_HELP}`,
  options: {
    name: { type: "string", required: true, description: "who or what uses the token" },
    scopes: { type: "string", required: true, valueName: "a,b", description: "what the token may do (see below)" },
    expires: { type: "string", valueName: "iso", description: "expiry as an ISO date-time, e.g. 2027-01-01T00:00:00Z (default: none)" },
  },
  async run(c, { options: o }) {
    const { createApiToken } = await apiTokens();
    const r = await createApiToken(await c.ctx(), { name: o.name, scopes: o.scopes, expiresAt: o.expires });
    if (o.json) return c.json({ id: r.id, token: r.token });
    c.out(`API token created (${r.id}). Copy it now; it is shown only this once:`);
    c.out(r.token);
  },
};

const list: Command = {
  path: ["apitoken", "list"],
  summary: "List API tokens (never the tokens themselves)",
  json: true,
  description: "JSON shape: { tokens: [{ id, name, prefix, scopes, state, expiresAt, lastUsedAt, revokedAt, createdAt, createdBy }] }",
  async run(c, { options: o }) {
    const { listApiTokens } = await apiTokens();
    const rows = await listApiTokens(await c.ctx());
    if (o.json) {
      return c.json({
        tokens: rows.map((r) => ({
          id: r.id,
          name: r.name,
          prefix: r.prefix,
          scopes: r.scopes,
          state: r.state,
          expiresAt: iso(r.expiresAt),
          lastUsedAt: iso(r.lastUsedAt),
          revokedAt: iso(r.revokedAt),
          createdAt: iso(r.createdAt),
          createdBy: r.createdBy?.email ?? null,
        })),
      });
    }
    if (!rows.length) return c.out("No API tokens.");
    const lines = table(
      ["NAME", "PREFIX", "SCOPES", "STATE", "EXPIRES", "LAST USED", "ID"],
      rows.map((r) => [r.name.replace(/\s+/g, " "), r.prefix, r.scopes.join(","), r.state, iso(r.expiresAt) ?? "-", iso(r.lastUsedAt) ?? "never", r.id]),
    );
    for (const line of lines) c.out(line);
  },
};

const revoke: Command = {
  path: ["apitoken", "revoke"],
  summary: "Revoke an API token (its next call is refused)",
  json: true,
  description: "JSON shape: { id, revokedAt }",
  positionals: [{ name: "id", description: "token id (from apitoken list)", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { revokeApiToken } = await apiTokens();
    const r = await revokeApiToken(await c.ctx(), String(p.id));
    if (o.json) return c.json({ id: r.id, revokedAt: r.revokedAt.toISOString() });
    c.out(`API token ${r.id} revoked.`);
  },
};

export const apiTokenCommands: Command[] = [create, list, revoke];
