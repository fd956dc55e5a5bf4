// The order and task pages show codes as words (messages/<locale>/admin-orders.json): every value
// of the schema's enums has a word in both languages, not the code itself, and no stray words.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TASK_STATUSES } from "@/server/db/schema/audit";
import { ORDER_KINDS, ORDER_PAY_METHODS, ORDER_STATUSES, PAID_VIA, PAYMENT_PROVIDERS, PAYMENT_STATUSES, REVIEW_STATUSES } from "@/server/db/schema/commerce";
import { ORDER_STATUS_CODES, PROVIDER_CODES, REVIEW_STATUS_CODES } from "@/components/admin/orders/order-codes";
import { TASK_STATUS_CODES } from "@/components/admin/tasks/task-codes";

const LOCALES = ["en", "zh-CN"] as const;
const load = (locale: string) => JSON.parse(readFileSync(path.resolve("messages", locale, "admin-orders.json"), "utf8")) as Record<string, Record<string, Record<string, string>>>;

const MAPS: [string, string, readonly string[]][] = [
  ["adminOrders", "orderStatus", ORDER_STATUSES],
  ["adminOrders", "reviewStatus", REVIEW_STATUSES],
  ["adminOrders", "providers", ORDER_PAY_METHODS],
  ["adminOrders", "paidVias", PAID_VIA],
  ["adminOrders", "kinds", ORDER_KINDS],
  ["adminOrders", "paymentStatus", PAYMENT_STATUSES],
  ["adminTasks", "taskStatus", TASK_STATUSES],
];

describe.each(LOCALES)("order and task words in %s", (locale) => {
  const messages = load(locale);
  it.each(MAPS)("%s.%s has one distinct word per code, never the code", (ns, map, codes) => {
    const words = messages[ns]![map]!;
    expect(Object.keys(words).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(words[code]!.trim()).not.toBe("");
      expect(words[code]).not.toContain(code);
    }
    expect(new Set(Object.values(words)).size).toBe(codes.length);
  });
});

it("the browser's copies of the filter codes match the schema", () => {
  expect([...ORDER_STATUS_CODES]).toEqual([...ORDER_STATUSES]);
  expect([...REVIEW_STATUS_CODES]).toEqual([...REVIEW_STATUSES]);
  expect([...PROVIDER_CODES]).toEqual([...PAYMENT_PROVIDERS]);
  expect([...TASK_STATUS_CODES]).toEqual([...TASK_STATUSES]);
});
