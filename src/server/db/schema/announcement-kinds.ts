// Plain constants (no database code), so browser components can use them too.
export const ANNOUNCEMENT_AUDIENCES = ["PUBLIC", "USERS", "ADMINS", "USER"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_DISPLAYS = ["INLINE", "BANNER", "POPUP"] as const;
export type AnnouncementDisplay = (typeof ANNOUNCEMENT_DISPLAYS)[number];
