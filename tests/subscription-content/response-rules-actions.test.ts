// The response rules page's Server Actions: admins only (a user is refused before anything is read),
// a saved list is what the list action answers, a refused list comes back with its problems by path,
// the tester answers from a draft without storing it, and restoring brings the shipped defaults back.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { DEFAULT_RESPONSE_RULES, type ResponseRule } from "../../src/server/services/subscription-content/response-rules";
import { makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const actions = await import("../../src/app/admin/subscription-rules/actions");

const t = testDbForFile();
let admin: Ctx;
let user: Ctx;
beforeAll(async () => {
  admin = (await makeUser(t.db, "ADMIN")).ctx;
  user = (await makeUser(t.db)).ctx;
});

const RULES: ResponseRule[] = [
  { name: "Stash", when: { all: [{ header: "user-agent", op: "regex", value: "^stash" }] }, then: { format: "stash" }, headers: { "profile-update-interval": "12" } },
  { name: "Region", when: { all: [{ header: "x-region", op: "equals", value: "xx" }] }, then: { status: 451, message: "Not here" } },
];

describe("response rules actions", () => {
  it("refuse a user before reading anything; the rules stay as they were", async () => {
    caller.ctx = user;
    for (const r of [await actions.listResponseRulesAction(), await actions.saveResponseRulesAction(RULES), await actions.restoreDefaultResponseRulesAction(), await actions.testResponseRulesAction({ headers: {} })]) {
      expect(r).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    }
    caller.ctx = admin;
    expect(await actions.listResponseRulesAction()).toEqual({ ok: true, data: { rules: DEFAULT_RESPONSE_RULES, custom: false } });
  });

  it("save, then list: the saved list is in force and custom; the tester answers from it", async () => {
    caller.ctx = admin;
    expect(await actions.saveResponseRulesAction(RULES)).toEqual({ ok: true, data: { rules: RULES, custom: true } });
    expect(await actions.listResponseRulesAction()).toEqual({ ok: true, data: { rules: RULES, custom: true } });
    const v = await actions.testResponseRulesAction({ headers: { "User-Agent": "Stash/2.4" } });
    expect(v).toMatchObject({ ok: true, data: { rule: "Stash", then: { format: "stash" }, headers: { "profile-update-interval": "12" }, preview: { format: "stash", extension: "yaml" } } });
    // No rule matches: base64, as the endpoint serves it.
    expect(await actions.testResponseRulesAction({ headers: { "user-agent": "curl/8" } })).toMatchObject({ ok: true, data: { rule: null, then: { format: "base64" } } });
  });

  it("an invalid list is refused with its problems by path, in the caller's language, and nothing is stored", async () => {
    caller.ctx = admin;
    await actions.saveResponseRulesAction(RULES);
    const bad = [RULES[0], { name: "Slow", when: { all: [{ header: "user-agent", op: "regex", value: "(a+)+$" }] }, then: { format: "clash" } }];
    const r = await actions.saveResponseRulesAction(bad);
    expect(r).toMatchObject({ ok: false, error: { code: "VALIDATION", details: { reason: "response_rules_invalid", problems: [{ path: "1.when.all.0.value", message: expect.stringContaining("catastrophic") }] } } });
    caller.ctx = { ...admin, locale: "zh-CN" };
    expect(await actions.saveResponseRulesAction([{ name: "No answer" }])).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^响应规则未保存：/), details: { problems: [expect.objectContaining({ path: "0.then" })] } } });
    caller.ctx = admin;
    // null is "restore", which has its own action: save refuses it rather than forget the rules.
    expect(await actions.saveResponseRulesAction(null)).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(await actions.listResponseRulesAction()).toEqual({ ok: true, data: { rules: RULES, custom: true } });
  });

  it("test with a draft answers from the draft without storing it; a broken draft answers its problems", async () => {
    caller.ctx = admin;
    await actions.saveResponseRulesAction(RULES);
    const draft: ResponseRule[] = [{ name: "Everyone dropped", then: { drop: true } }];
    expect(await actions.testResponseRulesAction({ headers: { "user-agent": "Stash/2.4" }, draft })).toEqual({ ok: true, data: { rule: "Everyone dropped", then: { drop: true }, headers: {} } });
    expect(await actions.testResponseRulesAction({ headers: { "user-agent": "Stash/2.4" } })).toMatchObject({ ok: true, data: { rule: "Stash" } });
    // ?format= wins over format answers, not over a refusal.
    expect(await actions.testResponseRulesAction({ headers: { "x-region": "xx" }, format: "clash" })).toMatchObject({ ok: true, data: { rule: "Region", then: { status: 451, message: "Not here" } } });
    expect(await actions.testResponseRulesAction({ headers: { "user-agent": "Stash/2.4" }, format: "clash" })).toMatchObject({ ok: true, data: { rule: null, then: { format: "clash" } } });
    expect(await actions.testResponseRulesAction({ headers: {}, draft: [{ name: "x", then: { status: 500 } }] })).toMatchObject({ ok: false, error: { details: { reason: "response_rules_invalid", problems: [expect.objectContaining({ path: "0.then" })] } } });
    // A null draft would quietly test the saved rules instead.
    expect(await actions.testResponseRulesAction({ headers: {}, draft: null })).toMatchObject({ ok: false, error: { code: "VALIDATION" } });
    expect(await actions.listResponseRulesAction()).toEqual({ ok: true, data: { rules: RULES, custom: true } });
  });

  it("restore brings back the shipped defaults", async () => {
    caller.ctx = admin;
    await actions.saveResponseRulesAction(RULES);
    expect(await actions.restoreDefaultResponseRulesAction()).toEqual({ ok: true, data: { rules: DEFAULT_RESPONSE_RULES, custom: false } });
    expect(await actions.testResponseRulesAction({ headers: { accept: "text/html" } })).toMatchObject({ ok: true, data: { rule: "Browsers", then: { page: true } } });
  });
});
