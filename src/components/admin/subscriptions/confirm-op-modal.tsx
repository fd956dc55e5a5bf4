"use client";
// One confirmation for a subscription operation, single or batch: says what happens, shows the
// server's refusal in the page's language, and for a permanent delete asks for DELETE to be typed.
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { FormError } from "../../forms/form-error";
import { OP_COLORS } from "./op-look";
import type { SubscriptionOp } from "./subscription-codes";

const DELETE_WORD = "DELETE";

interface Props {
  op: SubscriptionOp | null;
  title: string;
  children: ReactNode;
  busy: boolean;
  error: string | null;
  onConfirm: (op: SubscriptionOp) => void;
  onClose: () => void;
  testId: string;
}

export function ConfirmOpModal({ op, title, children, busy, error, onConfirm, onClose, testId }: Props) {
  const t = useTranslations("adminSubscriptions");
  const [typed, setTyped] = useState("");
  // Start empty each time it opens: adjusted while rendering, not in an effect.
  const [shownOp, setShownOp] = useState(op);
  if (op !== shownOp) {
    setShownOp(op);
    setTyped("");
  }
  const ready = op !== "delete" || typed.trim() === DELETE_WORD;
  return (
    <Modal opened={!!op} onClose={busy ? () => undefined : onClose} title={title} centered>
      <Stack gap="sm" data-testid={testId} data-op={op ?? undefined}>
        <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
          {children}
        </Text>
        {op === "delete" ? (
          <TextInput label={t("typeToDelete")} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" data-testid={`${testId}-type`} data-autofocus />
        ) : null}
        <FormError>{error}</FormError>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t("keep")}
          </Button>
          <Button color={op ? OP_COLORS[op] : undefined} onClick={() => op && onConfirm(op)} disabled={!ready} loading={busy} data-testid={`${testId}-submit`} data-autofocus={op !== "delete" || undefined}>
            {op ? t(`ops.${op}`) : ""}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
