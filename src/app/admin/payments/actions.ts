"use server";
// Admin payment methods: thin wrappers; admins only (the wrapper and the verbs check); the verbs validate the input.
import { args, fields, str } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import { testPaymentProvider, updatePaymentProviderConfig } from "@/server/services/payments-config";

export async function savePaymentProvider(...a: [provider: string, input: Record<string, unknown>]) {
  return runAction(args(["provider", str], ["input", fields]), a, (ctx, [provider, input]) => updatePaymentProviderConfig(ctx, provider, input), { revalidate: ["/admin/payments"], permission: "payments.secrets" });
}

export async function testPaymentProviderAction(...a: [provider: string]) {
  return runAction(args(["provider", str]), a, (ctx, [provider]) => testPaymentProvider(ctx, provider), { permission: "payments.secrets" });
}
