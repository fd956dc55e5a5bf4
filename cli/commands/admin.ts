// `admin create`: the operator's way in when the bootstrap admin is lost or another is needed.
import { userJson } from "../format";
import type { Command } from "../registry";

const accounts = () => import("../../src/server/services/accounts");

const adminCreate: Command = {
  path: ["admin", "create"],
  summary: "Create an administrator account (active, email verified)",
  json: true,
  description:
    "JSON shape: { user: { id, email, name, role, status, ... } }\n" +
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
  },
  async run(c, { options: o }) {
    const { adminCreateUser } = await accounts();
    const user = await adminCreateUser(await c.ctx(), { email: o.email, password: o.password, name: o.name, role: "ADMIN", status: "ACTIVE" });
    if (o.json) c.json({ user: userJson(user) });
    else c.out(`created administrator ${user.email} (${user.id})`);
  },
};

export const adminCommands: Command[] = [adminCreate];
