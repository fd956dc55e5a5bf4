"use client";
// The page's working area: the list in force beside the tester (which stays in view while the list
// scrolls on a wide screen), the editor below; the editor's text is held here because the tester
// can test it before it is saved. A role that may only read the rules gets the list and the tester.
import { Grid, Stack } from "@mantine/core";
import { useState, type ReactNode } from "react";
import type { ResponseRule } from "@/server/services/subscription-content/response-rules";
import { RulesEditor, rulesText } from "./rules-editor";
import { RulesTester } from "./rules-tester";
import { useCan } from "../staff-permissions";

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
  // Testing is a read (settings.read); the editor saves, which is settings.write (issue 29).
  const mayEdit = useCan()("settings.write");
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
      {mayEdit ? <RulesEditor text={text} onChange={setText} savedText={savedText} max={max} /> : null}
    </Stack>
  );
}
