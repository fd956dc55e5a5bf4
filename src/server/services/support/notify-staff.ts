// The staff side of "a reply notifies the other side": the ticket's assignee when it has an active
// admin, otherwise every active staff member whose role reads tickets (issue 29). Runs inside the writing transaction; the dedupe key names the
// message, so a retried request does not notify twice.
import type { Db as Tx } from "../../db/client";
import { activeStaffWith } from "../staff/holders";
import { notify } from "../notifications/notify";

export async function notifyStaff(
  tx: Tx,
  t: { id: string; subject: string; assigneeId: string | null },
  what: { key: "ticketNew" | "ticketUserReply"; dedupeKey: string },
): Promise<void> {
  const admins = await activeStaffWith(tx, "tickets.read");
  const assignee = t.assigneeId ? admins.filter((a) => a.id === t.assigneeId) : [];
  for (const a of assignee.length ? assignee : admins) {
    await notify(tx, { userId: a.id, type: "TICKET", level: "INFO", text: { key: what.key, params: { subject: t.subject } }, link: `/admin/tickets/${t.id}`, dedupeKey: what.dedupeKey });
  }
}
