import { Button } from "@mantine/core";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { ErrorPanel } from "@/components/errors/error-panel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

export default async function NotFound() {
  const t = await getTranslations("errors");
  return (
    <ErrorPanel
      code="404"
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      actions={
        <Button component={Link} href="/">
          {t("home")}
        </Button>
      }
    />
  );
}
