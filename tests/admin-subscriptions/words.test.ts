// The subscription and traffic pages show codes as words (messages/<locale>/admin-subscriptions.json):
// every value of the schema's enums has one distinct word in both languages, never the code itself,
// and the browser's copies of the codes match the schema.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TRAFFIC_RESET_STRATEGIES } from "@/server/db/schema/catalog";
import { NODE_CLIENT_STATES, SUBSCRIPTION_KINDS, SUBSCRIPTION_STATUSES } from "@/server/db/schema/commerce";
import { ACCESS_OUTCOMES, ACCESS_SOURCES } from "@/server/db/schema/delivery";
import {
  ACCESS_OUTCOME_CODES,
  ACCESS_SOURCE_CODES,
  opsFor,
  PANEL_STATE_CODES,
  RESET_STRATEGY_CODES,
  SUBSCRIPTION_KIND_CODES,
  SUBSCRIPTION_OPS,
  SUBSCRIPTION_STATUS_CODES,
} from "@/components/admin/subscriptions/subscription-codes";
import { TRAFFIC_RANGES } from "@/server/services/traffic";

const LOCALES = ["en", "zh-CN"] as const;
type Tree = { [k: string]: string | Tree };
const load = (locale: string) => (JSON.parse(readFileSync(path.resolve("messages", locale, "admin-subscriptions.json"), "utf8")) as { adminSubscriptions: Tree }).adminSubscriptions;
const at = (tree: Tree, dotted: string) => dotted.split(".").reduce<Tree>((t, k) => t[k] as Tree, tree) as Record<string, string>;

const MAPS: [string, readonly string[]][] = [
  ["statuses", SUBSCRIPTION_STATUSES],
  ["kinds", SUBSCRIPTION_KINDS],
  ["ops", SUBSCRIPTION_OPS],
  ["batchTitle", SUBSCRIPTION_OPS],
  ["batchText", SUBSCRIPTION_OPS],
  ["confirmTitle", SUBSCRIPTION_OPS],
  ["confirmText", SUBSCRIPTION_OPS],
  ["done", SUBSCRIPTION_OPS],
  ["detail.panelState", NODE_CLIENT_STATES],
  ["detail.outcomes", ACCESS_OUTCOMES],
  ["detail.sources", ACCESS_SOURCES],
  ["detail.resets", TRAFFIC_RESET_STRATEGIES],
  ["ranges", TRAFFIC_RANGES],
];

describe.each(LOCALES)("subscription words in %s", (locale) => {
  const messages = load(locale);
  it.each(MAPS)("%s has one distinct word per code, never the code", (map, codes) => {
    const words = at(messages, map);
    expect(Object.keys(words).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect(words[code]!.trim()).not.toBe("");
      expect(words[code]).not.toBe(code);
      // A shouting code (ACTIVE, token_invalid) must not show through; lowercase ones (suspend) are
      // ordinary English words, which a sentence may well contain.
      if (code !== code.toLowerCase() || code.includes("_")) expect(words[code]).not.toContain(code);
    }
    expect(new Set(Object.values(words)).size).toBe(codes.length);
  });
});

it("the browser's copies of the codes match the schema", () => {
  expect([...SUBSCRIPTION_STATUS_CODES]).toEqual([...SUBSCRIPTION_STATUSES]);
  expect([...SUBSCRIPTION_KIND_CODES]).toEqual([...SUBSCRIPTION_KINDS]);
  expect([...PANEL_STATE_CODES]).toEqual([...NODE_CLIENT_STATES]);
  expect([...ACCESS_OUTCOME_CODES]).toEqual([...ACCESS_OUTCOMES]);
  expect([...ACCESS_SOURCE_CODES]).toEqual([...ACCESS_SOURCES]);
  expect([...RESET_STRATEGY_CODES]).toEqual([...TRAFFIC_RESET_STRATEGIES]);
});

it("offers the operations the service accepts for each status", () => {
  const now = Date.parse("2025-03-10T00:00:00Z");
  const later = new Date(now + 86_400_000);
  const earlier = new Date(now - 1);
  expect(opsFor({ status: "ACTIVE", expiresAt: later }, now)).toEqual(["suspend", "cancel", "delete"]);
  expect(opsFor({ status: "SUSPENDED", expiresAt: later }, now)).toEqual(["activate", "cancel", "delete"]);
  // A suspended subscription whose time ran out comes back by renewal, not activation.
  expect(opsFor({ status: "SUSPENDED", expiresAt: earlier }, now)).toEqual(["cancel", "delete"]);
  expect(opsFor({ status: "EXPIRED", expiresAt: earlier }, now)).toEqual(["cancel", "delete"]);
  expect(opsFor({ status: "CANCELLED", expiresAt: later }, now)).toEqual(["delete"]);
});
