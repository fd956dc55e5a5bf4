// reply_markup and link preview options, checked the way Telegram rejects them: an inline keyboard
// must be an array of rows of buttons, each with text and exactly one action, callback_data of 1–64
// bytes, and a URL Telegram can open.
import { badRequest } from "./api-error";
import type { InlineKeyboardButton, ReplyMarkup } from "./model";
import { bool, isRecord, json, type Params } from "./params";

const ACTIONS = ["url", "callback_data", "web_app", "login_url", "switch_inline_query", "switch_inline_query_current_chat", "switch_inline_query_chosen_chat", "copy_text", "callback_game", "pay"];
const MAX_CALLBACK_DATA_BYTES = 64;

function checkButton(b: unknown): InlineKeyboardButton {
  if (!isRecord(b)) throw badRequest("can't parse inline keyboard button: InlineKeyboardButton must be an Object");
  if (typeof b.text !== "string") throw badRequest(`can't parse inline keyboard button: Field "text" must be of type String`);
  const actions = ACTIONS.filter((a) => b[a] !== undefined);
  if (actions.length === 0) throw badRequest("can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard");
  if (b.callback_data !== undefined) {
    const data = b.callback_data;
    if (typeof data !== "string" || !data || Buffer.byteLength(data) > MAX_CALLBACK_DATA_BYTES) throw badRequest("BUTTON_DATA_INVALID");
  }
  if (b.url !== undefined) {
    // Telegram also refuses hosts without a dot (e.g. localhost); allowed here so demos on localhost work.
    let ok = false;
    try {
      ok = typeof b.url === "string" && ["http:", "https:", "tg:"].includes(new URL(b.url).protocol);
    } catch {
      ok = false;
    }
    if (!ok) throw badRequest(`inline keyboard button URL '${String(b.url)}' is invalid: Wrong HTTP URL`);
  }
  return b as InlineKeyboardButton;
}

/** reply_markup: an inline keyboard (kept on the message) or a reply keyboard / removal / force reply (accepted as is). */
export function readReplyMarkup(p: Params, inlineOnly = false): ReplyMarkup | undefined {
  const unparsable = () => badRequest("can't parse reply keyboard markup JSON object");
  const m = json(p, "reply_markup", unparsable);
  if (m === undefined) return undefined;
  if (!isRecord(m)) throw unparsable();
  if (m.inline_keyboard === undefined) {
    if (inlineOnly) throw badRequest("inline keyboard expected");
    return m;
  }
  const rows = m.inline_keyboard;
  if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r))) throw badRequest(`field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays`);
  return { inline_keyboard: (rows as unknown[][]).map((row) => row.map(checkButton)) };
}

export function readLinkPreview(p: Params): Record<string, unknown> | null {
  const options = json(p, "link_preview_options", () => badRequest("can't parse link preview options JSON object"));
  if (isRecord(options)) return options;
  return bool(p, "disable_web_page_preview") ? { is_disabled: true } : null;
}

/** Every callback_data on a message's inline keyboard. */
export function callbackDataOf(markup: ReplyMarkup | null): string[] {
  if (!markup || !("inline_keyboard" in markup) || !Array.isArray(markup.inline_keyboard)) return [];
  return (markup.inline_keyboard as InlineKeyboardButton[][]).flat().flatMap((b) => (typeof b.callback_data === "string" ? [b.callback_data] : []));
}
