// Telegram's webhook (telegramMode = webhook): checked by the secret header, then handled by the bot.
import { getDb } from "@/server/db/client";
import { readBodyCapped } from "@/server/http/read-json";
import { localeOfHeaders, requestMeta } from "@/server/http/request-meta";
import { errorResponse } from "@/server/http/respond";
import { receiveTelegramUpdate, WEBHOOK_BODY_LIMIT } from "@/server/services/telegram/webhook";

export async function POST(req: Request): Promise<Response> {
  const { requestId } = requestMeta(req.headers);
  try {
    await receiveTelegramUpdate(getDb(), req.headers.get("x-telegram-bot-api-secret-token"), () => readBodyCapped(req, WEBHOOK_BODY_LIMIT));
    return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    return errorResponse(err, requestId, localeOfHeaders(req.headers));
  }
}
