"use client";
// The server's per-field errors as the words each field shows: every field code has a sentence in
// the error catalogue (tests/i18n/error-catalogue.test.ts), worded with its parameters, so a
// field never shows a bare code such as `wrong`.
import { useErrorText } from "./server-error";

export function useFieldErrorTexts() {
  return useErrorText().fieldMessages;
}
