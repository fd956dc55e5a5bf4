"use client";
// The admin's switch for whether users see a node, with the state in words beside it (a new node is
// "hidden until the first successful sync": off, but not yet a choice the admin made).
import { Group, Stack, Switch, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { setNodeVisibility } from "@/app/admin/nodes/actions";
import { useCan } from "@/components/admin/staff-permissions";
import { notifyError, notifySuccess } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";

export type NodeVisibility = "PENDING" | "VISIBLE" | "HIDDEN";

export function VisibilitySwitch({ node, hint = false }: { node: { id: string; name: string; visibility: NodeVisibility }; hint?: boolean }) {
  const t = useTranslations("nodes.visibility");
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  // Shown to a read-only role without letting it change (nodes.write, issue 29).
  const mayChange = useCan()("nodes.write");
  const visible = node.visibility === "VISIBLE";

  const flip = async (on: boolean) => {
    setBusy(true);
    const r = await setNodeVisibility(node.id, on).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    notifySuccess(t(on ? "shown" : "hidden", { name: node.name }));
    router.refresh();
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Switch
          checked={visible}
          disabled={busy || !mayChange}
          onChange={(e) => flip(e.currentTarget.checked)}
          aria-label={t("switch", { name: node.name })}
          data-testid="node-visibility-switch"
        />
        <Text size="sm" c={visible ? undefined : "dimmed"} data-testid="node-visibility" data-visibility={node.visibility}>
          {t(node.visibility)}
        </Text>
      </Group>
      {hint ? (
        <Text size="xs" c="dimmed">
          {t("hint")}
        </Text>
      ) : null}
    </Stack>
  );
}
