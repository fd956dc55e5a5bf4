// Issue 26 item 3: the operator's response rules. Matching (order, each condition and answer), the
// shipped defaults against today's User-Agent table, validation (catastrophic regexes, limits), the
// answers through the real content pipeline and the custom server's listener, the tester's verdict
// against the endpoint's, and a rule change served within a second.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushAccessLogs } from "../../src/server/services/subscription-content/access-log";
import { pickFormat, UA_RULES } from "../../src/server/services/subscription-content/pick-format";
import { compileRules, DEFAULT_RESPONSE_RULES, matchRule, MAX_RULES, versionAtLeast, type ResponseRule } from "../../src/server/services/subscription-content/response-rules";
import { regexProblem, ruleProblems } from "../../src/server/services/subscription-content/response-rules-check";
import { listResponseRules, setResponseRules, testResponseRules } from "../../src/server/services/subscription-content/rules-admin";
import { serveContent } from "../../src/server/services/subscription-content/serve";
import { openShop } from "../commerce/fixtures";
import { startListener, type Listener } from "../http/listener-harness";
import { subscribedIn } from "./gate-fixtures";

const shop = openShop();
afterAll(() => flushAccessLogs());

const headersOf = (h: Record<string, string>) => (name: string) => h[name] ?? null;
const verdict = (rules: ResponseRule[], h: Record<string, string>) => matchRule(compileRules(rules), headersOf(h))?.name ?? null;

describe("matching", () => {
  const rules: ResponseRule[] = [
    { name: "exact", when: { all: [{ header: "user-agent", op: "equals", value: "Exact/1.0" }] }, then: { status: 404 } },
    { name: "contains", when: { all: [{ header: "user-agent", op: "contains", value: "middle" }] }, then: { format: "plain" } },
    { name: "starts", when: { all: [{ header: "user-agent", op: "startsWith", value: "head" }] }, then: { format: "clash" } },
    { name: "ends", when: { all: [{ header: "user-agent", op: "endsWith", value: "tail" }] }, then: { format: "stash" } },
    { name: "regex", when: { all: [{ header: "user-agent", op: "regex", value: "^re/\\d+$" }] }, then: { drop: true } },
    { name: "all", when: { all: [{ header: "x-a", op: "equals", value: "1" }, { header: "x-b", op: "equals", value: "2" }] }, then: { page: true } },
    { name: "any", when: { any: [{ header: "x-c", op: "equals", value: "1" }, { header: "x-d", op: "equals", value: "1" }] }, then: { status: 451, message: "no" } },
    { name: "not", when: { all: [{ header: "x-e", op: "equals", value: "yes" }, { header: "user-agent", op: "contains", value: "good", not: true }] }, then: { status: 404 } },
    { name: "missing header is empty", when: { all: [{ header: "x-absent", op: "equals", value: "" }, { header: "x-f", op: "equals", value: "1" }] }, then: { format: "sip008" } },
    { name: "catch-all", then: { format: "base64" } },
  ];

  it.each([
    [{ "user-agent": "Exact/1.0" }, "exact"],
    [{ "user-agent": "exact/1.0" }, "exact"], // case-insensitive
    [{ "user-agent": "Exact/1.0 more" }, "catch-all"],
    [{ "user-agent": "a MIDDLE b" }, "contains"],
    [{ "user-agent": "Head/2" }, "starts"],
    [{ "user-agent": "x tail" }, "ends"],
    [{ "user-agent": "re/42" }, "regex"],
    [{ "user-agent": "re/42x" }, "catch-all"],
    [{ "x-a": "1", "x-b": "2" }, "all"],
    [{ "x-a": "1" }, "catch-all"],
    [{ "x-d": "1" }, "any"],
    [{ "x-e": "yes", "user-agent": "bad" }, "not"],
    [{ "x-e": "yes", "user-agent": "good" }, "catch-all"],
    [{ "x-f": "1" }, "missing header is empty"],
    [{}, "catch-all"],
  ])("%j -> %s", (h, name) => {
    expect(verdict(rules, h)).toBe(name);
  });

  it("the first match wins: a later, more specific rule never runs", () => {
    const ordered: ResponseRule[] = [
      { name: "broad", when: { all: [{ header: "user-agent", op: "contains", value: "clash" }] }, then: { format: "clash" } },
      { name: "narrow", when: { all: [{ header: "user-agent", op: "startsWith", value: "clash-verge" }] }, then: { format: "stash" } },
    ];
    expect(verdict(ordered, { "user-agent": "clash-verge/2" })).toBe("broad");
    expect(verdict([...ordered].reverse(), { "user-agent": "clash-verge/2" })).toBe("narrow");
  });

  it("no rule matching means none (the endpoint then serves base64)", () => {
    expect(verdict([rules[0]!], { "user-agent": "x" })).toBeNull();
  });
});

describe("the shipped defaults", () => {
  it("answer every example of today's User-Agent table as pickFormat does", () => {
    for (const r of UA_RULES) expect([r.example, verdict([...DEFAULT_RESPONSE_RULES], { "user-agent": r.example })]).toEqual([r.example, r.clients]);
    for (const ua of ["curl/8.5.0", "", "Mozilla/5.0 (Windows NT 10.0)", "v2rayNG/1.8.28", "v2rayN/6.39", "Happ/1.63.0"]) {
      const rule = DEFAULT_RESPONSE_RULES.find((x) => x.name === verdict([...DEFAULT_RESPONSE_RULES], { "user-agent": ua }))!;
      expect([ua, "format" in rule.then ? rule.then.format : null]).toEqual([ua, pickFormat({ userAgent: ua })]);
    }
  });

  it("send the Xray-JSON array to v2rayN 6.40+, v2rayNG 1.8.29+, Happ 1.63.1+ and Streisand", () => {
    for (const ua of ["v2rayN/6.40", "v2rayN/7.10.5", "v2rayNG/1.8.29", "v2rayNG/1.10.2", "Happ/1.63.1", "Happ/3.2.1", "Streisand/1.6"]) {
      expect([ua, verdict([...DEFAULT_RESPONSE_RULES], { "user-agent": ua })]).toEqual([ua, expect.stringMatching(/^Xray-JSON/)]);
    }
  });

  it("hand a browser to the page", () => {
    expect(verdict([...DEFAULT_RESPONSE_RULES], { accept: "text/html,application/xhtml+xml", "user-agent": "Mozilla/5.0" })).toBe("Browsers");
  });

  it("pass their own check", () => {
    expect(ruleProblems(DEFAULT_RESPONSE_RULES)).toEqual([]);
  });

  it("versionAtLeast compares each dotted part as a number", () => {
    const re = new RegExp(`^x/${versionAtLeast("1.8.29")}`);
    for (const v of ["1.8.29", "1.8.30", "1.8.100", "1.9", "1.10.0", "2.0", "10.0.0", "1.8.29.1"]) expect([v, re.test(`x/${v}`)]).toEqual([v, true]);
    for (const v of ["1.8.28", "1.8.2", "1.8", "1.7.99", "0.99.99"]) expect([v, re.test(`x/${v}`)]).toEqual([v, false]);
  });
});

describe("validation", () => {
  it("refuses catastrophic, broken and overlong regexes, within the budget", () => {
    const started = performance.now();
    expect(regexProblem("^(a+)+$")).toMatch(/too long/);
    expect(regexProblem("(x+x+)+y")).toMatch(/too long/);
    expect(regexProblem("([a-z]+)*!")).toMatch(/too long/);
    expect(regexProblem("([")).toMatch(/does not compile/);
    expect(regexProblem("a".repeat(301))).toMatch(/longer than 300/);
    expect(regexProblem("^clash")).toBeNull();
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("refuses more than 100 rules, duplicate names, bad answers and reserved headers", () => {
    const many = Array.from({ length: MAX_RULES + 1 }, (_, i) => ({ name: `r${i}`, then: { format: "base64" } }));
    expect(ruleProblems(many).length).toBeGreaterThan(0);
    expect(ruleProblems(many.slice(0, MAX_RULES))).toEqual([]);
    expect(ruleProblems([{ name: "a", then: { page: true } }, { name: "a", then: { page: true } }])[0]!.message).toMatch(/unique/);
    expect(ruleProblems([{ name: "a", then: { status: 500 } }]).length).toBeGreaterThan(0);
    expect(ruleProblems([{ name: "a", then: { format: "yaml" } }]).length).toBeGreaterThan(0);
    expect(ruleProblems([{ name: "a", then: { page: true }, headers: { "content-type": "text/html" } }]).length).toBeGreaterThan(0);
    expect(ruleProblems([{ name: "a", when: { all: [{ header: "bad header", op: "equals", value: "" }] }, then: { page: true } }]).length).toBeGreaterThan(0);
  });

  it("a refused list is not stored: the defaults stay in force", async () => {
    const bad = [{ name: "evil", when: { all: [{ header: "user-agent", op: "regex", value: "^(a|aa)+$" }] }, then: { status: 404 } }];
    await expect(setResponseRules(shop.admin.ctx, bad)).rejects.toMatchObject({ reason: "response_rules_invalid" });
    expect(await listResponseRules(shop.admin.ctx)).toMatchObject({ custom: false });
  });

  it("only an admin reads, stores or tests the rules", async () => {
    const { user } = await subscribedIn(shop);
    await expect(listResponseRules(user.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setResponseRules(user.ctx, null)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(testResponseRules(user.ctx, { headers: {} })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("through the endpoint", () => {
  let listener: Listener;
  let base = "";
  let ipN = 1;
  beforeAll(async () => {
    listener = await startListener(
      async (req, res) => {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(`next:${req.url}`);
      },
      { db: shop.db },
    );
    base = `http://127.0.0.1:${listener.port}`;
  });
  afterAll(async () => {
    await listener.close();
    await setResponseRules(shop.admin.ctx, null);
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { "x-forwarded-for": `198.18.7.${ipN++ % 250}`, ...headers } });

  const RULES: ResponseRule[] = [
    { name: "Blocked app", when: { all: [{ header: "user-agent", op: "startsWith", value: "BadApp" }] }, then: { status: 451, message: "Not for this app." }, headers: { "x-why": "policy" } },
    { name: "Hidden", when: { all: [{ header: "user-agent", op: "startsWith", value: "Scanner" }] }, then: { status: 404 } },
    { name: "Dropped", when: { all: [{ header: "user-agent", op: "startsWith", value: "Dropper" }] }, then: { drop: true } },
    { name: "Team page", when: { all: [{ header: "x-team", op: "equals", value: "1" }] }, then: { page: true } },
    { name: "Clash with a note", when: { all: [{ header: "user-agent", op: "startsWith", value: "clash" }] }, then: { format: "clash-classic" }, headers: { announce: "base64:aGk=" } },
  ];

  it("each answer: 451 with the message and headers, 404 as an unknown subscription, a dropped connection, the page, a format", async () => {
    await setResponseRules(shop.admin.ctx, RULES);
    const { sub, token } = await subscribedIn(shop);
    const path = `/api/subscription/${sub.id}?token=${token}`;
    const blocked = await get(path, { "user-agent": "BadApp/1" });
    expect(blocked.status).toBe(451);
    expect(blocked.headers.get("x-why")).toBe("policy");
    expect(((await blocked.json()) as { error: { message: string } }).error.message).toBe("Not for this app.");
    const hidden = await get(path, { "user-agent": "Scanner/1" });
    const unknown = await get(`/api/subscription/${sub.id}?token=wrong`, { "user-agent": "curl/8" });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual(await unknown.json());
    await expect(get(path, { "user-agent": "Dropper/1" })).rejects.toThrow();
    expect(await (await get(path, { "x-team": "1" })).text()).toBe(`next:/subscription-view/${sub.id}?token=${token}`);
    const clash = await get(path, { "user-agent": "clash-verge/2" });
    expect(clash.headers.get("content-type")).toMatch(/^text\/yaml/);
    expect(clash.headers.get("announce")).toBe("base64:aGk=");
    expect((await clash.text()).split("\n")[0]).toBe("# 1 of 2 servers left out: the original Clash core cannot carry them.");
    // No rule matched: base64.
    expect((await get(path, { "user-agent": "curl/8" })).headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("an asked format skips format and page answers, not refusals", async () => {
    await setResponseRules(shop.admin.ctx, RULES);
    const { sub, token } = await subscribedIn(shop);
    const path = `/api/subscription/${sub.id}?token=${token}&format=plain`;
    expect((await get(path, { "user-agent": "clash-verge/2" })).headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await get(path, { "x-team": "1", accept: "text/html" })).headers.get("content-type")).toMatch(/^text\/plain/);
    expect((await get(path, { "user-agent": "BadApp/1" })).status).toBe(451);
  });

  it("the tester's verdict is the endpoint's, for the stored rules and the defaults", async () => {
    const { sub, token } = await subscribedIn(shop);
    const cases: Record<string, string>[] = [{ "user-agent": "BadApp/1" }, { "user-agent": "Scanner/2" }, { "user-agent": "clash-verge/2" }, { "user-agent": "curl/8" }, { "x-team": "1" }, { "user-agent": "Surge iOS/2920" }, { "user-agent": "v2rayN/7.1" }];
    for (const rules of [RULES, null]) {
      await setResponseRules(shop.admin.ctx, rules);
      for (const h of cases) {
        const v = await testResponseRules(shop.admin.ctx, { headers: h });
        const served = await serveContent(shop.db, { id: sub.id, token, format: null, userAgent: h["user-agent"] ?? "", ip: `198.18.9.${ipN++ % 250}`, locale: "en", header: (n) => h[n] ?? null });
        if ("format" in v.then) {
          expect([h, served.status, served.headers["content-type"]]).toEqual([h, 200, v.preview!.contentType]);
        } else if ("status" in v.then) expect([h, served.status]).toEqual([h, v.then.status]);
        else expect([h, served.action]).toEqual([h, "page" in v.then ? "page" : "drop"]);
      }
    }
  });

  it("a rule change is served within a second", async () => {
    const { sub, token } = await subscribedIn(shop);
    const ask = () => serveContent(shop.db, { id: sub.id, token, format: null, userAgent: "Rotating/1", ip: `198.18.10.${ipN++ % 250}`, locale: "en", header: (n) => (n === "user-agent" ? "Rotating/1" : null) });
    await setResponseRules(shop.admin.ctx, null);
    expect((await ask()).status).toBe(200);
    await setResponseRules(shop.admin.ctx, [{ name: "Rotating", when: { all: [{ header: "user-agent", op: "startsWith", value: "Rotating" }] }, then: { status: 451 } }]);
    const changed = performance.now();
    let status = 0;
    while (performance.now() - changed < 1_000 && (status = (await ask()).status) !== 451) await new Promise((r) => setTimeout(r, 20));
    expect(status).toBe(451);
  });
});
