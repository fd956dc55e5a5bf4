// The support contact shown wherever a person is told to contact support: an email address, a web
// address or a Telegram handle. One parser for the settings check and for the link the pages draw.
import { z } from "zod";

export type SupportContactLink = { kind: "email" | "url" | "telegram"; href: string; label: string };

const TELEGRAM = /^(?:@|(?:https?:\/\/)?(?:t|telegram)\.me\/)([A-Za-z][A-Za-z0-9_]{4,31})$/;
const EMAIL = z.email();
const WEB = z.url({ protocol: /^https?$/ });

/** The link for a contact, or null when it is none of the three kinds (or empty). */
export function supportContactLink(raw: string | null | undefined): SupportContactLink | null {
  const v = (raw ?? "").trim();
  if (!v || v.length > 200) return null;
  const tg = TELEGRAM.exec(v);
  if (tg) return { kind: "telegram", href: `https://t.me/${tg[1]}`, label: `@${tg[1]}` };
  if (EMAIL.safeParse(v).success) return { kind: "email", href: `mailto:${v}`, label: v };
  if (WEB.safeParse(v).success) return { kind: "url", href: v, label: v.replace(/^https?:\/\//, "").replace(/\/$/, "") };
  return null;
}

/** The setting: empty (not set) or one of the kinds above. */
export const SupportContactSetting = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === "" || supportContactLink(v) !== null, { message: "support_contact_format" });
