"use server";
// The staff invitation's acceptance (issue 29): public, the token is the bearer secret; the verb
// counts guesses per IP and, for an address with an account, checks the session itself.
import { args, fields } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { acceptStaffInvite } from "@/server/services/staff";

/** `{ token, name?, password? }` -> `{ email, created }`; a new account needs the password. */
export async function acceptStaffInviteAction(...a: [input: { token: string; name?: string; password?: string }]) {
  return runAction(args(["input", fields]), a, async (ctx, [input]) => {
    const r = await acceptStaffInvite(ctx, input);
    return { email: r.email, created: r.created };
  });
}
