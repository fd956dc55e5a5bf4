"use server";
// Server Actions of the contract ("Admin, nodes"): thin wrappers over the nodes service verbs,
// which check the caller (admin only) and write the audit rows themselves.
import { formToObject, runAction } from "@/server/actions/run-action";
import * as nodes from "@/server/services/nodes";
import * as lifecycle from "@/server/services/subscription-lifecycle";

const PAGES = ["/admin/nodes", "/lines"];

export async function createNode(formData: FormData) {
  return runAction((ctx) => nodes.createNode(ctx, formToObject(formData)), { revalidate: PAGES });
}
export async function updateNode(id: string, formData: FormData) {
  return runAction((ctx) => nodes.updateNode(ctx, id, formToObject(formData)), { revalidate: [...PAGES, `/admin/nodes/${id}`] });
}
export async function deleteNode(id: string) {
  return runAction((ctx) => nodes.deleteNode(ctx, id), { revalidate: PAGES });
}
export async function testNodeConnection(id: string) {
  return runAction((ctx) => nodes.testNodeConnection(ctx, id), { revalidate: [...PAGES, `/admin/nodes/${id}`] });
}
export async function batchTestNodeConnections(formData: FormData) {
  return runAction((ctx) => nodes.batchTestNodeConnections(ctx, { nodeIds: formData.getAll("nodeIds").map(String) }), { revalidate: PAGES });
}
/** Shows the node to users or hides it; the Lines page and the node pages change with it. */
export async function setNodeVisibility(id: string, visible: boolean) {
  return runAction((ctx) => nodes.setNodeVisibility(ctx, id, { visible }), { revalidate: [...PAGES, `/admin/nodes/${id}`] });
}
export async function updateInboundDisplayName(id: string, formData: FormData) {
  return runAction((ctx) => nodes.updateInboundDisplayName(ctx, id, formToObject(formData)), { revalidate: ["/admin/nodes", "/lines"] });
}
export async function deleteInbound(id: string) {
  return runAction((ctx) => nodes.deleteInbound(ctx, id), { revalidate: ["/admin/nodes"] });
}
export async function generateAgentToken(nodeId: string) {
  return runAction((ctx) => nodes.generateAgentToken(ctx, nodeId), { revalidate: [`/admin/nodes/${nodeId}`, "/admin/nodes"] });
}
export async function revokeAgentToken(nodeId: string) {
  return runAction((ctx) => nodes.revokeAgentToken(ctx, nodeId), { revalidate: [`/admin/nodes/${nodeId}`, "/admin/nodes"] });
}
/** Queues a panel sync for every client of the node's last drift report, and a new check shortly after. */
export async function repairNodeDrift(nodeId: string) {
  return runAction((ctx) => lifecycle.repairNodeDrift(ctx, nodeId), { revalidate: [`/admin/nodes/${nodeId}`, "/admin/tasks"] });
}
