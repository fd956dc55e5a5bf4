import { Text } from "@mantine/core";
import type { ReactNode } from "react";

/** A small dimmed label over a value that may wrap anywhere (emails, URLs): used in info cards. */
export function LabeledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}
