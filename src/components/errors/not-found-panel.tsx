import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/links";
import { ErrorPanel } from "./error-panel";

/** The 404 pages' title, the same in every area. */
export async function notFoundMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors"))("notFoundTitle") };
}

/** The 404 panel of every area: the same words, and a way back that the area chooses. */
export async function NotFoundPanel({ back }: { back: { href: string; label: string; testId: string } }) {
  const t = await getTranslations("errors");
  return (
    <ErrorPanel
      code="404"
      title={t("notFoundTitle")}
      message={t("notFoundMessage")}
      actions={
        <ButtonLink href={back.href} data-testid={back.testId}>
          {back.label}
        </ButtonLink>
      }
    />
  );
}
