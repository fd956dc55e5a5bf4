"use client";
// Cloudflare Turnstile, rendered explicitly into our own div. Tokens are single use: the parent
// bumps `resetSignal` after every submit so the widget issues a fresh one.
import { Box, Text } from "@mantine/core";
import { useComputedColorScheme } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

interface TurnstileApi {
  render(el: HTMLElement, opts: Record<string, unknown>): string;
  reset(id?: string): void;
  remove(id?: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_SRC = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile missing")));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error("turnstile failed to load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function Turnstile({ siteKey, onToken, resetSignal }: { siteKey: string; onToken: (token: string | null) => void; resetSignal: number }) {
  const t = useTranslations("auth");
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<string | null>(null);
  const tokenCb = useRef(onToken);
  useEffect(() => {
    tokenCb.current = onToken;
  });
  const [failed, setFailed] = useState(false);
  const scheme = useComputedColorScheme("light");

  useEffect(() => {
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled || !box.current) return;
        widget.current = api.render(box.current, {
          sitekey: siteKey,
          theme: scheme,
          callback: (token: string) => tokenCb.current(token),
          "expired-callback": () => tokenCb.current(null),
          "error-callback": () => tokenCb.current(null),
        });
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      if (widget.current && window.turnstile) window.turnstile.remove(widget.current);
      widget.current = null;
    };
  }, [siteKey, scheme]);

  useEffect(() => {
    if (resetSignal === 0) return;
    tokenCb.current(null);
    if (widget.current && window.turnstile) window.turnstile.reset(widget.current);
  }, [resetSignal]);

  return (
    <Box>
      <div ref={box} data-testid="turnstile" style={{ minHeight: 65 }} />
      {failed ? (
        <Text size="sm" c="red">
          {t("captchaLoadFailed")}
        </Text>
      ) : null}
    </Box>
  );
}
