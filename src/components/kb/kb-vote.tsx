"use client";
// "Was this article helpful?": two buttons that show the reader's answer (aria-pressed), changeable
// at any time and withdrawable. The vote is stored by a Server Action (src/app/kb/actions.ts).
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconThumbDown, IconThumbUp } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { voteKbArticleAction } from "@/app/kb/actions";
import { FormError } from "@/components/forms/form-error";
import { networkError, useErrorText } from "@/components/forms/server-error";

export function KbVote({ articleId, initial }: { articleId: string; initial: boolean | null }) {
  const t = useTranslations("kb.helpful");
  const { messageOf } = useErrorText();
  const [vote, setVote] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async (helpful: boolean | null) => {
    setBusy(true);
    setError(null);
    const r = await voteKbArticleAction(articleId, helpful).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return setError(messageOf(r.error));
    setVote(r.data.helpful);
  };
  return (
    <Card withBorder padding="md" radius="md" data-testid="kb-vote" data-vote={vote === null ? "none" : vote ? "yes" : "no"}>
      <Stack gap="sm">
        <Text fw={600} id="kb-vote-question">
          {t("question")}
        </Text>
        <Group gap="sm" role="group" aria-labelledby="kb-vote-question">
          <Button variant={vote === true ? "filled" : "default"} leftSection={<IconThumbUp size={16} />} aria-pressed={vote === true} loading={busy} onClick={() => void send(true)} data-testid="kb-vote-yes">
            {t("yes")}
          </Button>
          <Button variant={vote === false ? "filled" : "default"} leftSection={<IconThumbDown size={16} />} aria-pressed={vote === false} loading={busy} onClick={() => void send(false)} data-testid="kb-vote-no">
            {t("no")}
          </Button>
        </Group>
        {vote !== null ? (
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed" role="status" data-testid="kb-vote-thanks">
              {vote ? t("thanksYes") : t("thanksNo")}
            </Text>
            <Button variant="subtle" size="compact-sm" disabled={busy} onClick={() => void send(null)} data-testid="kb-vote-undo">
              {t("takeBack")}
            </Button>
          </Group>
        ) : null}
        <FormError>{error}</FormError>
      </Stack>
    </Card>
  );
}
