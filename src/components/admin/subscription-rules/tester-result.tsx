// The tester's verdict in words: the rule that answered (or none), its answer, the extra headers and,
// for a format, what the endpoint would send as content type.
import { Alert, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { RuleVerdict } from "@/server/services/subscription-content/rules-admin";
import { HeaderList } from "./header-list";
import { useRuleWords } from "./rule-words";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

interface Props {
  verdict: RuleVerdict;
  /** A ?format= was given: with no rule matching, that format is served (not base64). */
  asked: boolean;
  /** Tested against the editor's text rather than the saved rules. */
  draft: boolean;
}

export function TesterResult({ verdict, asked, draft }: Props) {
  const t = useTranslations("adminSubscriptionRules.tester");
  const w = useRuleWords();
  const headers = Object.keys(verdict.headers).length ? verdict.headers : null;
  return (
    <Alert variant="light" color={verdict.rule === null ? "gray" : "blue"} title={t("result")} data-testid="rules-tester-result" role="status">
      <Stack gap={6}>
        <Fact label={t("rule")}>
          <span data-testid="rules-tester-rule">{verdict.rule ?? (asked ? t("noRuleAsked") : t("noRule"))}</span>
        </Fact>
        <Fact label={t("answer")}>{w.answer(verdict.then)}</Fact>
        {verdict.preview ? <Fact label={t("contentType")}>{t("contentTypeValue", { type: verdict.preview.contentType, extension: verdict.preview.extension })}</Fact> : null}
        <Fact label={t("extraHeaders")}>{headers ? <HeaderList headers={headers} /> : t("noHeaders")}</Fact>
        <Text size="xs" c="dimmed">
          {draft ? t("ofDraft") : t("ofSaved")}
        </Text>
      </Stack>
    </Alert>
  );
}
