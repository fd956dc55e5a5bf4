import { route } from "@/server/http/route";
import { getAppInfo } from "@/server/services/settings";

export const GET = route("anonymous", async ({ ctx }) => getAppInfo(ctx.db));
