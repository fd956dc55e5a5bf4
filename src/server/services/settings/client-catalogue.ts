// The `subscriptionClients` setting: the client apps the subscription pages offer one-tap import
// into. Problems carry our field codes (validation.ts words them) at the entry's own path, so the
// admin page and the CLI can say "entry 3, importUrlTemplate: ...".
import { z } from "zod";
import { SERVED_FORMATS } from "../subscription-content/types";
import { CLIENT_PLATFORMS, TEMPLATE_PLACEHOLDERS, URL_PLACEHOLDERS, type ClientEntry } from "./client-catalogue-types";
import { KB_SLUG, MAX_SLUG_CHARS } from "../../db/schema/kb-kinds";

/** A knowledge base slug, or "" for no guide. */
const GUIDE_SLUG = new RegExp(`^$|${KB_SLUG.source}`);

export const MAX_CLIENTS = 50;

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Schemes a browser runs or reads locally rather than hands to an app: never an import link.
const REFUSED_SCHEMES = new Set(["javascript", "data", "vbscript", "file", "blob", "about"]);
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;

/** Why a template cannot be used, or null: a scheme an app registers, known placeholders only, and the URL in one of them. */
export function templateProblem(template: string): "scheme" | "placeholder" | "url" | null {
  const scheme = SCHEME.exec(template)?.[1]?.toLowerCase();
  if (!scheme || REFUSED_SCHEMES.has(scheme)) return "scheme";
  const used = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  if (used.some((p) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(p))) return "placeholder";
  if (!used.some((p) => (URL_PLACEHOLDERS as readonly string[]).includes(p))) return "url";
  return null;
}

const ClientEntrySchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  // Kept in the fixed order (and once each) whatever order the operator wrote them in.
  platforms: z
    .array(z.enum(CLIENT_PLATFORMS))
    .min(1)
    .transform((ps) => CLIENT_PLATFORMS.filter((p) => ps.includes(p))),
  downloadUrl: z.union([z.literal(""), z.url({ protocol: /^https$/ }).max(500)]).default(""),
  importUrlTemplate: z
    .string()
    .trim()
    .min(1)
    .max(1000)
    .superRefine((t, ctx) => {
      const problem = templateProblem(t);
      if (problem) ctx.addIssue({ code: "custom", message: `client_template_${problem}`, input: t });
    }),
  format: z.enum(SERVED_FORMATS),
  // A help center article's slug; the pages link it only while the reader can open it (services/kb/guides.ts).
  guideSlug: z.string().trim().toLowerCase().max(MAX_SLUG_CHARS).regex(GUIDE_SLUG, { message: "kb_slug_format" }).optional(),
});

export const ClientCatalogueSchema = z
  .array(ClientEntrySchema)
  .max(MAX_CLIENTS)
  .superRefine(
    (entries, ctx) => {
      // One button per app: a second entry of the same name (any case) is marked, the first is kept.
      const seen = new Set<string>();
      entries.forEach((e: { name?: unknown }, i) => {
        if (typeof e?.name !== "string") return;
        const key = e.name.trim().toLocaleLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", message: "taken", path: [i, "name"], input: e.name });
        seen.add(key);
      });
    },
    // Also while other entries have problems, so one save reports them all.
    { when: (payload) => Array.isArray(payload.value) },
  ) satisfies z.ZodType<ClientEntry[], unknown>;

/**
 * The setting as stored (a JSON list) or as typed into a form or a CLI assignment (its JSON text).
 * Text that is not JSON is one problem on the whole setting.
 */
export const ClientCatalogueSetting = z.preprocess((v, ctx) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    ctx.addIssue({ code: "custom", message: "json_syntax", input: v });
    return z.NEVER;
  }
}, ClientCatalogueSchema);
