"use server";
// The account page's passkeys card. Each verb checks the session itself (requireUser) and, once the
// account has a passkey, asks a password session for a code (services/passkeys/step-up.ts).
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { finishPasskeyRegistration, removeMyPasskey, renameMyPasskey, startPasskeyRegistration } from "@/server/services/passkeys";

const Fields = args(["input", fields]);

export async function startPasskeyRegistrationAction(...a: [input: { code?: string }]) {
  return runAction(Fields, a, (ctx, [input]) => startPasskeyRegistration(ctx, input));
}

export async function finishPasskeyRegistrationAction(...a: [input: { challengeId: string; name: string; response: unknown }]) {
  return runAction(Fields, a, (ctx, [input]) => finishPasskeyRegistration(ctx, input), { revalidate: ["/account"] });
}

export async function renamePasskeyAction(...a: [id: string, name: string]) {
  return runAction(args(["id", str], ["name", str]), a, (ctx, [id, name]) => renameMyPasskey(ctx, { id, name }), { revalidate: ["/account"] });
}

export async function removePasskeyAction(...a: [input: { id: string; code?: string }]) {
  return runAction(Fields, a, (ctx, [input]) => removeMyPasskey(ctx, input), { revalidate: ["/account"] });
}
