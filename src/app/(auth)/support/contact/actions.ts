"use server";
// The public contact form's two steps: send the message (a mail with a link goes out), then confirm
// it from the link. Anyone may run them signed out; the verbs rate-limit and validate.
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { confirmSupportContact, requestSupportContact } from "@/server/services/support";

const SIGNED_OUT = { allowWhileRestricted: true };

export async function sendSupportContactAction(...a: [input: Record<string, unknown>]) {
  return runAction(args(["input", fields]), a, (ctx, [input]) => requestSupportContact(ctx, input), SIGNED_OUT);
}

export async function confirmSupportContactAction(...a: [token: string]) {
  return runAction(args(["token", str]), a, (ctx, [token]) => confirmSupportContact(ctx, { token }), SIGNED_OUT);
}
