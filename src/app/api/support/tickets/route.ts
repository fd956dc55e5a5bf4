import { formFields, formFiles, readMultipart, requireSameOrigin } from "@/server/http/multipart";
import { route } from "@/server/http/route";
import { limitTicketPosts } from "@/server/rate-limit/policies";
import { createTicket, MAX_UPLOAD_BODY_BYTES } from "@/server/services/support";

/**
 * Opens a ticket: multipart subject, category, priority, body and up to three images in `files`.
 * Support stays open to a risk-restricted account.
 */
export const POST = route("user", async ({ req, ctx }) => {
  requireSameOrigin(req);
  // Counted before the body is read, so a refused post costs no upload.
  await limitTicketPosts(ctx.actor.userId!);
  const form = await readMultipart(req, MAX_UPLOAD_BODY_BYTES);
  const ticket = await createTicket(ctx, formFields(form, ["subject", "category", "priority", "body"]), await formFiles(form));
  return Response.json({ id: ticket.id }, { status: 201 });
}, { allowWhileRestricted: true });
