// Staff from the command line (issue 29): `admin create` (the operator's way in when the bootstrap
// admin is lost or another is needed), `admin role` and `admin list`.
import { table, userJson } from "../format";
import type { Command } from "../registry";

const accounts = () => import("../../src/server/services/accounts");
const staff = () => import("../../src/server/services/staff");

const adminCreate: Command = {
  path: ["admin", "create"],
  summary: "Create a staff account (active, email verified); an owner unless --role says otherwise",
  json: true,
  description:
    "JSON shape: { user: { id, email, name, role, status, ... } }\n" +
    "With --role the account must set up two-factor sign-in (TOTP or a passkey) before its first admin page opens, like invited staff; without it, an owner as before.\n" +
    "The password comes from --password-stdin, RELAYBOARD_ADMIN_PASSWORD or a hidden prompt; --password also works but stays in the shell history.",
  options: {
    email: { type: "string", valueName: "email", description: "login email", required: true },
    password: {
      type: "string",
      valueName: "password",
      description: "login password, at least 8 characters (discouraged on the command line)",
      required: true,
      secret: { env: "RELAYBOARD_ADMIN_PASSWORD", prompt: "Password: " },
    },
    name: { type: "string", valueName: "name", description: "display name (default: the part before @)" },
    role: { type: "string", valueName: "role", description: "owner | admin | support | finance | operations, or a custom role's name" },
  },
  async run(c, { options: o }) {
    const { createStaff } = await staff();
    // Without --role: today's full administrator, who signs in as before (the operator's way back in).
    const role = typeof o.role === "string" ? o.role : undefined;
    const user = await createStaff(await c.ctx(), { email: o.email, password: o.password, name: o.name, role: role ?? "owner", secondFactorRequired: role !== undefined });
    if (o.json) c.json({ user: userJson(user) });
    else if (!role) c.out(`created administrator ${user.email} (${user.id})`);
    else c.out(`created staff member ${user.email} (${user.id}) with the role ${role}; a second factor must be set up before the admin pages open`);
  },
};

const adminRole: Command = {
  path: ["admin", "role"],
  summary: "Give a staff member another role; every session of theirs ends",
  json: true,
  description: "JSON shape: { email, role, changed }",
  positionals: [
    { name: "email", description: "the staff member's email address", required: true },
    { name: "role", description: "owner | admin | support | finance | operations, or a custom role's name", required: true },
  ],
  async run(c, { options: o, positionals: p }) {
    const [{ getUserByEmail }, { changeStaffRole }] = await Promise.all([accounts(), staff()]);
    const ctx = await c.ctx();
    const found = await getUserByEmail(ctx, String(p.email));
    const r = await changeStaffRole(ctx, found.id, { role: String(p.role) });
    if (o.json) return c.json({ email: r.email, role: r.role, changed: r.changed });
    c.out(r.changed ? `${r.email} is now ${r.role}; their sessions have ended` : `${r.email} already has the role ${r.role}`);
  },
};

interface AdminListEntry { email: string; role: string; status: string; twoFactor: boolean; passkeys: number }

const adminList: Command = {
  path: ["admin", "list"],
  summary: "List the staff: role, status and second factors",
  json: true,
  description: "JSON shape: [{ email, role, status, twoFactor, passkeys }] (twoFactor: TOTP enabled; passkeys: how many)",
  async run(c, { options: o }) {
    const { listStaff } = await staff();
    const ctx = await c.ctx();
    const all: AdminListEntry[] = [];
    for (let page = 1; ; page++) {
      const r = await listStaff(ctx, { page, pageSize: 200 });
      all.push(...r.rows.map((s) => ({ email: s.email, role: s.role, status: s.status, twoFactor: s.twoFactor, passkeys: s.passkeys })));
      if (page * r.pageSize >= r.total) break;
    }
    if (o.json) return c.json(all);
    for (const line of table(["EMAIL", "ROLE", "STATUS", "2FA", "PASSKEYS"], all.map((s) => [s.email, s.role, s.status, s.twoFactor ? "yes" : "no", String(s.passkeys)]))) c.out(line);
    c.out(`${all.length} staff`);
  },
};

export const adminCommands: Command[] = [adminCreate, adminRole, adminList];
