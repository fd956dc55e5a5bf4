"use client";
import { PasswordInput, type PasswordInputProps } from "@mantine/core";

/**
 * Mantine's PasswordInput marks an error with `data-invalid` only; every other input gets
 * aria-invalid. This one sets it too, so screen readers hear "invalid" and focusFirstInvalid finds
 * a refused password like any other field. Use it instead of PasswordInput.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
