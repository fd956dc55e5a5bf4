"use client";
// The tester: a request's User-Agent, other headers and ?format=, answered by testResponseRules (the
// endpoint's own matching, never a copy of it), against the saved rules or the editor's text.
import { Button, Card, Select, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { testResponseRulesAction } from "@/app/admin/subscription-rules/actions";
import { FormError } from "@/components/forms/form-error";
import { networkError, useErrorText } from "@/components/forms/server-error";
import type { RuleVerdict } from "@/server/services/subscription-content/rules-admin";
import { ProblemList } from "./problem-list";
import { headersFromText, parseRulesText, problemsOf, ruleNames, type RuleProblem } from "./rule-text";
import { TesterResult } from "./tester-result";

interface Props {
  /** The editor's text, tested when the switch is on. */
  draftText: string;
  /** The formats ?format= takes (SERVED_FORMATS, from the page). */
  formats: readonly string[];
}

export function RulesTester({ draftText, formats }: Props) {
  const t = useTranslations("adminSubscriptionRules.tester");
  const te = useTranslations("adminSubscriptionRules.editor");
  const { messageOf } = useErrorText();
  const [ua, setUa] = useState("");
  const [headerText, setHeaderText] = useState("");
  const [format, setFormat] = useState<string | null>(null);
  const [useDraft, setUseDraft] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<RuleProblem[]>([]);
  const [result, setResult] = useState<{ verdict: RuleVerdict; asked: boolean; draft: boolean } | null>(null);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setProblems([]);
    const headers = headersFromText(ua, headerText);
    if (!headers.ok) return setError(t("badLine", { line: headers.line }));
    let draft: unknown = undefined;
    if (useDraft) {
      const parsed = parseRulesText(draftText);
      if (!parsed.ok) return setError(te("notJson", { detail: parsed.error }));
      draft = parsed.value;
    }
    setBusy(true);
    const r = await testResponseRulesAction({ headers: headers.headers, format, ...(useDraft ? { draft } : {}) }).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) {
      const list = problemsOf(r.error);
      setProblems(list);
      setResult(null);
      return setError(list.length ? te("draftRefused", { count: list.length }) : messageOf(r.error));
    }
    setResult({ verdict: r.data, asked: !!format, draft: useDraft });
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={run} aria-label={t("title")}>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              {t("title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("hint")}
            </Text>
          </div>
          <TextInput label={t("ua")} placeholder={t("uaPlaceholder")} value={ua} onChange={(e) => setUa(e.currentTarget.value)} spellCheck={false} autoCapitalize="off" autoCorrect="off" data-testid="rules-tester-ua" />
          <Textarea
            label={t("headers")}
            description={t("headersHint")}
            placeholder="Accept: text/html"
            value={headerText}
            onChange={(e) => setHeaderText(e.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={8}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            data-testid="rules-tester-headers"
          />
          <Select label={t("format")} placeholder={t("formatNone")} data={[...formats]} value={format} onChange={setFormat} clearable searchable={false} data-testid="rules-tester-format" />
          <Switch label={t("draft")} checked={useDraft} onChange={(e) => setUseDraft(e.currentTarget.checked)} data-testid="rules-tester-draft" />
          <FormError>{error}</FormError>
          <ProblemList problems={problems} names={problems.length ? ruleNames(draftText) : []} testId="rules-tester-problems" />
          <div>
            <Button type="submit" leftSection={<IconPlayerPlay size={16} />} loading={busy} data-testid="rules-tester-run">
              {t("run")}
            </Button>
          </div>
          {result ? <TesterResult {...result} /> : null}
        </Stack>
      </form>
    </Card>
  );
}
