// Every exported Server Action, found by scanning src/ for "use server" modules (so a new action is
// walked without anyone listing it), called with wrong-typed argument lists as an admin, a user and a
// signed-out visitor. A Server Action is a public endpoint: the network can send any serialisable
// value in any position. Each call must answer { ok, ... } (never throw), never INTERNAL, and log
// nothing at error level (issue 21 item 3); and each must parse its whole argument list in runAction
// (a new action that reads its arguments itself fails here). Admin actions answer a user FORBIDDEN
// before reading anything (item 4).
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { anonCtx, makeUser } from "../helpers/actors";
import { captureOutput } from "../helpers/capture-logs";
import { testDbForFile } from "../helpers/db";
import { serverActionFiles } from "../helpers/server-actions";
import { useMemoryLimiter } from "../helpers/limiter";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", async (importOriginal) => ({ ...(await importOriginal<object>()), requestCtx: async () => caller.ctx }));
vi.mock("next/cache", async () => (await import("../helpers/server-actions")).nextCacheStub());
vi.mock("next/headers", async () => (await import("../helpers/server-actions")).nextHeadersStub());

const SRC = path.resolve(import.meta.dirname, "../../src");

type Action = (...a: unknown[]) => Promise<unknown>;
const rel = (f: string) => path.relative(SRC, f).split(path.sep).join("/");

async function discoverActions(): Promise<{ name: string; admin: boolean; fn: Action }[]> {
  const found: { name: string; admin: boolean; fn: Action }[] = [];
  for (const file of serverActionFiles(SRC)) {
    for (const [name, fn] of Object.entries((await import(file)) as Record<string, unknown>)) {
      if (typeof fn === "function") found.push({ name: `${rel(file)} ${name}`, admin: rel(file).startsWith("app/admin/"), fn: fn as Action });
    }
  }
  return found;
}

const ID = "00000000-0000-4000-8000-000000000000";
const emptyForm = () => new FormData();
const junkForm = () => {
  const f = new FormData();
  for (const k of ["ids", "nodeIds", "action", "op", "email", "password", "name", "locale", "clearSecrets", "code"]) f.append(k, new Blob(["x"]));
  return f;
};

/** Wrong shapes as the network can send them; some are right for some actions (they may succeed). */
const ARGUMENT_LISTS: [string, () => unknown[]][] = [
  ["no arguments", () => []],
  ["[null]", () => [null]],
  ["[{}]", () => [{}]],
  ['["x"]', () => ["x"]],
  ["[1]", () => [1]],
  ["[[]]", () => [[]]],
  ["[true]", () => [true]],
  ["[[null]]", () => [[null]]],
  ["an object where a FormData is expected", () => [{ email: "a@example.com", password: "x", ids: [ID] }]],
  ["an id and an object where a FormData is expected", () => [ID, { name: "x" }]],
  ["a FormData where an object or id is expected", () => [emptyForm()]],
  ["an id and a FormData where an object is expected", () => [ID, emptyForm()]],
  ["a form whose fields are files", () => [junkForm()]],
  ["an id and a form whose fields are files", () => [ID, junkForm()]],
  ["a string that is not an id", () => ["not-an-id", "not-an-id"]],
  ["an id then null", () => [ID, null]],
  ["an id then a number", () => [ID, 7]],
  ["an object with wrong-typed fields", () => [{ planId: 1, subscriptionId: [], kind: "RENEWAL", days: "x", trafficGb: {}, couponCode: 5, target: 1, cutoffDays: "x", id: null }]],
  ["an id and an object with wrong-typed fields", () => [ID, { reviewStatus: 1, amountMinor: "x", note: [], status: {}, enabled: "x", title: 5 }]],
  ["three ids and an object", () => [ID, ID, ID, {}]],
  ["extra arguments", () => ["x", "y", {}, [], null, 1]],
];

let actions: { name: string; admin: boolean; fn: Action }[];
const callers: Record<string, () => Ctx> = {};
const t = testDbForFile({ install: true });
beforeAll(async () => {
  useMemoryLimiter();
  actions = await discoverActions();
  const admin = await makeUser(t.db, "ADMIN");
  const user = await makeUser(t.db);
  callers.admin = () => admin.ctx;
  callers.user = () => user.ctx;
  callers.anonymous = () => anonCtx(t.db);
}, 120_000);

interface Answer { ok?: unknown; error?: { code?: string; details?: { reason?: string; fields?: Record<string, string> } } }

async function call(fn: Action, args: unknown[]): Promise<{ answer?: Answer; thrown?: unknown; errorLog: string[] }> {
  let thrown: unknown;
  const { result, output } = await captureOutput(() => fn(...args).catch((err: unknown) => ((thrown = err), undefined)));
  const errorLog = output.split("\n").filter((l) => /"level":"error"/.test(l));
  return { answer: result as Answer | undefined, thrown, errorLog };
}

describe("every Server Action with wrong-typed arguments", () => {
  it("the walker finds the action modules and their exports", () => {
    expect(actions.length).toBeGreaterThanOrEqual(100);
    const names = actions.map((a) => a.name);
    for (const n of ["app/(user)/account/actions.ts updateProfileAction", "app/admin/settings/actions.ts saveSettings", "app/admin/orders/actions.ts orderDetail", "app/admin/nodes/actions.ts batchTestNodeConnections", "app/locale-actions.ts setLocaleAction"]) expect(names).toContain(n);
  });

  for (const who of ["admin", "user", "anonymous"] as const) {
    it(`as ${who}: a typed answer, never INTERNAL, nothing thrown, no error-level log`, async () => {
      const faults: string[] = [];
      for (const a of actions) {
        for (const [label, make] of ARGUMENT_LISTS) {
          caller.ctx = callers[who]!();
          const { answer, thrown, errorLog } = await call(a.fn, make());
          const where = `${a.name} with ${label}`;
          if (thrown !== undefined) faults.push(`${where}: threw ${String(thrown)}`);
          else if (typeof answer?.ok !== "boolean") faults.push(`${where}: answered ${JSON.stringify(answer)}`);
          else if (answer.ok === false && (!answer.error?.code || answer.error.code === "INTERNAL")) faults.push(`${where}: ${JSON.stringify(answer.error)}`);
          // A refused shape says which argument or field is wrong (a verb's own refusal, such as
          // cart_empty, names its reason instead).
          else if (answer.ok === false && answer.error?.code === "VALIDATION" && !Object.keys(answer.error.details?.fields ?? {}).length && [undefined, "invalid_input"].includes(answer.error.details?.reason)) {
            faults.push(`${where}: VALIDATION without field reasons ${JSON.stringify(answer.error)}`);
          }
          if (errorLog.length) faults.push(`${where}: logged ${errorLog[0]!.slice(0, 300)}`);
        }
      }
      expect(faults).toEqual([]);
    }, 600_000);
  }

  it("every action parses its whole argument list in runAction: too many arguments are refused by name, before any verb runs", async () => {
    const unparsed: string[] = [];
    for (const a of actions) {
      caller.ctx = callers.admin!();
      const { answer } = await call(a.fn, [ID, ID, ID, ID, ID, ID, ID, ID]);
      if (answer?.error?.code !== "VALIDATION" || answer.error.details?.fields?.arguments !== "too_many") unparsed.push(`${a.name}: ${JSON.stringify(answer)}`);
    }
    expect(unparsed).toEqual([]);
  });

  it("as a user, every admin action answers FORBIDDEN admin_required, whatever the arguments", async () => {
    const admitted: string[] = [];
    for (const a of actions.filter((x) => x.admin)) {
      for (const [label, make] of [...ARGUMENT_LISTS, ["an id", () => [ID]] as [string, () => unknown[]]]) {
        caller.ctx = callers.user!();
        const { answer } = await call(a.fn, make());
        if (answer?.error?.code !== "FORBIDDEN" || answer.error.details?.reason !== "admin_required") admitted.push(`${a.name} with ${label}: ${JSON.stringify(answer)}`);
      }
    }
    expect(admitted).toEqual([]);
  }, 600_000);
});
