"use client";
import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** The one error alert of a form; Playwright finds it by its test id. */
export function FormError({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="form-error" role="alert">
      {children}
    </Alert>
  );
}
