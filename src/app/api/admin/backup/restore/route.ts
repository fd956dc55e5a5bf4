import { requireSameOrigin } from "@/server/http/multipart";
import { route } from "@/server/http/route";
import { restoreUploadedDump } from "@/server/services/backup";

/**
 * Restore from an uploaded dump: the file is the raw request body (streamed to disk under the cap,
 * never held in memory) and the typed confirmation word travels in `x-relayboard-confirm`. Same-origin
 * only, like every upload: a cross-site form must not be able to replace the database.
 */
export const POST = route("admin", async ({ req, ctx }) => {
  requireSameOrigin(req);
  const result = await restoreUploadedDump(ctx, { confirm: req.headers.get("x-relayboard-confirm") ?? "" }, req.body, { declaredLength: req.headers.get("content-length") });
  // Every session was revoked in the restore: this admin signs in again too.
  return Response.json({ ...result, signInAgain: true });
}, { permission: "backup.manage" });
