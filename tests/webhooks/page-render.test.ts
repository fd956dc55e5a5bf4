// The webhooks page's client components render in both languages with the real message files and
// no missing or malformed message (next-intl reports those through console.error): the endpoint
// list (rows in every state, and empty), the delivery log (rows, empty, filtered), and a word for
// every event type this site can send.
import { MantineProvider } from "@mantine/core";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "../../src/server/services/events/types";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => {}, refresh: () => {}, replace: () => {} }), usePathname: () => "/admin/webhooks", useSearchParams: () => new URLSearchParams() }));

async function messages(locale: string): Promise<AbstractIntlMessages> {
  const base = (await import(`../../messages/${locale}.json`)).default as AbstractIntlMessages;
  const parts = await Promise.all(["errors", "nodes", "list-kit", "webhooks"].map(async (a) => (await import(`../../messages/${locale}/${a}.json`)).default as AbstractIntlMessages));
  return Object.assign({}, base, ...parts) as AbstractIntlMessages;
}

async function render(locale: "en" | "zh-CN", children: ReactNode): Promise<{ html: string; errors: string[] }> {
  const msgs = await messages(locale);
  const errors: string[] = [];
  const orig = console.error;
  console.error = (...a: unknown[]) => errors.push(a.map(String).join(" "));
  try {
    const html = renderToString(h(MantineProvider, null, h(NextIntlClientProvider, { locale, messages: msgs, timeZone: "Asia/Shanghai", children })));
    return { html, errors: errors.filter((e) => /MISSING_MESSAGE|FORMATTING_ERROR|INVALID_KEY|Error/.test(e)) };
  } finally {
    console.error = orig;
  }
}

const at = new Date("2026-11-29T14:25:49Z");
const webhook = (over: Record<string, unknown>) => ({
  id: "6f0c2a52-3b1e-4c51-9d1a-0c9a3f5e7b21",
  url: "https://erp.example.com/hooks/relayboard?src=1",
  description: "ERP",
  events: ["order.paid"],
  enabled: true,
  createdAt: at,
  lastDelivery: null,
  last24h: { pending: 0, succeeded: 0, failed: 0 },
  ...over,
});
const delivery = (over: Record<string, unknown>) => ({
  id: "0d7e3c1a-8b2f-4e6d-a1c9-5b4f3e2d1c0b",
  eventId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  eventType: "order.paid",
  status: "SUCCEEDED",
  attempts: 1,
  responseStatus: 204,
  lastError: null,
  createdAt: at,
  lastAttemptAt: at,
  nextAttemptAt: null,
  ...over,
});

describe.each(["en", "zh-CN"] as const)("webhooks page in %s", (locale) => {
  it("the endpoint list, in every state, and empty", async () => {
    const { WebhooksManager } = await import("../../src/components/admin/webhooks/webhooks-manager");
    const rows = [
      webhook({ events: [...WEBHOOK_EVENT_TYPES], lastDelivery: { status: "SUCCEEDED", responseStatus: 204, at }, last24h: { pending: 1, succeeded: 20, failed: 2 } }),
      webhook({ id: "7f0c2a52-3b1e-4c51-9d1a-0c9a3f5e7b21", enabled: false, description: "", lastDelivery: { status: "FAILED", responseStatus: null, at } }),
      webhook({ id: "8f0c2a52-3b1e-4c51-9d1a-0c9a3f5e7b21", lastDelivery: { status: "PENDING", responseStatus: 500, at } }),
    ];
    const full = await render(locale, h(WebhooksManager, { rows: rows as never, eventTypes: WEBHOOK_EVENT_TYPES }));
    expect(full.errors).toEqual([]);
    expect(full.html.match(/data-testid="webhook-row"/g)).toHaveLength(3);
    expect(full.html).toContain("https://erp.example.com/hooks/relayboard?src=1");
    expect(full.html).toContain('data-status="FAILED"');
    const empty = await render(locale, h(WebhooksManager, { rows: [], eventTypes: WEBHOOK_EVENT_TYPES }));
    expect(empty.errors).toEqual([]);
    expect(empty.html).toContain('data-testid="webhooks-empty"');
  });

  it("the delivery log: rows with and without an answer, empty, filtered", async () => {
    const { DeliveriesView } = await import("../../src/components/admin/webhooks/deliveries-view");
    const target = { id: "6f0c2a52-3b1e-4c51-9d1a-0c9a3f5e7b21", url: "https://erp.example.com/hooks", enabled: true };
    const rows = [
      delivery({}),
      delivery({ id: "1d7e3c1a-8b2f-4e6d-a1c9-5b4f3e2d1c0b", status: "PENDING", responseStatus: 500, attempts: 3, lastError: "HTTP 500 (not a 2xx answer): oops", nextAttemptAt: at }),
      delivery({ id: "2d7e3c1a-8b2f-4e6d-a1c9-5b4f3e2d1c0b", status: "FAILED", responseStatus: null, eventType: "webhook.test", lastError: "connect ECONNREFUSED 127.0.0.1:1" }),
      delivery({ id: "3d7e3c1a-8b2f-4e6d-a1c9-5b4f3e2d1c0b", eventType: "retired.type" }),
    ];
    const full = await render(locale, h(DeliveriesView, { webhook: target, rows: rows as never, status: null }));
    expect(full.errors).toEqual([]);
    expect(full.html.match(/data-testid="delivery-row"/g)).toHaveLength(4);
    // Resend on each delivery that is not waiting for its retry already.
    expect(full.html.match(/data-testid="delivery-resend"/g)).toHaveLength(3);
    expect(full.html).toContain("retired.type");
    for (const status of [null, "FAILED"]) {
      const none = await render(locale, h(DeliveriesView, { webhook: target, rows: [], status }));
      expect(none.errors).toEqual([]);
      expect(none.html).toContain('data-testid="deliveries-empty"');
    }
  });

  it("every event type this site can send has its own word", async () => {
    const { useWebhookWords } = await import("../../src/components/admin/webhooks/webhook-words");
    const Names = () => {
      const words = useWebhookWords();
      return h("ul", null, [...WEBHOOK_EVENT_TYPES, "webhook.test"].map((e) => h("li", { key: e, "data-code": e }, words.eventName(e))));
    };
    const { html, errors } = await render(locale, h(Names));
    expect(errors).toEqual([]);
    const names = [...html.matchAll(/<li data-code="([^"]+)">([^<]+)<\/li>/g)].map((m) => [m[1]!, m[2]!] as const);
    expect(names).toHaveLength(WEBHOOK_EVENT_TYPES.length + 1);
    for (const [code, word] of names) expect(word, code).not.toBe(code);
    expect(new Set(names.map(([, w]) => w)).size).toBe(names.length);
  });
});
