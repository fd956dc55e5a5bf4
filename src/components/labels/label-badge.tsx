"use client";
// A state as a badge: the catalogue's word (never the code), in sentence case (the theme turns off
// Mantine's upper-casing, which made "Active" read like the code ACTIVE), never squeezed by a long
// neighbour in a flex row. `data-status` keeps the code for tests and styles.
import { Badge, type BadgeProps } from "@mantine/core";
import type { ReactNode } from "react";
import type { LabelFamilies, LabelFamily } from "./catalogue";
import { useLabels } from "./use-labels";

interface Props<F extends LabelFamily> extends Omit<BadgeProps, "children"> {
  family: F;
  code: LabelFamilies[F];
  testId?: string;
  leftSection?: ReactNode;
}

export function LabelBadge<F extends LabelFamily>({ family, code, testId, variant = "light", ...rest }: Props<F>) {
  const label = useLabels();
  return (
    <Badge variant={variant} {...rest} style={{ flexShrink: 0, maxWidth: "none" }} styles={{ label: { overflow: "visible" } }} data-testid={testId} data-status={code}>
      {label(family, code)}
    </Badge>
  );
}
