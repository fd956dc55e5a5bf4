"use client";
// A small button with an icon before its words (compact-button.module.css), for the light pages.
import type { TablerIcon } from "@tabler/icons-react";
import type { ComponentProps } from "react";
import classes from "./compact-button.module.css";
import { OUTLINE_IN_CSS } from "./outline-icon";

interface Props extends ComponentProps<"button"> {
  icon: TablerIcon;
  variant?: "default" | "light";
  "data-testid"?: string;
}

export function CompactButton({ icon: Icon, variant = "default", children, className, ...rest }: Props) {
  return (
    <button type="button" className={className ? `${classes.button} ${className}` : classes.button} data-variant={variant} {...rest}>
      <Icon size={14} aria-hidden {...OUTLINE_IN_CSS} />
      {children}
    </button>
  );
}
