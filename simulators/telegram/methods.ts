// The Bot API methods the simulator answers, by lowercased name (Telegram matches method names
// case-insensitively): the bot's identity, updates (polling and webhook), commands, and the message
// methods of messages.ts. Anything else is 404 "method not found", as on the real server.
import { badRequest } from "./api-error";
import { canonical, Described, type Handler, type SimCore } from "./core";
import { messageMethods } from "./messages";
import { bool, int, isRecord, json, str, type Params } from "./params";

const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const COMMAND = /^[a-z0-9_]{1,32}$/;

function readScope(p: Params): { scope: Record<string, unknown>; languageCode: string; key: string } {
  const raw = json(p, "scope", () => badRequest("can't parse BotCommandScope JSON object"));
  const scope = isRecord(raw) ? raw : { type: "default" };
  const languageCode = str(p, "language_code") ?? "";
  return { scope, languageCode, key: `${canonical(scope)}|${languageCode}` };
}

function readCommands(p: Params): { command: string; description: string }[] {
  const list = json(p, "commands", () => badRequest("can't parse commands JSON object"));
  if (list === undefined) throw badRequest('parameter "commands" is required');
  if (!Array.isArray(list)) throw badRequest("can't parse commands JSON object");
  if (list.length > 100) throw badRequest("too many commands");
  return list.map((c: unknown) => {
    if (!isRecord(c) || typeof c.command !== "string" || !COMMAND.test(c.command)) throw badRequest("BOT_COMMAND_INVALID");
    if (typeof c.description !== "string" || !c.description.trim() || [...c.description].length > 256) throw badRequest("BOT_COMMAND_DESCRIPTION_INVALID");
    return { command: c.command, description: c.description };
  });
}

function webhookMethods(core: SimCore): Record<string, Handler> {
  const removeWebhook = (p: Params) => {
    if (bool(p, "drop_pending_updates")) core.queue.clear();
    const was = core.webhook.config;
    core.webhook.set(null);
    return new Described(true, was ? "Webhook was deleted" : "Webhook is already deleted");
  };
  return {
    setWebhook(p) {
      const url = str(p, "url") ?? "";
      if (!url) return removeWebhook(p);
      // Telegram wants HTTPS on ports 443/80/88/8443; plain http anywhere is allowed so a local bot can receive.
      let ok = false;
      try {
        ok = ["http:", "https:"].includes(new URL(url).protocol);
      } catch {
        ok = false;
      }
      if (!ok) throw badRequest("bad webhook: Wrong HTTP URL specified");
      const secret = str(p, "secret_token") ?? null;
      if (secret !== null && !SECRET_TOKEN.test(secret)) throw badRequest("secret token contains unallowed characters");
      const maxConnections = int(p, "max_connections") ?? 40;
      if (Number.isNaN(maxConnections) || maxConnections < 1 || maxConnections > 100) throw badRequest("bad webhook: max_connections must be between 1 and 100");
      core.queue.setAllowed(json(p, "allowed_updates", () => badRequest("can't parse allowed updates")));
      if (bool(p, "drop_pending_updates")) core.queue.clear();
      const config = { url, secretToken: secret, maxConnections, ipAddress: str(p, "ip_address") ?? null };
      const unchanged = canonical(core.webhook.config) === canonical(config);
      if (!unchanged) core.webhook.set(config);
      // A poll held when the webhook arrives gets nothing; the bot's next getUpdates gets 409.
      core.polls.release();
      return new Described(true, unchanged ? "Webhook is already set" : "Webhook was set");
    },

    deleteWebhook: removeWebhook,

    getWebhookInfo() {
      const w = core.webhook;
      const allowed = core.queue.allowedUpdates();
      return {
        url: w.config?.url ?? "",
        has_custom_certificate: false,
        pending_update_count: core.queue.size,
        ...(w.config ? { max_connections: w.config.maxConnections, ...(w.config.ipAddress ? { ip_address: w.config.ipAddress } : {}) } : {}),
        ...(w.lastError ? { last_error_date: w.lastError.date, last_error_message: w.lastError.message } : {}),
        ...(w.config && allowed ? { allowed_updates: allowed } : {}),
      };
    },
  };
}

function commandMethods(core: SimCore): Record<string, Handler> {
  return {
    setMyCommands(p) {
      const commands = readCommands(p);
      const { scope, languageCode, key } = readScope(p);
      if (commands.length) core.state.commands.set(key, { scope, languageCode, commands });
      else core.state.commands.delete(key);
      core.state.changed();
      return true;
    },
    getMyCommands(p) {
      return core.state.commands.get(readScope(p).key)?.commands ?? [];
    },
    deleteMyCommands(p) {
      core.state.commands.delete(readScope(p).key);
      core.state.changed();
      return true;
    },
  };
}

export function createMethods(core: SimCore): Map<string, Handler> {
  const all: Record<string, Handler> = {
    getMe: (_p, call) => ({ ...call.bot, can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false }),
    getUpdates: (p, call) => core.polls.getUpdates(p, call.signal),
    ...webhookMethods(core),
    ...commandMethods(core),
    ...messageMethods(core),
  };
  return new Map(Object.entries(all).map(([name, h]) => [name.toLowerCase(), h]));
}
