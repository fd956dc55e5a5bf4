import type { Db } from "../../db/client";
import { getAppInfo } from "../settings";
import { publicAnnouncements } from "./visible";

/** GET /api/public/app-info: what every visitor may know, plus the active PUBLIC announcements. */
export async function appInfoWithAnnouncements(db: Db, now: Date) {
  const [info, announcements] = await Promise.all([getAppInfo(db), publicAnnouncements(db, now)]);
  return { ...info, announcements };
}
