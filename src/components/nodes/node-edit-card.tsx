"use client";
import { Card, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { NodeForm, type EditableNode } from "./node-form";

export function NodeEditCard({ node }: { node: EditableNode }) {
  const t = useTranslations("nodes.form");
  return (
    <Card withBorder padding="lg" data-testid="node-edit">
      <Text fw={600}>{t("editTitle")}</Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t("editHint")}
      </Text>
      <NodeForm mode="edit" node={node} />
    </Card>
  );
}
