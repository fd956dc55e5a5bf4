// `migrate`: applies pending migrations (the bin applies them before every command anyway, so a
// fresh database works; this command makes it explicit and reports the result).
import type { Command } from "../registry";

const migrations = () => import("../migrations");
const errors = () => import("../../src/server/errors");

const migrate: Command = {
  path: ["migrate"],
  summary: "Apply pending database migrations and report the schema version",
  json: true,
  description: "JSON shape: { applied: [<tag>...], latest: <tag> | null, total: number, pending: number }",
  async run(c, { options: o }) {
    const applied = c.migrate ? await c.migrate() : [];
    const { migrationStatus } = await migrations();
    const status = await migrationStatus(await c.db());
    const latest = status.appliedCount > 0 ? (status.known[status.appliedCount - 1] ?? null) : null;
    const pending = Math.max(0, status.known.length - status.appliedCount);
    if (o.json) c.json({ applied, latest, total: status.appliedCount, pending });
    else {
      if (applied.length) c.out(`applied ${applied.length} migration${applied.length === 1 ? "" : "s"}: ${applied.join(", ")}`);
      else if (pending === 0) c.out("database schema is up to date");
      c.out(`schema version: ${latest ?? "(empty)"} (${status.appliedCount} of ${status.known.length} migrations)`);
    }
    // Only reachable where this process may not migrate itself (a forwarded call to an older
    // running service): the service applies them when it restarts.
    if (pending > 0) throw (await errors()).unavailable("migrations_pending", { count: pending });
  },
};

export const migrateCommands: Command[] = [migrate];
