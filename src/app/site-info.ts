import { cache } from "react";
import { getDb } from "@/server/db/client";
import { getAppInfo } from "@/server/services/settings";

/** getAppInfo once per page render: the root layout, the area layouts and pages all ask. */
export const siteInfo = cache(() => getAppInfo(getDb()));
