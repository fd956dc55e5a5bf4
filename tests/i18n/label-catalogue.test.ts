// One vocabulary (issue 24 item 3): every state family a page shows has a word for each of its codes
// in both languages (messages/<locale>/labels.json), taken from the schema's own value lists (not a
// copy), never the code itself, distinct within the family, and no word for a code the schema lacks.
// Older message maps that still word a family (label-copies.ts) must say the catalogue's word, so
// a state cannot have two words (ACTIVE was 使用中 for users and 生效中 for admins).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { labelKey, type LabelFamilies, type LabelFamily } from "@/components/labels/catalogue";
import { ORDER_STATUS_CODES, PROVIDER_CODES, REVIEW_STATUS_CODES } from "@/components/admin/orders/order-codes";
import { TASK_STATUS_CODES } from "@/components/admin/tasks/task-codes";
import { ACTOR_KIND_CODES } from "@/components/admin/logs/log-codes";
import { USER_ROLES, USER_STATUSES } from "@/server/db/schema/accounts";
import { ACTOR_KINDS, TASK_KINDS, TASK_STATUSES } from "@/server/db/schema/audit";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@/server/db/schema/audit-actions";
import { PLAN_KINDS, TRAFFIC_RESET_STRATEGIES } from "@/server/db/schema/catalog";
import { NODE_CLIENT_STATES, ORDER_KINDS, ORDER_PAY_METHODS, ORDER_STATUSES, PAID_VIA, PAYMENT_PROVIDERS, PAYMENT_STATUSES, REVIEW_STATUSES, SUBSCRIPTION_KINDS, SUBSCRIPTION_STATUSES } from "@/server/db/schema/commerce";
import { RISK_FINAL_ACTIONS, RISK_LEVELS, RISK_REASONS, RISK_REVIEW_STATUSES } from "@/server/db/schema/risk";
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from "@/server/db/schema/support-kinds";
import { CARD_KINDS, CARD_STATUSES, RECHARGE_STATUSES, REFUND_DESTINATIONS, REFUND_STATUSES, TRANSFER_STATUSES, WALLET_HOLD_STATUSES, WALLET_TX_KINDS } from "@/server/db/schema/wallet";
import { COMMISSION_STATUSES, PAYOUT_METHODS, PAYOUT_STATUSES } from "@/server/db/schema/referral";
import { API_TAGS } from "@/server/openapi/types";
import { ROUTES } from "@/server/openapi/routes";
import { LABEL_COPIES } from "./label-copies";

/** Every family with the schema's list of its codes: a family added to the catalogue type without its list fails tsc. */
const FAMILY_CODES: { [F in LabelFamily]: readonly LabelFamilies[F][] } = {
  userStatus: USER_STATUSES,
  userRole: USER_ROLES,
  orderStatus: ORDER_STATUSES,
  orderKind: ORDER_KINDS,
  reviewStatus: REVIEW_STATUSES,
  paymentStatus: PAYMENT_STATUSES,
  paymentMethod: ORDER_PAY_METHODS,
  paidVia: PAID_VIA,
  subscriptionStatus: SUBSCRIPTION_STATUSES,
  subscriptionKind: SUBSCRIPTION_KINDS,
  planKind: PLAN_KINDS,
  trafficResetStrategy: TRAFFIC_RESET_STRATEGIES,
  ticketStatus: TICKET_STATUSES,
  ticketPriority: TICKET_PRIORITIES,
  ticketCategory: TICKET_CATEGORIES,
  taskStatus: TASK_STATUSES,
  taskKind: TASK_KINDS,
  riskLevel: RISK_LEVELS,
  riskReviewStatus: RISK_REVIEW_STATUSES,
  riskReason: RISK_REASONS,
  riskFinalAction: RISK_FINAL_ACTIONS,
  cardStatus: CARD_STATUSES,
  cardKind: CARD_KINDS,
  transferStatus: TRANSFER_STATUSES,
  rechargeStatus: RECHARGE_STATUSES,
  holdStatus: WALLET_HOLD_STATUSES,
  ledgerKind: WALLET_TX_KINDS,
  refundStatus: REFUND_STATUSES,
  refundDestination: REFUND_DESTINATIONS,
  nodeClientState: NODE_CLIENT_STATES,
  actorKind: ACTOR_KINDS,
  auditTarget: AUDIT_TARGET_TYPES,
  auditAction: AUDIT_ACTIONS,
  apiTag: API_TAGS,
  referralCommissionStatus: COMMISSION_STATUSES,
  referralPayoutStatus: PAYOUT_STATUSES,
  referralPayoutMethod: PAYOUT_METHODS,
};

const LOCALES = ["en", "zh-CN"] as const;
type Tree = { [k: string]: string | Tree };
const read = (file: string): Tree => JSON.parse(readFileSync(path.resolve("messages", file), "utf8")) as Tree;
const at = (tree: Tree, dotted: string): Tree => dotted.split(".").reduce<Tree>((node, k) => node[k] as Tree, tree);
/** A code that reads like one (ACTIVE, order.refunded, usdt_trc20); a word may not contain it. */
const codeLike = (code: string) => /^[A-Z0-9_]+$/.test(code) || /[._:]/.test(code);

describe.each(LOCALES)("label catalogue in %s", (locale) => {
  const labels = read(`${locale}/labels.json`).labels as Tree;

  it.each(Object.entries(FAMILY_CODES))("%s: one distinct word per code, never the code, and only for its codes", (family, codes) => {
    const words = labels[family] as Record<string, string> | undefined;
    expect(words, `${locale}: labels.${family}`).toBeDefined();
    const keys = codes.map(labelKey);
    expect(new Set(keys).size, `${family}: two codes share a message key`).toBe(codes.length);
    expect(Object.keys(words!).sort()).toEqual([...keys].sort());
    for (const code of codes) {
      const word = words![labelKey(code)];
      expect(word?.trim(), `${locale}: labels.${family}.${code}`).toBeTruthy();
      if (codeLike(code)) expect(word, `${locale}: labels.${family}.${code}`).not.toContain(code);
    }
    expect(new Set(Object.values(words!)).size, `${locale}: ${family} words must tell the codes apart`).toBe(codes.length);
  });

  it("has no family the schema does not list (beyond its sentence parts)", () => {
    expect(Object.keys(labels).filter((k) => k !== "text" && k !== "taskPayload").sort()).toEqual(Object.keys(FAMILY_CODES).sort());
  });

  it.each(LABEL_COPIES)("the older map %s / %s says the catalogue's word (%s)", (file, dotted, family) => {
    const copy = at(read(file ? `${locale}/${file}.json` : `${locale}.json`), dotted) as Record<string, string>;
    const words = labels[family] as Record<string, string>;
    const shared = Object.keys(copy).filter((code) => code in words);
    expect(shared.length, `${dotted} words none of ${family}'s codes`).toBeGreaterThan(0);
    for (const code of shared) expect(copy[code], `${locale}: ${dotted}.${code}`).toBe(words[code]);
  });
});

it("the browser's copies of the filter codes match the schema", () => {
  expect([...ORDER_STATUS_CODES]).toEqual([...ORDER_STATUSES]);
  expect([...REVIEW_STATUS_CODES]).toEqual([...REVIEW_STATUSES]);
  expect([...PROVIDER_CODES]).toEqual([...PAYMENT_PROVIDERS]);
  expect([...TASK_STATUS_CODES]).toEqual([...TASK_STATUSES]);
  expect([...ACTOR_KIND_CODES]).toEqual([...ACTOR_KINDS]);
});

it("every task kind the service registers has a word (the task center never shows the code)", async () => {
  await import("@/server/jobs/task-handlers");
  const registered = [...((globalThis as { __relayboardTaskHandlers?: Map<string, unknown> }).__relayboardTaskHandlers?.keys() ?? [])];
  // Other test files register their own kinds (test.*, tc.*) in this shared process.
  const ours = registered.filter((k) => !/^(test|tc)\./.test(k));
  expect(ours.length).toBeGreaterThan(0);
  expect(ours.filter((k) => !(TASK_KINDS as readonly string[]).includes(k))).toEqual([]);
});

it("every API group heading has a word", () => {
  expect([...new Set(ROUTES.map((r) => r.tag))].sort()).toEqual([...API_TAGS].sort());
});
