"use server";
// Admin payment methods: thin wrappers; the verbs check for an admin caller and validate the input.
import { runAction } from "@/server/actions/run-action";
import { testPaymentProvider, updatePaymentProviderConfig } from "@/server/services/payments-config";

export async function savePaymentProvider(provider: string, input: Record<string, unknown>) {
  return runAction((ctx) => updatePaymentProviderConfig(ctx, provider, input), { revalidate: ["/admin/payments"] });
}

export async function testPaymentProviderAction(provider: string) {
  return runAction((ctx) => testPaymentProvider(ctx, provider));
}
