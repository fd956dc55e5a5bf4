import { route } from "@/server/http/route";
import { appInfoWithAnnouncements } from "@/server/services/announcements";

export const GET = route("anonymous", async ({ ctx }) => appInfoWithAnnouncements(ctx.db, ctx.now()));
