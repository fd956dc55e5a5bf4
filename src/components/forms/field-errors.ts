"use client";
// The server's per-field errors as the words each field shows. A field code the UI has no words
// for (such as `wrong` on a current password) is never shown as the bare code: the field then shows
// the error's own message (translated by its reason where we can).
import { useCallback } from "react";
import { fieldErrorsOf, useErrorText, type UiError } from "./server-error";

const CODE = /^[a-z]+(?:_[a-z]+)*$/;

export function useFieldErrorTexts() {
  const { messageOf, fieldText } = useErrorText();
  return useCallback(
    (err: UiError): Record<string, string> =>
      Object.fromEntries(
        Object.entries(fieldErrorsOf(err)).map(([k, v]) => {
          const text = fieldText(k, v);
          return [k, text === v && CODE.test(v) ? messageOf(err) : text];
        }),
      ),
    [messageOf, fieldText],
  );
}
