import { route } from "@/server/http/route";
import { configExportFileName, exportConfig } from "@/server/services/exports";

export const GET = route("admin", async ({ ctx }) => {
  const snapshot = await exportConfig(ctx);
  return new Response(`${JSON.stringify(snapshot, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${configExportFileName(ctx.now())}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}, { permission: "settings.read" });
