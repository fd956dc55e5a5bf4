// The server's problems with a rule list, by rule number and name then the path inside the rule,
// since a text area cannot point at a line.
import { List, ListItem } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { RuleProblem } from "./rule-text";

export function ProblemList({ problems, names, testId }: { problems: RuleProblem[]; names: string[]; testId: string }) {
  const t = useTranslations("adminSubscriptionRules.editor");
  if (!problems.length) return null;
  const where = (path: string) => {
    const [head, ...rest] = path.split(".");
    if (!head || !/^\d+$/.test(head)) return path ? `${t("theList")} · ${path}` : t("theList");
    const i = Number(head);
    const rule = names[i] ? t("ruleNamed", { number: i + 1, name: names[i] }) : t("rule", { number: i + 1 });
    return rest.length ? `${rule} · ${rest.join(".")}` : rule;
  };
  return (
    <List size="sm" c="red" spacing={2} data-testid={testId}>
      {problems.map((p, i) => (
        <ListItem key={i} style={{ overflowWrap: "anywhere" }}>
          {where(p.path)}: {p.message}
        </ListItem>
      ))}
    </List>
  );
}
