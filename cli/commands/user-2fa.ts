// `user reset-2fa`: the way back in for someone who lost both their authenticator and their
// recovery codes. The operator checks who is asking before running it; it is audited.
import type { Command } from "../registry";

const accounts = () => import("../../src/server/services/accounts");

const userReset2fa: Command = {
  path: ["user", "reset-2fa"],
  summary: "Turn off a user's two-factor sign-in and passkeys (lost device) and end their sessions",
  json: true,
  description:
    "Removes the user's authenticator, recovery codes and passkeys; they then log in with the password alone and can set up two-factor sign-in again. " +
    "Their open sessions end. JSON shape: { email, hadTwoFactor, passkeysRemoved }",
  positionals: [{ name: "email", description: "the user's email address", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { getUserByEmail, resetTwoFactor } = await accounts();
    const ctx = await c.ctx();
    const found = await getUserByEmail(ctx, String(p.email));
    const r = await resetTwoFactor(ctx, found.id);
    if (o.json) c.json({ email: found.email, hadTwoFactor: r.hadTwoFactor, passkeysRemoved: r.passkeysRemoved });
    else if (r.hadTwoFactor || r.passkeysRemoved) c.out(`two-factor sign-in${r.passkeysRemoved ? ` and ${r.passkeysRemoved} passkey(s)` : ""} removed for ${found.email}; their sessions have ended`);
    else c.out(`${found.email} had no two-factor sign-in; nothing changed`);
  },
};

export const userTwoFactorCommands: Command[] = [userReset2fa];
