"use server";
// Server Actions of the contract ("Admin, nodes"): thin wrappers over the nodes service verbs,
// which check the caller (admin only, as the wrapper does) and write the audit rows themselves.
import { z } from "zod";
import { args, form, formList, str, strList } from "@/server/actions/args";
import { runAction } from "@/server/actions/run-action";
import * as nodes from "@/server/services/nodes";
import * as lifecycle from "@/server/services/subscription-lifecycle";

const PAGES = ["/admin/nodes", "/lines"];
const Id = args(["id", str]);
const NodeId = args(["nodeId", str]);
const IdAndForm = args(["id", str], ["form", form]);
const nodePages = ([id]: readonly [string, ...unknown[]]) => [...PAGES, `/admin/nodes/${id}`];
const tokenPages = ([id]: readonly [string, ...unknown[]]) => [`/admin/nodes/${id}`, "/admin/nodes"];

export async function createNode(...a: [formData: FormData]) {
  return runAction(args(["form", form]), a, (ctx, [input]) => nodes.createNode(ctx, input), { revalidate: PAGES, permission: "nodes.write" });
}
export async function updateNode(...a: [id: string, formData: FormData]) {
  return runAction(IdAndForm, a, (ctx, [id, input]) => nodes.updateNode(ctx, id, input), { revalidate: nodePages, permission: "nodes.write" });
}
export async function deleteNode(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => nodes.deleteNode(ctx, id), { revalidate: PAGES, permission: "nodes.write" });
}
export async function testNodeConnection(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => nodes.testNodeConnection(ctx, id), { revalidate: nodePages, permission: "nodes.write" });
}
/** Form field `nodeIds`, repeated. */
export async function batchTestNodeConnections(...a: [formData: FormData]) {
  return runAction(args(["form", form]), a, (ctx, [input]) => nodes.batchTestNodeConnections(ctx, { nodeIds: formList(input.nodeIds) }), { revalidate: PAGES, permission: "nodes.write" });
}
/** Shows the node to users or hides it; the Lines page and the node pages change with it. */
export async function setNodeVisibility(...a: [id: string, visible: boolean]) {
  return runAction(args(["id", str], ["visible", z.boolean()]), a, (ctx, [id, visible]) => nodes.setNodeVisibility(ctx, id, { visible }), { revalidate: nodePages, permission: "nodes.write" });
}
export async function updateInboundDisplayName(...a: [id: string, formData: FormData]) {
  return runAction(IdAndForm, a, (ctx, [id, input]) => nodes.updateInboundDisplayName(ctx, id, input), { revalidate: ["/admin/nodes", "/lines"], permission: "nodes.write" });
}
export async function deleteInbound(...a: [id: string]) {
  return runAction(Id, a, (ctx, [id]) => nodes.deleteInbound(ctx, id), { revalidate: ["/admin/nodes"], permission: "nodes.write" });
}
export async function generateAgentToken(...a: [nodeId: string]) {
  return runAction(NodeId, a, (ctx, [nodeId]) => nodes.generateAgentToken(ctx, nodeId), { revalidate: tokenPages, permission: "nodes.write" });
}
export async function revokeAgentToken(...a: [nodeId: string]) {
  return runAction(NodeId, a, (ctx, [nodeId]) => nodes.revokeAgentToken(ctx, nodeId), { revalidate: tokenPages, permission: "nodes.write" });
}
/** Queues a panel sync for every client of the node's last drift report, and a new check shortly after. */
export async function repairNodeDrift(...a: [nodeId: string]) {
  return runAction(NodeId, a, (ctx, [nodeId]) => lifecycle.repairNodeDrift(ctx, nodeId), { revalidate: ([id]) => [`/admin/nodes/${id}`, "/admin/tasks"], permission: "nodes.write" });
}
/** Removes from the panel the orphan clients the confirmation listed (each checked again first), then re-checks the node. */
export async function removeOrphanClients(...a: [nodeId: string, emails: string[]]) {
  return runAction(args(["nodeId", str], ["emails", strList]), a, (ctx, [nodeId, emails]) => lifecycle.removeOrphanClients(ctx, nodeId, emails), {
    revalidate: ([id]) => [`/admin/nodes/${id}`],
    permission: "nodes.write",
  });
}
