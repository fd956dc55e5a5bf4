// Issue 7 item 2: the same failure reads in the caller's language on every transport that shows it
// to a person: the HTTP error body, a panel sync result (and what the node keeps of it), the CLI
// (its own process and forwarded to the service) and field problems from validation.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { cliLocale } from "../../cli/locale";
import { runCliCaptured } from "../../cli/run-in-service";
import { makeCtx } from "../../src/server/context";
import { nodes } from "../../src/server/db/schema";
import { DomainError, rateLimited } from "../../src/server/errors";
import { errorResponse } from "../../src/server/http/respond";
import { localeOfHeaders } from "../../src/server/http/request-meta";
import * as svc from "../../src/server/services/nodes";
import { parseInput } from "../../src/server/validation";
import { makeUser } from "../helpers/actors";
import { testDbWithXuiSimulator } from "../cli/helpers";
import { PASS, USER } from "../panel/helpers";

// This file's database and a 3x-ui simulator (USER / PASS), shared with the CLI tests' fixture.
const t = testDbWithXuiSimulator();
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  admin = await makeUser(t.db, "ADMIN");
});

const bodyOf = async (res: Response) => (await res.json()) as { error: { code: string; message: string; details?: Record<string, unknown> } };

describe("HTTP error bodies", () => {
  it("word the message in the request's language; code, reason and parameters stay as they are", async () => {
    const err = new DomainError("UNAVAILABLE", "panel_error", { panelMessage: "disk full" });
    const zh = await bodyOf(errorResponse(err, "r1", "zh-CN"));
    const en = await bodyOf(errorResponse(err, "r1", "en"));
    expect(zh.error.message).toBe("面板返回了错误：“disk full”");
    expect(en.error.message).toBe("The panel reported an error: “disk full”");
    for (const b of [zh, en]) expect(b.error).toMatchObject({ code: "UNAVAILABLE", details: { reason: "panel_error", panelMessage: "disk full" } });
  });

  it("a rate limit says the wait in words, with Retry-After in seconds", async () => {
    const res = errorResponse(rateLimited(896), "r2", "zh-CN");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("896");
    expect((await bodyOf(res)).error.message).toBe("尝试次数过多，请在约 15 分钟后重试。");
  });

  it("field problems come with their sentences beside the codes", async () => {
    const Input = z.object({ name: z.string().trim().min(1).max(5), email: z.string().pipe(z.email()), count: z.number().int().max(10) });
    let caught: unknown;
    try {
      parseInput(Input, { name: "too long a name", email: "nope", count: 11 });
    } catch (e) {
      caught = e;
    }
    const body = await bodyOf(errorResponse(caught, "r3", "zh-CN"));
    expect(body.error.code).toBe("VALIDATION");
    expect(body.error.details).toMatchObject({
      reason: "invalid_input",
      fields: { name: "too_long", email: "invalid_email", count: "too_big" },
      fieldParams: { name: { maximum: 5 }, count: { maximum: 10 } },
      fieldMessages: { name: "最多 5 个字符。", email: "请输入有效的邮箱地址。", count: "不能大于 10。" },
    });
    expect(body.error.message).toBe("部分内容无效：name: 最多 5 个字符。; email: 请输入有效的邮箱地址。; count: 不能大于 10。");
  });

  it("an unexpected failure is INTERNAL with only a reference, in the caller's language", async () => {
    const body = await bodyOf(errorResponse(new Error("secret detail"), "ref-42", "zh-CN"));
    expect(body.error).toEqual({ code: "INTERNAL", message: "服务器出错了。参考编号：ref-42", details: { reason: "internal", ref: "ref-42" } });
  });

  it("a request without a Ctx gets its language from the cookie, then Accept-Language", () => {
    const h = (o: Record<string, string>) => new Headers(o);
    expect(localeOfHeaders(h({ cookie: "a=1; NEXT_LOCALE=en", "accept-language": "zh-CN" }))).toBe("en");
    expect(localeOfHeaders(h({ "accept-language": "en-US,en;q=0.9" }))).toBe("en");
    expect(localeOfHeaders(h({}))).toBe("zh-CN");
  });
});

describe("validation field codes", () => {
  const problems = (schema: z.ZodType, input: unknown) => {
    try {
      parseInput(schema, input);
    } catch (e) {
      return (e as DomainError).details;
    }
    throw new Error("expected a validation error");
  };
  it("tell an empty required field from a short one, and say what the schema named", () => {
    const S = z.object({ a: z.string().min(1), b: z.string().min(8), c: z.string(), d: z.string().refine(() => false, { message: "support_contact_format" }) }).strict();
    const d = problems(S, { a: "", b: "short", d: "x", extra: 1 });
    expect(d.fields).toEqual({ a: "required", b: "too_short", c: "required", d: "support_contact_format", extra: "unknown_field" });
    expect(d.fieldParams).toEqual({ b: { minimum: 8 } });
  });
  it("never pass zod's English sentence on as a field message", () => {
    const d = problems(z.object({ n: z.number().int(), e: z.enum(["x", "y"]), u: z.string().pipe(z.url()) }), { n: 1.5, e: "z", u: "no" });
    expect(d.fields).toEqual({ n: "not_integer", e: "invalid_choice", u: "invalid_url" });
  });
});

describe("panel sync results and what the node keeps", () => {
  it("a wrong panel password reads in the admin's language, and the node stores the reason, not a sentence", async () => {
    const zhAdmin = { ...admin.ctx, locale: "zh-CN" as const };
    const r = await svc.createNode(zhAdmin, { name: `wrong-pass-${Date.now()}`, panelUrl: t.sim.url, panelUsername: USER, panelPassword: "wrong" });
    expect(r.sync.ok).toBe(false);
    expect(r.sync.error).toMatchObject({ code: "UNAVAILABLE", reason: "panel_bad_credentials", message: "面板拒绝了用户名或密码。" });
    const row = (await t.db.select().from(nodes).where(eq(nodes.id, r.node.id)))[0]!;
    expect(row.panelErrorReason).toBe("panel_bad_credentials");
    expect(row.panelError).toBe("The panel refused the username or password.");
    // The same failure for an English reader: only the words differ.
    const again = await svc.testNodeConnection({ ...admin.ctx, locale: "en" }, r.node.id);
    expect(again.error).toMatchObject({ reason: "panel_bad_credentials", message: "The panel refused the username or password." });
  });

  it("an unreachable panel is recorded by reason; a later success clears it", async () => {
    const r = await svc.createNode(admin.ctx, { name: `down-${Date.now()}`, panelUrl: "http://127.0.0.1:1/", panelUsername: USER, panelPassword: PASS });
    expect(r.sync.error).toMatchObject({ reason: "panel_unreachable", details: { reason: "panel_unreachable" } });
    await svc.updateNode(admin.ctx, r.node.id, { name: r.node.name, panelUrl: t.sim.url, panelUsername: USER, panelPassword: PASS });
    const row = (await t.db.select().from(nodes).where(eq(nodes.id, r.node.id)))[0]!;
    expect([row.panelStatus, row.panelError, row.panelErrorReason, row.panelErrorParams]).toEqual(["OK", null, null, null]);
  });
});

describe("the CLI", () => {
  it("speaks the operator's language: RELAYBOARD_LANG, then LC_ALL, LC_MESSAGES, LANG; English otherwise", () => {
    expect(cliLocale({ LANG: "zh_CN.UTF-8" })).toBe("zh-CN");
    expect(cliLocale({ RELAYBOARD_LANG: "en", LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(cliLocale({ LC_ALL: "zh_TW.UTF-8", LANG: "en_US.UTF-8" })).toBe("zh-CN");
    expect(cliLocale({ LC_MESSAGES: "C", LANG: "zh_CN.UTF-8" })).toBe("en");
    expect(cliLocale({})).toBe("en");
  });

  it("words a domain error and its field problems in that language (as the service does for a forwarded command)", async () => {
    const zh = await runCliCaptured(["settings", "set", "noSuchKey=1"], t.db, "zh-CN");
    expect(zh.code).toBe(1);
    expect(zh.stderr).toBe("error: VALIDATION: 未知设置项“noSuchKey”（可用 'relayboard settings get' 查看）。\n");
    const en = await runCliCaptured(["settings", "set", "noSuchKey=1"], t.db, "en");
    expect(en.stderr).toBe(`error: VALIDATION: Unknown setting "noSuchKey" (see 'relayboard settings get').\n`);
    const fields = await runCliCaptured(["settings", "set", "smtpPort=70000"], t.db, "zh-CN");
    expect(fields.code).toBe(1);
    expect(fields.stderr).toBe("error: VALIDATION: 部分设置无效，请查看标记的字段。\n  smtpPort: 不能大于 65535。\n");
  });

  it("a sync failure printed by `node add` is in the operator's language", async () => {
    const r = await runCliCaptured(["node", "add", "--name", `cli-zh-${Date.now()}`, "--panel-url", t.sim.url, "--username", USER, "--password=wrong"], t.db, "zh-CN");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("面板拒绝了用户名或密码。");
  });
});

it("a Ctx made without a language is Chinese (the site's default)", () => {
  expect(makeCtx(t.db).locale).toBe("zh-CN");
});
