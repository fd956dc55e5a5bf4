"use client";
import { Card, Stack, Text } from "@mantine/core";
import { useDeferredValue, useMemo } from "react";
import { MAX_BODY_CHARS, renderMarkdown } from "@/server/services/announcements/markdown";
import { MarkdownBody } from "./markdown-body";

interface Props {
  title: string;
  body: string;
  words: { label: string; empty: string; count: (count: number, max: number) => string };
  testId: string;
  /** The article's language, when it is not the page's (a help center article in the other one). */
  lang?: string;
  /** A help center article's title reads as a page title; an announcement's as a heading. */
  large?: boolean;
}

/**
 * The editors' live preview (announcements, help center articles): rendered by the same safe renderer
 * the readers get, deferred so typing stays responsive on a long body.
 */
export function MarkdownPreview({ title, body, words, testId, lang, large }: Props) {
  const deferred = useDeferredValue(body);
  const html = useMemo(() => renderMarkdown(deferred), [deferred]);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {words.label}
      </Text>
      <Card withBorder padding="sm" mih={large ? 160 : 120} lang={lang} data-testid={testId}>
        {title.trim() ? (
          <Text fw={large ? 700 : 600} size={large ? "lg" : undefined} mb={6} style={{ overflowWrap: "anywhere" }}>
            {title}
          </Text>
        ) : null}
        {deferred.trim() ? (
          <MarkdownBody html={html} />
        ) : (
          <Text size="sm" c="dimmed">
            {words.empty}
          </Text>
        )}
      </Card>
      <Text size="xs" c="dimmed">
        {words.count(body.length, MAX_BODY_CHARS)}
      </Text>
    </Stack>
  );
}
