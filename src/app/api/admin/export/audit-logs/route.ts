import { route } from "@/server/http/route";
import { exportAuditLogs } from "@/server/services/exports";

export const GET = route("admin", async ({ req, ctx }) => {
  const sp = new URL(req.url).searchParams;
  const out = await exportAuditLogs(ctx, { q: sp.get("q") ?? undefined, format: sp.get("format") || undefined });
  return new Response(out.stream, {
    headers: {
      "content-type": out.contentType,
      "content-disposition": `attachment; filename="${out.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}, { permission: "logs.read" });
