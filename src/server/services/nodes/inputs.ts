import { z } from "zod";
import { optionalFormBoolean } from "../../form-boolean";

const panelUrl = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ error: "panel_url_format" }))
  .refine((u) => /^https?:\/\//i.test(u), { message: "panel_url_format" });

export const NodeInput = z.object({
  name: z.string().trim().min(1).max(60),
  panelUrl,
  panelUsername: z.string().trim().min(1).max(200),
  panelPassword: z.string().min(1).max(500),
  panelApiToken: z.string().trim().max(500).optional(),
  sortOrder: z.coerce.number().int().min(-10_000).max(10_000).optional(),
  panelTlsInsecure: optionalFormBoolean,
  // The host name or IP clients connect to; empty: the panel URL's host (often a different name).
  publicHost: z
    .string()
    .trim()
    .max(253)
    .regex(/^$|^[A-Za-z0-9.-]+$|^[0-9A-Fa-f:]+$/, { error: "public_host_format" })
    .optional(),
});

/** On update an empty password or token keeps the stored one; clearApiToken removes the token. */
export const NodeUpdateInput = NodeInput.extend({
  panelPassword: z.string().max(500).optional(),
  clearApiToken: optionalFormBoolean,
});

/** The admin's visibility switch: shown to users or hidden from them (never back to PENDING). */
export const NodeVisibilityInput = z.object({ visible: z.boolean() });

export const DisplayNameInput = z.object({ displayName: z.string().trim().max(60) });
export const NodeIdsInput = z.object({ nodeIds: z.array(z.string().uuid()).min(1).max(200) });
export type NodeInput = z.infer<typeof NodeInput>;
