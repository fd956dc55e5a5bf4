"use client";
// Shown while rows are chosen: how many, the batch actions, and a way to clear the choice.
import { Button, Card, Checkbox, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { FormError } from "../../forms/form-error";
import type { Selection } from "./use-selection";

interface Props {
  selection: Selection;
  countLabel: string;
  clearLabel: string;
  testId: string;
  error?: string | null;
  busy?: boolean;
  children: ReactNode;
}

export function BatchBar({ selection, countLabel, clearLabel, testId, error, busy, children }: Props) {
  if (selection.chosen.length === 0) return null;
  return (
    <Card withBorder padding="xs" data-testid={testId}>
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" fw={500}>
          {countLabel}
        </Text>
        <Group gap="xs" wrap="wrap">
          {children}
          <Button size="compact-sm" variant="default" onClick={selection.clear} disabled={busy}>
            {clearLabel}
          </Button>
        </Group>
      </Group>
      <FormError>{error ?? null}</FormError>
    </Card>
  );
}

/** The header's (or, on a phone, the list's) "select all" box. */
export function SelectAll({ selection, label, testId, withLabel }: { selection: Selection; label: string; testId: string; withLabel?: boolean }) {
  return (
    <Checkbox
      label={withLabel ? label : undefined}
      aria-label={withLabel ? undefined : label}
      checked={selection.all}
      indeterminate={selection.some}
      disabled={selection.size === 0}
      onChange={selection.toggleAll}
      data-testid={testId}
    />
  );
}

/** One row's box. */
export function SelectRow({ selection, id, label, testId, disabled }: { selection: Selection; id: string; label: string; testId: string; disabled?: boolean }) {
  return <Checkbox checked={selection.has(id)} disabled={disabled} onChange={(e) => selection.toggle(id, e.currentTarget.checked)} aria-label={label} data-testid={testId} />;
}
