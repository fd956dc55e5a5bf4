import { route } from "@/server/http/route";
import { listNodes } from "@/server/services/nodes";

export const GET = route("admin", async ({ ctx }) => ({ nodes: await listNodes(ctx) }), { permission: "nodes.read" });
