// The admin reference page's rows come from the built document: every operation once, grouped by
// tag, with readable types, parameters, body fields and responses; the search narrows them.
import { describe, expect, it } from "vitest";
import { filterGroups } from "../../src/components/admin/api-reference/endpoint-filter";
import { openApiDocument, referenceGroups, ROUTES } from "../../src/server/openapi";

const doc = openApiDocument();
const groups = referenceGroups(doc);
const all = groups.flatMap((g) => g.endpoints);
const find = (method: string, path: string) => all.find((e) => e.method === method && e.path === path)!;

describe("API reference rows", () => {
  it("show every operation once, grouped by its tag", () => {
    expect(all.length).toBe(ROUTES.length);
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    expect(groups.map((g) => g.tag)).toEqual([...new Set(ROUTES.map((r) => r.tag))]);
    for (const r of ROUTES) expect(groups.find((g) => g.tag === r.tag)!.endpoints.some((e) => e.path === r.path && e.method === r.method.toUpperCase())).toBe(true);
  });

  it("show parameters with place, requiredness and a readable type", () => {
    const history = find("GET", "/api/latency/history");
    expect(history.access).toBe("public");
    expect(history.sessionOptional).toBe(true);
    expect(find("GET", "/api/health").sessionOptional).toBe(false);
    expect(history.parameters).toEqual([
      expect.objectContaining({ name: "nodeId", in: "query", required: true, type: "string 1.. chars" }),
      expect.objectContaining({ name: "carrier", in: "query", required: true, type: "telecom | unicom | mobile" }),
      expect.objectContaining({ name: "range", in: "query", required: false, type: '1d | 7d | 30d, default "1d"' }),
    ]);
    expect(find("GET", "/api/admin/nodes/{id}/inbounds").parameters[0]).toMatchObject({ name: "id", in: "path", required: true, type: expect.stringContaining("(uuid)") });
  });

  it("show body fields, including the upload files of multipart bodies", () => {
    const ticket = find("POST", "/api/support/tickets");
    expect(ticket.bodyType).toBe("multipart/form-data");
    expect(ticket.bodyFields.map((f) => [f.name, f.required])).toEqual([["subject", true], ["category", false], ["priority", false], ["body", false], ["files", false]]);
    expect(ticket.bodyFields.find((f) => f.name === "files")!.type).toBe("string (file)[] (≤ 3)");
    const register = find("POST", "/api/auth/register");
    expect(register.bodyFields.find((f) => f.name === "password")).toMatchObject({ required: true, type: "string 8..128 chars" });
    // One sample or a batch: the field shows both shapes.
    expect(find("POST", "/api/agent/metrics").bodyFields).toEqual([expect.objectContaining({ name: "metrics", required: true, type: "object | object[] (≤ 60)" })]);
  });

  it("show the success and error responses", () => {
    const register = find("POST", "/api/auth/register");
    expect(register.responses.map((r) => r.status)).toEqual(["201", "400", "403", "409", "413", "415", "429", "503"]);
    expect(register.responses.find((r) => r.status === "429")!.description).toMatch(/RATE_LIMITED/);
    expect(find("GET", "/api/admin/export/audit-logs").responses[0]!.contentTypes).toEqual(["text/csv", "application/json"]);
  });

  it("search by every word across method, path, summary, tag and access", () => {
    expect(filterGroups(groups, "")).toBe(groups);
    const agent = filterGroups(groups, "post agent");
    expect(agent.flatMap((g) => g.endpoints).every((e) => e.method === "POST" && e.path.startsWith("/api/agent/"))).toBe(true);
    expect(agent.flatMap((g) => g.endpoints)).toHaveLength(4);
    expect(filterGroups(groups, "  INBOUNDS  ").flatMap((g) => g.endpoints.map((e) => e.path))).toEqual(["/api/admin/nodes/{id}/inbounds"]);
    expect(filterGroups(groups, "admin").every((g) => g.endpoints.length > 0)).toBe(true);
    expect(filterGroups(groups, "no such endpoint anywhere")).toEqual([]);
  });
});
