// One row behind each admin detail page (a node, a plan, a subscription and its owner, a ticket, a
// knowledge-base article, a risk event), so rendering /admin/<area>/[id] reaches the reads the page
// makes after finding its row, instead of stopping at notFound(). For the permission walk's pages file.
import { subscriptionRiskEvents } from "../../src/server/db/schema";
import type { Db } from "../../src/server/db/client";
import { createKbArticle } from "../../src/server/services/kb";
import { createTicket } from "../../src/server/services/support";
import { seedNode, seedSubscription } from "../risk-engine/seed";
import { asCtx, cliCtx, makeUser } from "./actors";

/** Route -> the params its page is rendered with. */
export async function adminPageParams(db: Db): Promise<Record<string, Record<string, string>>> {
  const seeded = await seedNode(db);
  const user = await makeUser(db);
  const { sub } = await seedSubscription(db, seeded, { userId: user.id });
  const ticket = await createTicket(asCtx(db, { kind: "user", userId: user.id, email: user.email, role: "USER" }), { subject: "Walk", body: "A ticket for the permission walk." });
  const article = await createKbArticle(cliCtx(db), { slug: "walk", locale: "en", title: "Walk", category: "walk", bodyMarkdown: "text", sortOrder: 0 });
  const [risk] = await db
    .insert(subscriptionRiskEvents)
    .values({ userId: user.id, subscriptionId: sub.id, scopeKey: `sub:${sub.id}`, reason: "COUNTRY_CHANGE", level: "WARNING", day: "2026-11-01" })
    .returning({ id: subscriptionRiskEvents.id });
  return {
    "/admin/kb/[id]": { id: article.id },
    "/admin/mail-templates/[template]/[locale]": { template: "verify-email", locale: "en" },
    "/admin/nodes/[id]": { id: seeded.node.id },
    "/admin/plans/[id]": { id: seeded.plan.id },
    "/admin/risk/[id]": { id: risk!.id },
    "/admin/subscriptions/[id]": { id: sub.id },
    "/admin/tickets/[id]": { id: ticket.id },
    "/admin/users/[id]/wallet": { id: user.id },
  };
}
