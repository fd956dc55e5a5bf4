// Inputs of the announcement verbs. The window is [startsAt, endsAt) with either end open; audience
// USER names its one reader by email (resolved to targetUserId by the verb, in its transaction).
import { z } from "zod";
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_DISPLAYS } from "../../db/schema";
import { formBoolean } from "../../form-boolean";
import { MAX_BODY_CHARS } from "./markdown";

export const MAX_TITLE_CHARS = 120;

/** An instant as ISO 8601 text (or a Date); empty text or null = no bound. */
const instant = z.preprocess((v) => (v === "" || v === undefined ? null : v), z.union([z.null(), z.coerce.date()]));

export const AnnouncementInput = z
  .strictObject({
    title: z.string().trim().min(1).max(MAX_TITLE_CHARS),
    body: z.string().max(MAX_BODY_CHARS).default(""),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES).default("USERS"),
    /** Only for audience USER: the reader's account email. Ignored for the other audiences. */
    targetEmail: z.string().trim().toLowerCase().max(320).nullish(),
    display: z.enum(ANNOUNCEMENT_DISPLAYS).default("INLINE"),
    enabled: formBoolean.default(true),
    dismissible: formBoolean.default(true),
    /** Higher shows first. */
    priority: z.coerce.number().int().min(-1000).max(1000).default(0),
    startsAt: instant.default(null),
    endsAt: instant.default(null),
  })
  .superRefine((v, ctx) => {
    if (v.audience === "USER") {
      if (!v.targetEmail) ctx.addIssue({ code: "custom", path: ["targetEmail"], message: "required" });
      else if (!z.email().safeParse(v.targetEmail).success) ctx.addIssue({ code: "custom", path: ["targetEmail"], message: "invalid_email" });
    }
    if (v.startsAt && v.endsAt && v.endsAt.getTime() <= v.startsAt.getTime()) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "before_start" });
  })
  .transform(({ targetEmail, ...v }) => ({ ...v, targetEmail: v.audience === "USER" ? (targetEmail ?? null) : null }));
export type AnnouncementValues = z.output<typeof AnnouncementInput>;

/** The admin table's filters: enabled "1"/"0", audience, display, a title search, the page. */
export const ListAnnouncementsInput = z.object({
  q: z.string().trim().max(200).optional(),
  enabled: z.enum(["1", "0"]).optional(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES).optional(),
  display: z.enum(ANNOUNCEMENT_DISPLAYS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
