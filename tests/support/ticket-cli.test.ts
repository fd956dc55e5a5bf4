// `ticket list [--status s]` through the CLI's own parser and runner: the table, the filter, JSON,
// and a clear usage error (exit code 2) for a status that does not exist.
import { beforeAll, describe, expect, it } from "vitest";
import { updateSettings } from "../../src/server/services/settings";
import { closeMyTicket, createTicket } from "../../src/server/services/support";
import { cliCtx, makeUser } from "../helpers/actors";
import { testDbForFile } from "../helpers/db";
import { cli, json } from "../cli/helpers";

const t = testDbForFile();
let open: { id: string }, closed: { id: string }, email: string;
beforeAll(async () => {
  await updateSettings(cliCtx(t.db), { ticketOpenCap: 5 });
  const u = await makeUser(t.db);
  email = u.email;
  open = await createTicket(u.ctx, { subject: "VPN drops every hour", category: "TECHNICAL", priority: "URGENT", body: "Since Monday." });
  closed = await createTicket(u.ctx, { subject: "Invoice copy", category: "BILLING", priority: "LOW", body: "Please." });
  await closeMyTicket(u.ctx, closed.id);
});

describe("ticket list", () => {
  it("prints every ticket as a table with id, status, priority, category, subject, user and time", async () => {
    const r = await cli(t.db, "ticket", "list");
    expect(r.code).toBe(0);
    const [header, ...lines] = r.stdout.trim().split("\n");
    expect(header).toMatch(/^ID\s+STATUS\s+PRIORITY\s+CATEGORY\s+SUBJECT\s+USER\s+UPDATED$/);
    const row = lines.find((l) => l.startsWith(open.id))!;
    expect(row).toMatch(/OPEN \*\s+URGENT\s+TECHNICAL\s+VPN drops every hour\s+/);
    expect(row).toContain(email);
    expect(row).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(r.stdout).toContain(closed.id);
    expect(r.stdout).toContain("(2 tickets;");
  });

  it("filters by status (case-insensitive, ACTIVE = not closed) and prints JSON", async () => {
    const only = json<{ rows: { id: string; status: string; userEmail: string }[]; total: number }>(await cli(t.db, "ticket", "list", "--status", "closed", "--json"));
    expect(only.rows.map((x) => [x.id, x.status, x.userEmail])).toEqual([[closed.id, "CLOSED", email]]);
    const active = await cli(t.db, "ticket", "list", "--status", "ACTIVE");
    expect(active.stdout).toContain(open.id);
    expect(active.stdout).not.toContain(closed.id);
    expect((await cli(t.db, "ticket", "list", "--status", "USER_REPLIED")).stdout.trim()).toBe("No tickets.");
  });

  it("refuses an unknown status with a clear message and a usage exit code", async () => {
    const bad = await cli(t.db, "ticket", "list", "--status", "NOPE");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown status 'NOPE': use OPEN, USER_REPLIED, ADMIN_REPLIED, CLOSED, ACTIVE");
  });
});
