"use client";
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";

/**
 * Mantine's PasswordInput marks an error with `data-invalid` only; every other input gets
 * aria-invalid. This one sets it too, so screen readers hear "invalid" and focusFirstInvalid finds
 * a refused password like any other field. Its eye button is named in the page's language and says
 * what it will do ("Show password" / "Hide password"); Mantine's own name is English only. Use it
 * instead of PasswordInput.
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useTranslations("forms.password");
  const [shown, setShown] = useState(props.defaultVisible ?? false);
  const visible = props.visible ?? shown;
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ "aria-label": t(visible ? "hide" : "show"), ...props.visibilityToggleButtonProps }}
      onVisibilityChange={(v) => {
        setShown(v);
        props.onVisibilityChange?.(v);
      }}
    />
  );
}
