// Orphan clients against the 3x-ui simulator: a panel client with our email pattern and no
// node_clients row is reported; "Remove orphan clients" deletes exactly the confirmed ones from the
// panel, never the operator's own clients, never one that a subscription claimed after the report,
// and never one found after the admin saw the list. Audited, admin only, report refreshed.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLogs, nodeClients, nodes, type NodeClient } from "../../src/server/db/schema";
import { reconcileNode, removeOrphanClients } from "../../src/server/services/subscription-lifecycle";
import { makeUser } from "../helpers/actors";
import { openShop } from "../commerce/fixtures";
import { placeholder } from "../panel/helpers";
import { subscribe } from "./fixtures";

const shop = openShop();

/** Puts a client straight on the simulated panel, as a racing sync (or the operator) would. */
function onPanel(inboundId: number, email: string) {
  const protocol = shop.sim.state.getInbound(inboundId).protocol;
  shop.sim.state.addClients(inboundId, [{ ...placeholder(protocol), email }]);
}

/** Deletes a subscription's row as a subscription delete does, leaving its panel client behind. */
async function dropRow(row: NodeClient) {
  await shop.db.delete(nodeClients).where(eq(nodeClients.id, row.id));
}

const onPanelNow = (email: string) => shop.sim.state.findClientByEmail(email) !== undefined;
const storedOrphans = async () => {
  const [n] = await shop.db.select({ drift: nodes.drift }).from(nodes).where(eq(nodes.id, shop.nodeId));
  return (n!.drift ?? []).filter((d) => d.kind === "orphan").map((d) => d.email).sort();
};

describe("orphan clients", () => {
  it("are reported, removed on confirmation, and nothing else is touched", async () => {
    const { clients } = await subscribe(shop);
    const [raced, claimed] = clients as [NodeClient, NodeClient];
    const wanted = (await subscribe(shop)).clients[0]!;
    await dropRow(raced);
    await dropRow(claimed);
    const ghost = "ghost@example.com-abcd1234";
    onPanel(3, ghost);
    const operator = ["router-01", "carol@example.com", "dave@example.com-laptop", "erin@home-phone123"];
    for (const email of operator) onPanel(4, email);

    const report = await reconcileNode(shop.db, shop.nodeId);
    const orphans = report.drift.filter((d) => d.kind === "orphan");
    expect(orphans.map((d) => d.email).sort()).toEqual([raced.email, claimed.email, ghost].sort());
    expect(orphans.find((d) => d.email === ghost)).toMatchObject({ panelInboundId: 3 });
    expect(report.drift.some((d) => operator.includes(d.email) || d.email === wanted.email)).toBe(false);

    // Between the report the admin saw and their confirmation: a periodic check stores a new orphan
    // they never saw, then a sync gives one of the listed orphans its row back.
    const late = "late@example.com-zzzz9999";
    onPanel(1, late);
    await reconcileNode(shop.db, shop.nodeId);
    expect(await storedOrphans()).toEqual([raced.email, claimed.email, ghost, late].sort());
    await shop.db.insert(nodeClients).values({ ...claimed, id: undefined, panelState: "SYNCED" });

    const r = await removeOrphanClients(shop.admin.ctx, shop.nodeId, orphans.map((d) => d.email));
    expect(r.removed.sort()).toEqual([raced.email, ghost].sort());
    expect(r.kept).toEqual([claimed.email]);
    expect(r).toMatchObject({ failed: [], gone: [], disabled: [], refreshed: true });

    expect(onPanelNow(raced.email)).toBe(false);
    expect(onPanelNow(ghost)).toBe(false);
    expect(onPanelNow(claimed.email)).toBe(true);
    expect(onPanelNow(wanted.email)).toBe(true);
    expect(onPanelNow(late)).toBe(true);
    for (const email of operator) expect(onPanelNow(email), email).toBe(true);

    // The re-check after removal reports only what is left: the orphan nobody confirmed yet.
    expect(await storedOrphans()).toEqual([late]);
    const [audit] = await shop.db.select().from(auditLogs).where(and(eq(auditLogs.action, "admin.node.remove_orphans"), eq(auditLogs.targetId, shop.nodeId)));
    expect(audit!.metadata).toMatchObject({ removed: 2, kept: 1, failed: 0 });
    expect((audit!.metadata as { emails: string[] }).emails.sort()).toEqual([raced.email, ghost].sort());

    await removeOrphanClients(shop.admin.ctx, shop.nodeId, [late]);
    expect(onPanelNow(late)).toBe(false);
    expect(await storedOrphans()).toEqual([]);
  });

  it("an email that is not a reported orphan is never deleted, even if sent", async () => {
    const { clients } = await subscribe(shop);
    await reconcileNode(shop.db, shop.nodeId);
    const r = await removeOrphanClients(shop.admin.ctx, shop.nodeId, [clients[0]!.email, "router-01", "carol@example.com"]);
    expect(r).toMatchObject({ removed: [], kept: [], gone: [] });
    expect(onPanelNow(clients[0]!.email)).toBe(true);
    expect(onPanelNow("router-01")).toBe(true);
  });

  it("the last client of an inbound, which 3x-ui cannot delete, is switched off", async () => {
    const last = "solo@example.com-solo0001";
    onPanel(3, last);
    shop.sim.state.deleteClient(3, "keep-trojan", "email");
    await reconcileNode(shop.db, shop.nodeId);
    const r = await removeOrphanClients(shop.admin.ctx, shop.nodeId, [last]);
    expect(r.disabled).toEqual([last]);
    expect(shop.sim.state.findClientByEmail(last)!.client.enable).toBe(false);
    shop.sim.state.addClients(3, [placeholder("trojan")]);
  });

  it("is for admins only", async () => {
    const user = await makeUser(shop.db);
    await expect(removeOrphanClients(user.ctx, shop.nodeId, [])).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(removeOrphanClients(shop.admin.ctx, "not-a-uuid", [])).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("an unreachable panel is an error and the report stays", async () => {
    const ghost = "ghost2@example.com-abcd1234";
    onPanel(2, ghost);
    await reconcileNode(shop.db, shop.nodeId);
    await shop.panelDown();
    try {
      await expect(removeOrphanClients(shop.admin.ctx, shop.nodeId, [ghost])).rejects.toMatchObject({ code: "UNAVAILABLE" });
      expect(await storedOrphans()).toContain(ghost);
    } finally {
      await shop.panelUp();
    }
  });
});
