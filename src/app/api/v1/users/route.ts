import { UsersQuery } from "@/server/http/api-v1/inputs";
import { pageV1, userV1 } from "@/server/http/api-v1/shapes";
import { tokenRoute } from "@/server/http/token-route";
import { listUsers } from "@/server/services/accounts";
import { parseInput } from "@/server/validation";

/** Users, newest first: ?q=&status=&role=&page=&pageSize= (scope read:users). */
export const GET = tokenRoute("read:users", async ({ ctx, query }) => pageV1(await listUsers(ctx, parseInput(UsersQuery, query)), userV1));
