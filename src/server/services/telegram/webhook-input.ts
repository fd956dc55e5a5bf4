// The body POST /api/telegram/webhook accepts (also the OpenAPI document's schema; kept apart from
// webhook.ts so the document does not load the bot).
import { z } from "zod";

/** A Bot API Update: its one required field here; the bot's handlers read the rest. */
export const TelegramUpdateBody = z.looseObject({ update_id: z.number().int().nonnegative() }).describe("A Telegram Bot API Update object.");

/** An update is a few kilobytes; anything near this is not from Telegram. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
