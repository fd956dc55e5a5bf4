// Extra response headers as `Name: value` lines, for the rule list and the tester's result.
import { Code, Stack } from "@mantine/core";
import { headerTitle } from "./rule-words";

export function HeaderList({ headers }: { headers: Record<string, string> }) {
  return (
    <Stack gap={2}>
      {Object.entries(headers).map(([name, value]) => (
        <Code key={name} style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}>
          {`${headerTitle(name)}: ${value}`}
        </Code>
      ))}
    </Stack>
  );
}
