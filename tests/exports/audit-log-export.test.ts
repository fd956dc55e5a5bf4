// GET /api/admin/export/audit-logs: CSV (quoted, formula-safe) and JSON, the keyword filter with
// LIKE wildcards taken literally, and a 5,000-row export that arrives whole, page by page.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "../../src/server/context";
import { auditLogs } from "../../src/server/db/schema";
import { csvCell } from "../../src/server/services/exports";
import { anonCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";

const caller = vi.hoisted(() => ({ ctx: undefined as Ctx | undefined }));
vi.mock("../../src/server/auth/session", () => ({ requestCtx: async () => caller.ctx }));
const { GET } = await import("../../src/app/api/admin/export/audit-logs/route");

const t = testDbForFile();
type U = Awaited<ReturnType<typeof makeUser>>;
let admin: U, user: U;

const TRICKY = [
  { action: "=HYPERLINK(\"http://evil\")", actorLabel: 'Smith, "Bob"\nline two', targetType: "order", targetId: "+1-555" },
  { action: "special.case", actorLabel: "@sum", targetType: "user", targetId: "-42" },
  { action: "wild.card", actorLabel: "100%_sure", targetType: "plan", targetId: "p_1" },
];

beforeAll(async () => {
  [admin, user] = [await makeUser(t.db, "ADMIN"), await makeUser(t.db)];
  await t.db.insert(auditLogs).values(TRICKY.map((r) => ({ ...r, actorKind: "admin" as const, metadata: { note: "x,y" } })));
});

const as = (ctx: Ctx) => (caller.ctx = ctx);
const get = (query = "") => GET(new Request(`http://relayboard.test/api/admin/export/audit-logs${query}`), { params: Promise.resolve({}) });

/** RFC 4180 parser (quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The body with a leading BOM kept (Response.text() drops it). */
const rawText = async (res: Response) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());

async function csvOf(res: Response) {
  const text = await rawText(res);
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(1));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

describe("GET /api/admin/export/audit-logs", () => {
  it("CSV by default: header, RFC 4180 quoting, formula cells defused, newest first", async () => {
    as(admin.ctx);
    const res = await get("?q=");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="relayboard-audit-logs-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await csvOf(res);
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const byAction = (a: string) => rows.find((r) => r.action === a)!;
    const first = byAction(`'=HYPERLINK("http://evil")`);
    expect(first).toMatchObject({ actorLabel: 'Smith, "Bob"\nline two', targetId: "'+1-555", targetType: "order", metadata: '{"note":"x,y"}' });
    expect(byAction("special.case")).toMatchObject({ actorLabel: "'@sum", targetId: "'-42" });
    // The export itself is audited before the rows are read, so it is in the file too.
    expect(rows[0]).toMatchObject({ action: "export.audit_logs", actorLabel: admin.email, actorKind: "admin" });
  });

  it("csvCell quotes and defuses exactly what it must", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a"b')).toBe('"a""b"');
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-1,2")).toBe(`"'-1,2"`);
    expect(csvCell("\t=x")).toBe("'\t=x");
    expect(csvCell(null)).toBe("");
    expect(csvCell(7)).toBe("7");
  });

  it("JSON: one array, every element an object with the raw values (no formula prefix)", async () => {
    as(admin.ctx);
    const res = await get("?format=json&q=special");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/\.json"$/);
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ action: "special.case", actorLabel: "@sum", targetId: "-42", targetType: "user", metadata: { note: "x,y" } });
  });

  it("q matches action, actor label, target type and target id; % and _ are literal", async () => {
    as(admin.ctx);
    const actionsFor = async (q: string) => ((await (await get(`?format=json&q=${encodeURIComponent(q)}`)).json()) as { action: string }[]).map((r) => r.action).sort();
    expect(await actionsFor("HYPERLINK")).toEqual([`=HYPERLINK("http://evil")`]);
    expect(await actionsFor("SMITH")).toEqual([`=HYPERLINK("http://evil")`]);
    expect(await actionsFor("plan")).toEqual(["wild.card"]);
    // "+" never occurs in the random UUIDs other rows carry (a bare "555" sometimes did).
    expect(await actionsFor("+1-555")).toEqual([`=HYPERLINK("http://evil")`]);
    expect(await actionsFor("%_")).toEqual(["wild.card"]);
    expect(await actionsFor("p_1")).toEqual(["wild.card"]);
    expect(await actionsFor("no-such-thing")).toEqual([]);
    // An empty result is still a well-formed file.
    expect(await (await get("?format=json&q=no-such-thing")).json()).toEqual([]);
    const emptyCsv = await rawText(await get("?q=no-such-thing"));
    expect(emptyCsv).toBe("\uFEFFid,createdAt,actorKind,actorId,actorLabel,action,targetType,targetId,ip,requestId,metadata\r\n");
  });

  it("writes an export.audit_logs row with the query; refuses non-admins (401/403) and bad formats (400)", async () => {
    as(admin.ctx);
    await (await get("?q=wild&format=json")).text();
    const [last] = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "export.audit_logs")).orderBy(sql`${auditLogs.id} desc`).limit(1);
    expect(last).toMatchObject({ actorId: admin.id, metadata: { q: "wild", format: "json" } });
    expect((await get("?format=xml")).status).toBe(400);
    as(anonCtx(t.db));
    expect((await get()).status).toBe(401);
    as(user.ctx);
    expect((await get()).status).toBe(403);
  });

  it("streams a 5,000-row export completely, in several chunks, each row once", async () => {
    await t.db.execute(sql`insert into audit_logs (actor_kind, action, target_type, target_id, metadata)
      select 'system', 'bulk.row', 'n', g::text, '{}'::jsonb from generate_series(1, 5000) g`);
    as(admin.ctx);
    for (const format of ["csv", "json"] as const) {
      const res = await get(`?format=${format}&q=bulk.row`);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
      let text = "";
      let chunks = 0;
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        text += decoder.decode(r.value, { stream: true });
        chunks++;
      }
      expect(chunks).toBeGreaterThanOrEqual(5);
      const targetIds = format === "csv" ? parseCsv(text.slice(1)).slice(1).map((r) => r[7]) : (JSON.parse(text) as { targetId: string }[]).map((r) => r.targetId);
      expect(targetIds).toHaveLength(5000);
      expect(new Set(targetIds).size).toBe(5000);
      expect(targetIds[0]).toBe("5000");
      expect(targetIds.at(-1)).toBe("1");
    }
  });
});
