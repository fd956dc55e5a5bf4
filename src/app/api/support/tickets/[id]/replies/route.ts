import { formFields, formFiles, readMultipart, requireSameOrigin } from "@/server/http/multipart";
import { route } from "@/server/http/route";
import { limitTicketPosts } from "@/server/rate-limit/policies";
import { MAX_UPLOAD_BODY_BYTES, replyTicket } from "@/server/services/support";

/** The owner replies: multipart body and up to three images in `files`. Open to a risk-restricted account. */
export const POST = route<{ id: string }>("user", async ({ req, ctx, params }) => {
  requireSameOrigin(req);
  // Counted before the body is read, so a refused post costs no upload.
  await limitTicketPosts(ctx.actor.userId!);
  const form = await readMultipart(req, MAX_UPLOAD_BODY_BYTES);
  const r = await replyTicket(ctx, { ...formFields(form, ["body"]), ticketId: params.id }, await formFiles(form));
  return Response.json(r, { status: 201 });
}, { allowWhileRestricted: true });
