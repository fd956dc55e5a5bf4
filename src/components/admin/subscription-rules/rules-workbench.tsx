"use client";
// The page's working area: the list in force beside the tester (which stays in view while the list
// scrolls on a wide screen), the editor below; the editor's text is held here because the tester
// can test it before it is saved.
import { Grid, Stack } from "@mantine/core";
import { useState, type ReactNode } from "react";
import type { ResponseRule } from "@/server/services/subscription-content/response-rules";
import { RulesEditor, rulesText } from "./rules-editor";
import { RulesTester } from "./rules-tester";

interface Props {
  rules: readonly ResponseRule[];
  /** The read-only list, rendered by the page. */
  view: ReactNode;
  formats: readonly string[];
  max: number;
}

export function RulesWorkbench({ rules, view, formats, max }: Props) {
  const savedText = rulesText(rules);
  const [text, setText] = useState(savedText);
  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>{view}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <div style={{ position: "sticky", top: 72 }}>
            <RulesTester draftText={text} formats={formats} />
          </div>
        </Grid.Col>
      </Grid>
      <RulesEditor text={text} onChange={setText} savedText={savedText} max={max} />
    </Stack>
  );
}
