// `user list` and `user set-status`: thin wrappers over the accounts service verbs.
import { table, userJson } from "../format";
import type { Command } from "../registry";

const accounts = () => import("../../src/server/services/accounts");

const userList: Command = {
  path: ["user", "list"],
  summary: "List users (newest first), with search, filters and pages",
  json: true,
  description: "JSON shape: { users: [{ id, email, name, role, status, emailVerifiedAt, lastLoginAt, createdAt }], total, page, pageSize }",
  options: {
    q: { type: "string", valueName: "text", description: "search email and name" },
    role: { type: "string", valueName: "ADMIN|USER", description: "only this role" },
    status: { type: "string", valueName: "status", description: "only this status (ACTIVE, PENDING_EMAIL, DISABLED, BANNED)" },
    page: { type: "string", valueName: "n", description: "page number (default 1)" },
    "page-size": { type: "string", valueName: "n", description: "rows per page, 1-200 (default 20)" },
  },
  async run(c, { options: o }) {
    const { listUsers } = await accounts();
    const result = await listUsers(await c.ctx(), {
      q: o.q,
      role: typeof o.role === "string" ? o.role.toUpperCase() : undefined,
      status: typeof o.status === "string" ? o.status.toUpperCase() : undefined,
      page: o.page,
      pageSize: o["page-size"],
    });
    if (o.json) {
      c.json({ users: result.rows.map(userJson), total: result.total, page: result.page, pageSize: result.pageSize });
      return;
    }
    if (result.rows.length === 0) {
      c.out(result.total === 0 ? "No users." : `No users on page ${result.page} (${result.total} in total).`);
      return;
    }
    const rows = result.rows.map((u) => {
      const j = userJson(u);
      return [j.email, j.name, j.role, j.status, j.createdAt?.slice(0, 10) ?? "", j.id];
    });
    for (const line of table(["EMAIL", "NAME", "ROLE", "STATUS", "CREATED", "ID"], rows)) c.out(line);
    const pages = Math.max(1, Math.ceil(result.total / result.pageSize));
    c.out(`page ${result.page} of ${pages}, ${result.total} user${result.total === 1 ? "" : "s"}`);
  },
};

const userSetStatus: Command = {
  path: ["user", "set-status"],
  summary: "Set a user's status: ACTIVE, DISABLED or BANNED (leaving ACTIVE ends their sessions)",
  json: true,
  description:
    "JSON shape: { user: { id, email, name, role, status, ... } }\n" +
    "DISABLED and BANNED need --reason, which the audit log keeps; for ACTIVE it is an optional note.",
  positionals: [
    { name: "email", description: "the user's email address", required: true },
    { name: "status", description: "ACTIVE | DISABLED | BANNED", required: true },
  ],
  options: {
    reason: { type: "string", valueName: "text", description: "why (1-500 characters); required for DISABLED and BANNED" },
  },
  async run(c, { options: o, positionals: p }) {
    const { getUserByEmail, parseInput, setUserStatus, StatusInput } = await accounts();
    // Checked before the lookup so a typo in the status is reported even for a wrong email.
    const status = parseInput(StatusInput, String(p.status).toUpperCase());
    const ctx = await c.ctx();
    const found = await getUserByEmail(ctx, String(p.email));
    const user = await setUserStatus(ctx, found.id, { status, reason: o.reason });
    if (o.json) c.json({ user: userJson(user) });
    else c.out(`${user.email} is now ${user.status}`);
  },
};

export const userCommands: Command[] = [userList, userSetStatus];
