import { userV1 } from "@/server/http/api-v1/shapes";
import { tokenRoute } from "@/server/http/token-route";
import { getUserAdmin } from "@/server/services/accounts";

/** One user (scope read:users). */
export const GET = tokenRoute<{ id: string }>("read:users", async ({ ctx, params }) => userV1(await getUserAdmin(ctx, params.id)));
