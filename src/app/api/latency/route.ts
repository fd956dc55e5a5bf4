import { route } from "@/server/http/route";
import { getLatestLatency } from "@/server/services/telemetry";

// Anonymous at the transport: the verb itself admits anonymous callers only when telemetry is public.
export const GET = route("anonymous", async ({ req, ctx }) => getLatestLatency(ctx, Object.fromEntries(new URL(req.url).searchParams)));
