"use client";
import { TextInput, type TextInputProps } from "@mantine/core";

/** What the field takes: a 6-digit authenticator code, a recovery code, or either. */
export type CodeKind = "totp" | "recovery" | "either";

const PLACEHOLDER: Record<CodeKind, string> = { totp: "123456", recovery: "abcde-fghjk", either: "123456 / abcde-fghjk" };

/** A field for a two-factor code that phones fill from the keyboard's one-time-code suggestion. */
export function CodeInput({ accepts, ...props }: TextInputProps & { accepts: CodeKind }) {
  const digits = accepts === "totp";
  return (
    <TextInput
      inputMode={digits ? "numeric" : "text"}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={digits ? 7 : 24}
      placeholder={PLACEHOLDER[accepts]}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.1em" } }}
      {...props}
    />
  );
}
