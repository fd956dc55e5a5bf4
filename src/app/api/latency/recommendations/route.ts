import { route } from "@/server/http/route";
import { getLatencyRecommendations } from "@/server/services/telemetry";

// Anonymous at the transport: the verb itself admits anonymous callers only when telemetry is public.
export const GET = route("anonymous", async ({ ctx }) => getLatencyRecommendations(ctx));
