"use client";
// The rule list as JSON text: save (the verb checks it and lists its problems by path), discard the
// edits, or go back to the shipped defaults after a confirmation.
import { Button, Card, Group, Stack, Textarea, Title } from "@mantine/core";
import { IconDeviceFloppy, IconRestore } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { restoreDefaultResponseRulesAction, saveResponseRulesAction } from "@/app/admin/subscription-rules/actions";
import { FormError } from "@/components/forms/form-error";
import { notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText, type UiError } from "@/components/forms/server-error";
import { ConfirmModal } from "@/components/nodes/confirm-modal";
import type { ResponseRule } from "@/server/services/subscription-content/response-rules";
import { ProblemList } from "./problem-list";
import { parseRulesText, problemsOf, ruleNames, type RuleProblem } from "./rule-text";

export const rulesText = (rules: readonly ResponseRule[]) => JSON.stringify(rules, null, 2);

const mono = { input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: "var(--mantine-font-size-xs)" } };

interface Props {
  text: string;
  onChange: (text: string) => void;
  /** The rules in force as text, for "discard my changes". */
  savedText: string;
  /** MAX_RULES, from the page: the rules module stays out of the browser bundle. */
  max: number;
}

export function RulesEditor({ text, onChange, savedText, max }: Props) {
  const t = useTranslations("adminSubscriptionRules.editor");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<RuleProblem[]>([]);
  const [busy, setBusy] = useState<"save" | "restore" | null>(null);
  const [restoreOpen, setRestoreOpen] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  const refused = (err: UiError) => {
    const list = problemsOf(err);
    setProblems(list);
    // A refused list is summed up here and listed below; every other error in its catalogue words.
    setError(list.length ? t("notSaved", { count: list.length }) : messageOf(err));
  };

  const save = async () => {
    const parsed = parseRulesText(text);
    setProblems([]);
    if (!parsed.ok) return setError(t("notJson", { detail: parsed.error }));
    setBusy("save");
    setError(null);
    const r = await saveResponseRulesAction(parsed.value).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return refused(r.error);
    onChange(rulesText(r.data.rules));
    notifySuccess(t("saved"));
    router.refresh();
  };

  const restore = async () => {
    setBusy("restore");
    setRestoreError(null);
    const r = await restoreDefaultResponseRulesAction().catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(null);
    if (!r.ok) return setRestoreError(messageOf(r.error));
    setRestoreOpen(false);
    setError(null);
    setProblems([]);
    onChange(rulesText(r.data.rules));
    notifySuccess(t("restored"));
    router.refresh();
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("title")}
        </Title>
        <FormError>{error}</FormError>
        <ProblemList problems={problems} names={problems.length ? ruleNames(text) : []} testId="rules-problems" />
        <Textarea
          label={t("label")}
          description={t("hint", { max })}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          autosize
          minRows={10}
          maxRows={28}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          error={problems.length > 0}
          styles={mono}
          data-testid="rules-editor"
        />
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={busy === "save"} disabled={busy !== null && busy !== "save"} data-testid="rules-save">
            {t("save")}
          </Button>
          <Button variant="default" onClick={() => onChange(savedText)} disabled={busy !== null || text === savedText} data-testid="rules-revert">
            {t("revert")}
          </Button>
          <Button variant="light" color="red" leftSection={<IconRestore size={16} />} onClick={() => setRestoreOpen(true)} disabled={busy !== null} data-testid="rules-restore">
            {t("restore")}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={restoreOpen}
        title={t("restoreTitle")}
        confirmLabel={t("restoreConfirm")}
        busy={busy === "restore"}
        error={restoreError}
        onConfirm={restore}
        onClose={() => setRestoreOpen(false)}
        testId="rules-restore"
      >
        {t("restoreBody")}
      </ConfirmModal>
    </Card>
  );
}
