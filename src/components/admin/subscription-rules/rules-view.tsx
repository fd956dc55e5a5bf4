// The rules in force, read-only and in order: number, name, conditions and answer in words, extra
// headers. One bordered block per rule rather than a table, so a long regex wraps on a phone.
import { Badge, Card, Group, List, ListItem, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ResponseRule } from "@/server/services/subscription-content/response-rules";
import { HeaderList } from "./header-list";
import { useRuleWords } from "./rule-words";

function RuleItem({ rule, number }: { rule: ResponseRule; number: number }) {
  const t = useTranslations("adminSubscriptionRules");
  const w = useRuleWords();
  const conditions = rule.when ? ("all" in rule.when ? rule.when.all : rule.when.any) : [];
  const headers = Object.keys(rule.headers ?? {}).length ? rule.headers : null;
  return (
    <Paper component="li" withBorder p="sm" radius="sm" data-testid="rules-item">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Badge variant="default" style={{ flexShrink: 0 }}>
            {number}
          </Badge>
          <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
            {rule.name}
          </Text>
        </Group>
        {rule.when ? (
          <div>
            <Text size="sm" c="dimmed">
              {"all" in rule.when ? t("whenAll") : t("whenAny")}
            </Text>
            <List size="sm" spacing={2}>
              {conditions.map((c, i) => (
                <ListItem key={i} style={{ overflowWrap: "anywhere" }}>
                  {w.condition(c)}
                </ListItem>
              ))}
            </List>
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {t("always")}
          </Text>
        )}
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t("answer")}:{" "}
          </Text>
          <Text span fw={500} size="sm" style={{ overflowWrap: "anywhere" }}>
            {w.answer(rule.then)}
          </Text>
        </Text>
        {headers ? (
          <div>
            <Text size="sm" c="dimmed">
              {t("extraHeaders")}:
            </Text>
            <HeaderList headers={headers} />
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}

export function RulesView({ rules, custom }: { rules: readonly ResponseRule[]; custom: boolean }) {
  const t = useTranslations("adminSubscriptionRules");
  return (
    <Card withBorder padding="lg" data-testid="rules-list">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4">
            {t("inForce")}
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t("count", { count: rules.length })}
            </Text>
            <Badge color={custom ? "blue" : "gray"} variant="light" data-testid="rules-badge">
              {custom ? t("badgeCustom") : t("badgeDefaults")}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {t("firstMatch")}
        </Text>
        {rules.length === 0 ? (
          <Text size="sm">{t("empty")}</Text>
        ) : (
          <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
            {rules.map((r, i) => (
              <RuleItem key={r.name} rule={r} number={i + 1} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
