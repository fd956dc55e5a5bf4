// `ticket list`: the admin ticket queue from the terminal (waiting on staff first, then the latest
// message), a thin wrapper over listTicketsAdmin.
// The plain constants file, not the schema index: help must not load drizzle.
import { TICKET_STATUSES } from "../../src/server/db/schema/support-kinds";
import { UsageError } from "../args";
import { table } from "../format";
import type { Command } from "../registry";

const support = () => import("../../src/server/services/support");

// ACTIVE: every status but CLOSED, as in the admin queue's filter.
const STATUSES = [...TICKET_STATUSES, "ACTIVE"] as const;

const ticketList: Command = {
  path: ["ticket", "list"],
  summary: "List support tickets, those waiting on staff first",
  json: true,
  description: "JSON shape: { rows: [{ id, status, priority, category, subject, userEmail, assigneeId, unread, lastMessageAt, updatedAt, createdAt }], total, page, pageSize }",
  options: {
    status: { type: "string", valueName: "status", description: `${STATUSES.join(", ")} (ACTIVE = not closed)` },
    page: { type: "string", valueName: "n", description: "page number (default 1, 50 per page)" },
  },
  async run(c, { options: o }) {
    const status = o.status === undefined ? undefined : String(o.status).toUpperCase();
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) throw new UsageError(`unknown status '${String(o.status)}': use ${STATUSES.join(", ")}`);
    const { listTicketsAdmin } = await support();
    const r = await listTicketsAdmin(await c.ctx(), { status, page: o.page ?? 1, pageSize: 50 });
    if (o.json) {
      return c.json({
        rows: r.rows.map((x) => ({ id: x.id, status: x.status, priority: x.priority, category: x.category, subject: x.subject, userEmail: x.userEmail, assigneeId: x.assigneeId, unread: x.unread, lastMessageAt: x.lastMessageAt.toISOString(), updatedAt: x.updatedAt.toISOString(), createdAt: x.createdAt.toISOString() })),
        total: r.total,
        page: r.page,
        pageSize: r.pageSize,
      });
    }
    if (!r.rows.length) return c.out("No tickets.");
    const rows = r.rows.map((x) => [x.id, x.status + (x.unread ? " *" : ""), x.priority, x.category, x.subject.length > 60 ? `${x.subject.slice(0, 59)}…` : x.subject, x.userEmail, x.updatedAt.toISOString()]);
    for (const line of table(["ID", "STATUS", "PRIORITY", "CATEGORY", "SUBJECT", "USER", "UPDATED"], rows)) c.out(line);
    c.out(`page ${r.page} of ${Math.max(1, Math.ceil(r.total / r.pageSize))} (${r.total} tickets; * = unread by staff)`);
  },
};

export const ticketCommands: Command[] = [ticketList];
