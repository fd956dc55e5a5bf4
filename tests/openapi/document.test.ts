// The OpenAPI document is well-formed 3.1 (every $ref resolves, every path parameter is declared,
// security names exist) and is built from the services' own schemas: its request schemas accept
// and refuse the same bodies the services' zod parse does, and follow a schema when it changes.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GET } from "../../src/app/api/openapi.json/route";
import { MIN_PASSWORD_LENGTH } from "../../src/server/auth/password-policy";
import { errorBody, internalErrorBody } from "../../src/server/http/error-body";
import { buildOpenApiDocument, openApiDocument, ROUTES } from "../../src/server/openapi";
import { ErrorBody } from "../../src/server/openapi/error-body";
import { RegisterInput } from "../../src/server/services/accounts/inputs";
import { CreateInput as CreatePaymentInput } from "../../src/server/services/payments/create-payment";
import { CreateInput as CreateTicketForm } from "../../src/server/services/support/tickets";
import { LatencyReportInput } from "../../src/server/services/telemetry/inputs";
import { check, resolvePointer } from "./json-schema-check";

type Json = Record<string, unknown>;
const doc = openApiDocument();

function refsIn(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refsIn(n, out);
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

const operations = Object.entries(doc.paths).flatMap(([p, item]) => Object.entries(item).map(([method, op]) => ({ path: p, method, op: op as Json })));

describe("OpenAPI document shape", () => {
  it("is an OpenAPI 3.1 document with paths, tags and components", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect((doc.info as Json).title).toBe("Relayboard API");
    expect(typeof (doc.info as Json).version).toBe("string");
    expect(operations.length).toBe(ROUTES.length);
    for (const p of Object.keys(doc.paths)) expect(p).toMatch(/^\/api\//);
  });

  it("resolves every $ref inside the document", () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) expect(resolvePointer(doc, r), r).toBeTruthy();
  });

  it("declares every path parameter, and only those", () => {
    for (const { path, method, op } of operations) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const params = ((op.parameters as Json[] | undefined) ?? []).filter((p) => p.in === "path");
      expect(params.map((p) => p.name).sort(), `${method} ${path}`).toEqual(inPath);
      for (const p of params) expect(p.required, `${method} ${path} ${String(p.name)}`).toBe(true);
    }
  });

  it("gives every operation a summary, a tag, known security schemes, responses and a unique id", () => {
    const schemes = Object.keys(doc.components.securitySchemes);
    const ids = new Set<string>();
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      expect(String(op.summary).length, where).toBeGreaterThan(5);
      expect((op.tags as string[]).length, where).toBe(1);
      for (const req of op.security as Json[]) for (const name of Object.keys(req)) expect(schemes, where).toContain(name);
      expect(Object.keys(op.responses as Json).some((s) => /^2\d\d$/.test(s)), where).toBe(true);
      expect(ids.has(String(op.operationId)), where).toBe(false);
      ids.add(String(op.operationId));
    }
  });

  it("states who may call: session for users and admins, bearer tokens for agents and metrics, none when public", () => {
    const op = (p: string, m = "get") => doc.paths[p]![m] as Json;
    expect(op("/api/admin/nodes").security).toEqual([{ sessionCookie: [] }]);
    expect(op("/api/admin/nodes")["x-relayboard-access"]).toBe("admin");
    expect(op("/api/notifications")["x-relayboard-access"]).toBe("user");
    expect(op("/api/agent/latency", "post").security).toEqual([{ agentToken: [] }]);
    expect(op("/api/health").security).toEqual([]);
    // Telemetry is public only when the setting says so: no credentials, or the session.
    expect(op("/api/latency").security).toEqual([{}, { sessionCookie: [] }]);
    for (const { path, op: o } of operations) if (path.startsWith("/api/agent/")) expect(o.security, path).toEqual([{ agentToken: [] }]);
    for (const { path, op: o } of operations) if (path.startsWith("/api/admin/")) expect(o["x-relayboard-access"], path).toBe("admin");
  });

  it("refers the error statuses to the error body", () => {
    const responses = (doc.paths["/api/auth/register"]!.post as Json).responses as Json;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(["201", "400", "409", "429"]));
    expect(responses["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
    const rateLimited = doc.components.responses.RateLimited as { headers: Json; content: Json };
    expect(rateLimited.headers["Retry-After"]).toBeTruthy();
    expect(rateLimited.content["application/json"]).toEqual({ schema: { $ref: "#/components/schemas/ErrorBody" } });
  });

  it("describes the error bodies the server really sends", () => {
    const bodies = [
      errorBody("VALIDATION", "Check the form", { reason: "validation", fields: { email: "invalid_email" }, fieldParams: { password: { min: 8 } } }),
      errorBody("RATE_LIMITED", "Slow down", { reason: "rate_limited", retryAfterSeconds: 30 }),
      internalErrorBody("en", "req-1"),
    ];
    for (const b of bodies) {
      expect(ErrorBody.safeParse(b).success).toBe(true);
      expect(check(doc, doc.components.schemas.ErrorBody!, b)).toEqual([]);
    }
    expect(check(doc, doc.components.schemas.ErrorBody!, { error: { code: "NOPE", message: "x" } })).not.toEqual([]);
    expect(check(doc, doc.components.schemas.ErrorBody!, { message: "x" })).not.toEqual([]);
  });

  it("lists query parameters from the service's schema", () => {
    const params = (doc.paths["/api/latency/history"]!.get as Json).parameters as Json[];
    expect(params.map((p) => [p.name, p.required])).toEqual([["nodeId", true], ["carrier", true], ["range", false]]);
    expect((params[1]!.schema as Json).enum).toEqual(["telecom", "unicom", "mobile"]);
  });

  it("is built once per process and served as JSON", async () => {
    expect(openApiDocument()).toBe(doc);
    const res = GET();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe("request schemas in the document match the services' parse", () => {
  const bodySchema = (p: string, ct = "application/json") => ((((doc.paths[p]!.post as Json).requestBody as Json).content as Json)[ct] as Json).schema as Json;
  const cases: { path: string; ct?: string; zod: z.ZodType; good: unknown[]; bad: unknown[] }[] = [
    {
      path: "/api/auth/register",
      zod: RegisterInput,
      good: [{ email: "a@example.com", password: "correct horse" }, { email: "b@example.com", password: "12345678", name: "Bo", locale: "en" }],
      bad: [{ email: "a@example.com" }, { password: "correct horse" }, { email: "a@example.com", password: "short" }, { email: "a@example.com", password: "correct horse", locale: "fr" }, { email: "a@example.com", password: 12345678 }],
    },
    {
      path: "/api/payment/create",
      zod: CreatePaymentInput,
      good: [{ orderId: "0d6f1c52-5c40-4a53-9d1b-4ab0b5cb0e11", provider: "epay", channel: "alipay" }],
      bad: [{ orderId: "0d6f1c52-5c40-4a53-9d1b-4ab0b5cb0e11", provider: "paypal" }, { provider: "epay" }, { orderId: "not-a-uuid", provider: "epay" }],
    },
    {
      path: "/api/agent/latency",
      zod: LatencyReportInput,
      good: [{ latencies: [] }, { latencies: [{ carrier: "telecom", latencyMs: 42.5 }] }],
      bad: [{}, { latencies: [{ carrier: "satellite", latencyMs: 1 }] }, { latencies: [{ carrier: "mobile", latencyMs: -1 }] }, { latencies: "none" }],
    },
    {
      path: "/api/support/tickets",
      ct: "multipart/form-data",
      zod: CreateTicketForm,
      good: [{ subject: "Cannot connect", body: "Since this morning" }, { subject: "Refund", category: "BILLING", priority: "HIGH" }],
      bad: [{ body: "no subject" }, { subject: "" }, { subject: "x", priority: "SOMEDAY" }],
    },
  ];
  for (const c of cases) {
    it(`${c.path}: accepts what zod accepts, refuses what zod refuses`, () => {
      const schema = bodySchema(c.path, c.ct);
      for (const body of c.good) {
        expect(c.zod.safeParse(body).success, JSON.stringify(body)).toBe(true);
        expect(check(doc, schema, body), JSON.stringify(body)).toEqual([]);
      }
      for (const body of c.bad) {
        expect(c.zod.safeParse(body).success, JSON.stringify(body)).toBe(false);
        expect(check(doc, schema, body), JSON.stringify(body)).not.toEqual([]);
      }
    });
  }

  it("follows the service's schema: a changed rule changes the document", () => {
    const password = ((doc.components.schemas.RegisterInput as Json).properties as Record<string, Json>).password!;
    expect(password.minLength).toBe(MIN_PASSWORD_LENGTH);
    const changed = ROUTES.map((r) => (r.path === "/api/auth/register" ? { ...r, body: { ...r.body!, schema: { name: "RegisterInput", schema: RegisterInput.extend({ password: z.string().min(20) }) } } } : r));
    const rebuilt = buildOpenApiDocument(changed);
    expect((((rebuilt.components.schemas.RegisterInput as Json).properties as Record<string, Json>).password!).minLength).toBe(20);
  });

  it("adds the image files to the multipart bodies", () => {
    const schema = bodySchema("/api/support/tickets/{id}/replies", "multipart/form-data");
    expect(check(doc, schema, { body: "hi", files: ["a", "b", "c"] })).toEqual([]);
    expect(check(doc, schema, { body: "hi", files: ["a", "b", "c", "d"] })).not.toEqual([]);
  });
});
