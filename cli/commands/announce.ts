// `announce create|list|delete`: thin wrappers over the announcements verbs (the admin form's checks;
// each write is audited with the CLI as the actor).
import type { OptionValue } from "../args";
import { table } from "../format";
import type { Command } from "../registry";

const announcements = () => import("../../src/server/services/announcements");

const upper = (v: OptionValue) => (typeof v === "string" ? v.toUpperCase() : undefined);

const announceCreate: Command = {
  path: ["announce", "create"],
  summary: "Publish an announcement (Markdown body; shown now, enabled and dismissible)",
  json: true,
  description:
    "Audience: public (everyone, signed out too), users (every signed-in account), admins, or user (one account, --email).\n" +
    "Display: inline (a list on the dashboard), banner (top of every page) or popup (a dialog once per page load until dismissed).\n" +
    "JSON shape: { announcement: { id, title, body, audience, targetUserId, display, enabled, dismissible, priority, startsAt, endsAt, createdAt } }",
  options: {
    title: { type: "string", valueName: "text", required: true, description: "the title (at most 120 characters)" },
    body: { type: "string", valueName: "markdown", description: "the text, Markdown (raw HTML is shown as text)" },
    audience: { type: "string", valueName: "who", description: "public, users (default), admins or user" },
    email: { type: "string", valueName: "address", description: "with --audience user: the account that sees it" },
    display: { type: "string", valueName: "how", description: "inline (default), banner or popup" },
    priority: { type: "string", valueName: "n", description: "higher shows first (default 0)" },
    "starts-at": { type: "string", valueName: "iso-time", description: "not shown before this instant" },
    "ends-at": { type: "string", valueName: "iso-time", description: "not shown from this instant on" },
    "not-dismissible": { type: "boolean", description: "readers cannot close it for good" },
  },
  async run(c, { options: o }) {
    const { createAnnouncement } = await announcements();
    const a = await createAnnouncement(await c.ctx(), {
      title: o.title,
      body: o.body ?? "",
      audience: upper(o.audience),
      targetEmail: o.email,
      display: upper(o.display),
      priority: o.priority,
      startsAt: o["starts-at"],
      endsAt: o["ends-at"],
      dismissible: !o["not-dismissible"],
    });
    if (o.json) return c.json({ announcement: a });
    c.out(`announcement ${a.id} published: ${a.audience} ${a.display}${a.dismissible ? "" : ", not dismissible"}`);
  },
};

const announceList: Command = {
  path: ["announce", "list"],
  summary: "List announcements, newest first",
  json: true,
  description: "JSON shape: { rows: [{ id, title, audience, targetEmail, display, enabled, dismissible, priority, startsAt, endsAt, dismissals, ... }], total, page, pageSize }",
  options: {
    q: { type: "string", valueName: "text", description: "title contains" },
    page: { type: "string", valueName: "n", description: "page number (default 1, 50 per page)" },
  },
  async run(c, { options: o }) {
    const { adminListAnnouncements } = await announcements();
    const r = await adminListAnnouncements(await c.ctx(), { q: o.q, page: o.page ?? 1, pageSize: 50 });
    if (o.json) return c.json(r);
    if (!r.rows.length) return c.out("No announcements.");
    const when = (d: Date | null) => (d ? d.toISOString() : "-");
    const rows = r.rows.map((a) => [a.title, a.audience === "USER" ? `USER ${a.targetEmail ?? ""}` : a.audience, a.display, a.enabled ? "on" : "off", when(a.startsAt), when(a.endsAt), a.id]);
    for (const line of table(["TITLE", "AUDIENCE", "DISPLAY", "ENABLED", "STARTS", "ENDS", "ID"], rows)) c.out(line);
    c.out(`page ${r.page} of ${Math.max(1, Math.ceil(r.total / r.pageSize))} (${r.total} announcements)`);
  },
};

const announceDelete: Command = {
  path: ["announce", "delete"],
  summary: "Delete an announcement (and who dismissed it)",
  json: true,
  positionals: [{ name: "id", description: "announcement id", required: true }],
  async run(c, { options: o, positionals: p }) {
    const { deleteAnnouncement } = await announcements();
    await deleteAnnouncement(await c.ctx(), String(p.id));
    if (o.json) return c.json({ deleted: true });
    c.out(`announcement ${String(p.id)} deleted`);
  },
};

export const announceCommands: Command[] = [announceCreate, announceList, announceDelete];
