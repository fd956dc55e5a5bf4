"use client";
// A link to another admin page that the staff member's role may not open (issue 29) is plain text:
// the record is still named, but no link leads to a "no access" page.
import { Text, type AnchorProps } from "@mantine/core";
import type { ReactNode } from "react";
import type { Permission } from "@/server/auth/permissions";
import { AnchorLink } from "../links";
import { useCan } from "./staff-permissions";

type Props = AnchorProps & { permission: Permission; href: string; children?: ReactNode; "data-testid"?: string };

export function PermittedLink({ permission, href, children, ...rest }: Props) {
  const can = useCan();
  if (can(permission)) {
    return (
      <AnchorLink href={href} {...rest}>
        {children}
      </AnchorLink>
    );
  }
  const { size, fw, c, ff, style } = rest;
  return (
    <Text span size={size} fw={fw} c={c} ff={ff} style={style}>
      {children}
    </Text>
  );
}
