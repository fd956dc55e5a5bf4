"use client";
// A form that refuses to submit leads the person to the problem: the first field marked invalid
// (in page order) is scrolled to the middle of the view and focused, whether the browser's own
// checks or the server found it. Mantine sets aria-invalid="true" on every input whose `error` is
// set (fields that do not, such as Switch, pass it themselves), so no form lists its fields here.
import { useCallback, useEffect, useRef, useState } from "react";

export const INVALID_SELECTOR = '[aria-invalid="true"]';

/** The part of an element this needs; a real HTMLElement in the page, a stand-in in unit tests. */
export interface InvalidField {
  disabled?: boolean;
  type?: string;
  scrollIntoView(options: ScrollIntoViewOptions): void;
  focus(options?: FocusOptions): void;
}

/**
 * Scrolls the first invalid, focusable field inside `root` to the middle of the view and focuses
 * it. `querySelectorAll` answers in document order, which is page order. Returns the field, or
 * null when there is none (a form-level error only).
 */
export function focusFirstInvalid<E extends InvalidField>(root: { querySelectorAll(selector: string): Iterable<E> } | null | undefined): E | null {
  if (!root) return null;
  for (const el of root.querySelectorAll(INVALID_SELECTOR)) {
    if (el.disabled || el.type === "hidden") continue;
    // Centered, not at an edge: the sticky header and a sticky save bar would cover it there.
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
    return el;
  }
  return null;
}

/**
 * For a form whose errors live in React state: put `ref` on the <form> and call `focusInvalid()`
 * in the same update that sets the errors; the field is focused once they are on the page.
 */
export function useFocusFirstInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request > 0) focusFirstInvalid(ref.current);
  }, [request]);
  const focusInvalid = useCallback(() => setRequest((n) => n + 1), []);
  return { ref, focusInvalid };
}
