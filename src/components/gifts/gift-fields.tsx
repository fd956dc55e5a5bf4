"use client";
// "This is a gift" in the buy dialog (issue 28 item 3): a switch and the recipient's address. The
// order is then placed with `giftEmail` and, once paid, mails the recipient a link to claim it.
import { Stack, Switch, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";

/** Enough of an address to send; the server checks it properly (and refuses the buyer's own). */
const looksLikeEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim());

export interface GiftState {
  on: boolean;
  email: string;
  /** The server's word on the address (gift_to_self, a malformed address), shown under the field. */
  error: string | null;
  setOn(on: boolean): void;
  setEmail(email: string): void;
  setError(error: string | null): void;
  /** What buy now sends: the address while the switch is on, else nothing. */
  readonly giftEmail: string | undefined;
  /** The switch is off, or the address looks sendable. */
  readonly ready: boolean;
}

export function useGiftState(initiallyOn = false): GiftState {
  const [on, setOn] = useState(initiallyOn);
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  return {
    on,
    email,
    error,
    setOn,
    setEmail: (v) => {
      setEmail(v);
      setError(null);
    },
    setError,
    giftEmail: on ? email.trim() : undefined,
    ready: !on || looksLikeEmail(email),
  };
}

export function GiftFields({ state, disabled }: { state: GiftState; disabled?: boolean }) {
  const t = useTranslations("gifts.buy");
  const [touched, setTouched] = useState(false);
  const shownError = state.error ?? (touched && state.on && !state.ready ? t("emailInvalid") : null);
  return (
    <Stack gap={6} data-testid="buy-gift">
      <Switch checked={state.on} onChange={(e) => state.setOn(e.currentTarget.checked)} label={t("toggle")} description={t("toggleHint")} disabled={disabled} data-testid="buy-gift-toggle" />
      {state.on ? (
        <TextInput
          type="email"
          label={t("email")}
          placeholder={t("emailPlaceholder")}
          value={state.email}
          onChange={(e) => state.setEmail(e.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={shownError}
          autoComplete="off"
          maxLength={254}
          required
          disabled={disabled}
          data-testid="buy-gift-email"
        />
      ) : null}
    </Stack>
  );
}
