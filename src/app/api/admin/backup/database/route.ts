import { route } from "@/server/http/route";
import { createBackupDownload } from "@/server/services/backup";

/** The whole database as an SQL dump (contract endpoint); audited, never logged. */
export const GET = route("admin", async ({ ctx }) => {
  const out = await createBackupDownload(ctx);
  return new Response(out.stream, {
    headers: {
      "content-type": "application/sql; charset=utf-8",
      "content-length": String(out.size),
      "content-disposition": `attachment; filename="${out.fileName}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}, { permission: "backup.manage" });
