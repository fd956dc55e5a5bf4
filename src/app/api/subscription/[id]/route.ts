import { subscriptionGet } from "@/server/http/subscription-route";

/** Subscription content: ?token=<download token>[&format=]. Served by the custom server in production. */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  return subscriptionGet(req, (await params).id);
}
