// Rules in words, shared by the list and the tester: a condition as a sentence with its value set as
// code (a regex read as prose is easy to misread), an answer as a phrase.
import { Code } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { RuleAnswer, RuleCondition } from "@/server/services/subscription-content/response-rules";

/** Header names are stored lower-case; people read them as they are usually written (User-Agent). */
export const headerTitle = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

export function useRuleWords() {
  const t = useTranslations("adminSubscriptionRules");
  const condition = (c: RuleCondition): ReactNode => {
    const params = { header: headerTitle(c.header), value: c.value === "" ? '""' : c.value, v: (chunks: ReactNode) => <Code style={{ overflowWrap: "anywhere" }}>{chunks}</Code> };
    return c.not ? t.rich(`notCond.${c.op}`, params) : t.rich(`cond.${c.op}`, params);
  };
  const answer = (then: RuleAnswer): string => {
    if ("format" in then) return t("then.format", { format: then.format });
    if ("page" in then) return t("then.page");
    if ("drop" in then) return t("then.drop");
    if (then.status === 404) return then.message ? t("then.status404Message", { message: then.message }) : t("then.status404");
    return then.message ? t("then.status451Message", { message: then.message }) : t("then.status451");
  };
  return { condition, answer };
}
