"use client";
// "Test connection and sync" for one node in the list: its outcome is one toast. A panel that
// cannot be used is a warning (the test ran, the node is unchanged), in the same words as the
// node forms; red is kept for a test that did not run at all.
import { ActionIcon, Tooltip } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { testNodeConnection } from "@/app/admin/nodes/actions";
import { notifyError, notifySuccess, notifyWarning } from "@/components/forms/notify";
import { networkError, useErrorText } from "@/components/forms/server-error";
import { useRowName } from "../a11y/row-name";
import { useSyncReason } from "./sync-result";
import { useCan } from "@/components/admin/staff-permissions";

export function TestOneButton({ node }: { node: { id: string; name: string } }) {
  const t = useTranslations("nodes");
  const reasonOf = useSyncReason();
  const rowName = useRowName();
  const router = useRouter();
  const { messageOf } = useErrorText();
  const [busy, setBusy] = useState(false);
  const mayTest = useCan()("nodes.write");
  const run = async () => {
    setBusy(true);
    const r = await testNodeConnection(node.id).catch(() => ({ ok: false as const, error: networkError() }));
    setBusy(false);
    if (!r.ok) return notifyError(messageOf(r.error));
    if (r.data.ok) notifySuccess(t("testOk", { name: node.name, count: r.data.inboundCount }));
    else notifyWarning(t("testFailed", { name: node.name, message: reasonOf(r.data) }));
    router.refresh();
  };
  // Testing syncs the node: a node write (issue 29).
  if (!mayTest) return null;
  return (
    <Tooltip label={t("testOne")}>
      <ActionIcon variant="subtle" loading={busy} onClick={run} aria-label={rowName(t("testOne"), node.name)} data-testid="node-test">
        <IconPlugConnected size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
