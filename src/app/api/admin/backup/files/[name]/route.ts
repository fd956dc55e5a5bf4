import { route } from "@/server/http/route";
import { openStoredBackup } from "@/server/services/backup";

/** One stored scheduled dump, by its exact file name. */
export const GET = route<{ name: string }>("admin", async ({ ctx, params }) => {
  const out = await openStoredBackup(ctx, params.name);
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
