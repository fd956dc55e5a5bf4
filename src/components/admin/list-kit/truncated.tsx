"use client";
// A cell whose text may not fit: cut with an ellipsis, and the whole text in a tooltip (and in the
// accessible name), so nothing is hidden from the admin.
import { Text, Tooltip, type TextProps } from "@mantine/core";

export function Truncated({ text, maw = 240, ...rest }: { text: string; maw?: number | string } & Omit<TextProps, "children" | "truncate">) {
  return (
    <Tooltip label={text} openDelay={300} multiline maw={420} style={{ overflowWrap: "anywhere" }} events={{ hover: true, focus: true, touch: true }}>
      <Text size="sm" truncate="end" maw={maw} title={undefined} data-truncated {...rest}>
        {text}
      </Text>
    </Tooltip>
  );
}
