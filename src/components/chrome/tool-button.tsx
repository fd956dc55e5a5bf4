"use client";
// An icon button of the header (language, colour scheme, notifications, sign out): the icon, named by
// its aria-label, a spinner while `loading`. A plain <button> with one class (tool-button.module.css):
// the header is on every page, light pages included (issue 24 item 11). Menu and Tooltip targets
// pass their ref and handlers through the rest of the props.
import { Loader } from "@mantine/core";
import type { TablerIcon } from "@tabler/icons-react";
import type { ComponentProps } from "react";
import { OUTLINE_IN_CSS } from "../outline-icon";
import classes from "./tool-button.module.css";

interface Props extends Omit<ComponentProps<"button">, "children"> {
  icon: TablerIcon;
  label: string;
  loading?: boolean;
  "data-testid"?: string;
}

export function ToolButton({ icon: Icon, label, loading = false, disabled, className, ...rest }: Props) {
  return (
    <button type="button" className={className ? `${classes.tool} ${className}` : classes.tool} aria-label={label} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Loader size={18} color="gray" /> : <Icon size={20} {...OUTLINE_IN_CSS} />}
    </button>
  );
}
