"use client";
import { Button } from "@mantine/core";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { ErrorPanel } from "@/components/errors/error-panel";
import { SupportContact } from "@/components/site/support-contact";

/** Errors below the root layout. Server errors arrive without their message, only a digest. */
export default function ErrorPage({ error, retry, reset }: { error: unknown; retry?: () => void; reset?: () => void }) {
  const t = useTranslations("errors");
  const digest = typeof error === "object" && error !== null && "digest" in error ? String((error as { digest?: unknown }).digest ?? "") : "";
  const again = retry ?? reset;
  return (
    <ErrorPanel
      code="500"
      title={t("title")}
      message={t("message")}
      reference={digest || undefined}
      referenceLabel={t("reference")}
      support={<SupportContact c="dimmed" />}
      actions={
        <>
          {again ? (
            <Button onClick={() => again()} data-testid="error-retry">
              {t("retry")}
            </Button>
          ) : null}
          <Button component={Link} href="/" variant="default">
            {t("home")}
          </Button>
        </>
      }
    />
  );
}
