import { subscriptionGet } from "@/server/http/subscription-route";

/** Every active proxy subscription of one user: ?token=<the user's aggregate token>[&format=]. */
export async function GET(req: Request) {
  return subscriptionGet(req, "all");
}
