"use client";
import { useMediaQuery } from "@mantine/hooks";

/**
 * True below Mantine's `sm` breakpoint (48em = 768 px), where the admin tables render as stacked
 * cards. Only one layout is ever in the DOM (CSS `hiddenFrom`/`visibleFrom` would keep both, and
 * every row's test ids twice); the server and the first client render assume a desktop, and a
 * phone switches to cards in the effect right after hydration.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery("(max-width: 47.99em)", false, { getInitialValueInEffect: true });
}
