import { Stack } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentProviderCard } from "@/components/admin/payments/provider-card";
import { PageHeading } from "@/components/shell/page-heading";
import { requestCtx, requireAdminPage } from "@/server/auth/session";
import { listPaymentProviderConfigs } from "@/server/services/payments-config";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("adminPayments"))("title") };
}

export default async function PaymentsPage() {
  await requireAdminPage("payments.secrets");
  const [providers, t] = await Promise.all([listPaymentProviderConfigs(await requestCtx()), getTranslations("adminPayments")]);
  return (
    <Stack gap="md" maw={1000}>
      <PageHeading title={t("title")} subtitle={t("subtitle")} />
      {providers.map((p) => (
        <PaymentProviderCard key={p.provider} view={p} />
      ))}
    </Stack>
  );
}
