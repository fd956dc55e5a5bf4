"use client";
import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";

/**
 * Mantine's PasswordInput marks an error with `data-invalid` only; every other input gets
 * aria-invalid. This one sets it too, so screen readers hear "invalid" and focusFirstInvalid finds
 * a refused password like any other field. Its eye button is named in the page's language and says
 * what it will do ("Show password" / "Hide password"); Mantine's own name is English only. With a
 * text label it names its field too ("Show password: New password"), so the eye buttons of a form's
 * several password fields are told apart. Use it instead of PasswordInput.
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useTranslations("forms.password");
  const tl = useTranslations("live.password");
  const [shown, setShown] = useState(props.defaultVisible ?? false);
  const visible = props.visible ?? shown;
  const field = typeof props.label === "string" ? props.label : typeof props["aria-label"] === "string" ? props["aria-label"] : null;
  const eyeName = field ? tl(visible ? "hideOf" : "showOf", { field }) : t(visible ? "hide" : "show");
  return (
    <PasswordInput
      aria-invalid={props.error ? true : undefined}
      {...props}
      visibilityToggleButtonProps={{ "aria-label": eyeName, ...props.visibilityToggleButtonProps }}
      onVisibilityChange={(v) => {
        setShown(v);
        props.onVisibilityChange?.(v);
      }}
    />
  );
}
