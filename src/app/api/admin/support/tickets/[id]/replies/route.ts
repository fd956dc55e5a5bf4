import { formFields, formFiles, readMultipart, requireSameOrigin } from "@/server/http/multipart";
import { route } from "@/server/http/route";
import { adminReplyTicket, MAX_UPLOAD_BODY_BYTES } from "@/server/services/support";

/** Staff reply: multipart body and up to three images in `files`. */
export const POST = route<{ id: string }>("admin", async ({ req, ctx, params }) => {
  requireSameOrigin(req);
  const form = await readMultipart(req, MAX_UPLOAD_BODY_BYTES);
  const r = await adminReplyTicket(ctx, { ...formFields(form, ["body"]), ticketId: params.id }, await formFiles(form));
  return Response.json(r, { status: 201 });
}, { permission: "tickets.write" });
