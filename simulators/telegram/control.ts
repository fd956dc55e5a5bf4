// The simulator's own JSON API under /__sim/ (not Telegram's): act as a user, read what the bot sent,
// and change the simulated conditions. For tests and demos in another process; the start function
// offers the same in-process.
import type { IncomingMessage, ServerResponse } from "node:http";
import { readText, sendJson } from "../common/http";
import type { SimCore } from "./core";
import { InputError, setBlocked, userAction } from "./user-actions";

/** Longest a ?wait= may hold a request. */
const MAX_WAIT_MS = 60_000;

export interface ControlExtras {
  reset(): void;
  calls(): unknown[];
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readText(req);
  try {
    const v = JSON.parse(text || "{}") as unknown;
    if (typeof v === "object" && v !== null && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new InputError("expected a JSON object");
}

/** An optional integer query parameter; a present but malformed one is an error, not ignored. */
function queryInt(url: URL, name: string): number | undefined {
  const v = url.searchParams.get(name);
  if (v === null || v === "") return undefined;
  if (!/^-?\d+$/.test(v)) throw new InputError(`${name} must be an integer`);
  return Number(v);
}

/** A list, or after ?wait=ms the list once it has more than ?after= entries (or when the wait ends). */
async function waitedList<T>(core: SimCore, url: URL, list: (chatId?: number) => T[]): Promise<T[]> {
  const chatId = queryInt(url, "chatId");
  const wait = Math.min(queryInt(url, "wait") ?? 0, MAX_WAIT_MS);
  const after = queryInt(url, "after") ?? 0;
  if (wait > 0) await core.state.waitFor(() => list(chatId).length > after, wait);
  return list(chatId);
}

export async function handleControl(core: SimCore, extras: ControlExtras, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const route = `${req.method} ${url.pathname.slice("/__sim".length)}`;
  try {
    switch (route) {
      case "POST /updates":
        return sendJson(res, 200, userAction(core, await body(req)));
      case "GET /sent":
        return sendJson(res, 200, await waitedList(core, url, (id) => core.state.sent(id)));
      case "GET /callback-answers":
        return sendJson(res, 200, await waitedList(core, url, (id) => core.state.answers(id)));
      case "POST /block": {
        const b = await body(req);
        if (typeof b.blocked !== "boolean") throw new InputError("blocked must be true or false");
        setBlocked(core, b.chatId as number, b.blocked);
        return sendJson(res, 200, { chatId: b.chatId, blocked: b.blocked });
      }
      case "POST /rate-limit": {
        const n = (await body(req)).maxPerSecondPerChat;
        if (n !== null && !(typeof n === "number" && Number.isInteger(n) && n > 0)) throw new InputError("maxPerSecondPerChat must be a positive integer or null");
        core.limits.maxPerSecondPerChat = n;
        return sendJson(res, 200, { maxPerSecondPerChat: n });
      }
      case "POST /reset":
        extras.reset();
        return sendJson(res, 200, { ok: true });
      case "GET /webhook":
        return sendJson(res, 200, { ...core.webhook.config, pendingUpdates: core.queue.size, lastError: core.webhook.lastError, attempts: core.webhook.attempts });
      case "GET /commands":
        return sendJson(res, 200, [...core.state.commands.values()]);
      case "GET /calls":
        return sendJson(res, 200, extras.calls());
      default:
        return sendJson(res, 404, { error: `no control route ${route}` });
    }
  } catch (e) {
    if (e instanceof InputError) return sendJson(res, 400, { error: e.message });
    throw e;
  }
}
