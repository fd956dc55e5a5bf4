import { route } from "@/server/http/route";
import { listNodeInbounds } from "@/server/services/nodes";

export const GET = route<{ id: string }>("admin", async ({ ctx, params }) => ({ inbounds: await listNodeInbounds(ctx, params.id) }), { permission: "nodes.read" });
