// A Bot API call's parameters, read the ways the real server takes them: the query string, and a
// JSON, form-urlencoded or multipart body over it. Form and query values are strings (objects such
// as reply_markup arrive JSON-encoded), so every reader accepts both the typed and the string form.
import type { IncomingMessage } from "node:http";
import { readText } from "../common/http";
import { ApiError, badRequest } from "./api-error";

export type Params = Record<string, unknown>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export async function readApiParams(req: IncomingMessage, url: URL): Promise<Params> {
  const params: Params = Object.fromEntries(url.searchParams);
  if (req.method !== "POST") return params;
  let text: string;
  try {
    text = await readText(req);
  } catch {
    throw new ApiError(413, "Request Entity Too Large");
  }
  if (!text) return params;
  const rawType = String(req.headers["content-type"] ?? "");
  const type = rawType.toLowerCase();
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (!isRecord(body)) throw badRequest("can't parse JSON object");
    return { ...params, ...body };
  }
  if (type.includes("multipart/form-data")) {
    // The boundary is case-sensitive: hand the header over as sent.
    const form = await new Request("http://sim.local/", { method: "POST", headers: { "content-type": rawType }, body: text }).formData().catch(() => {
      throw badRequest("can't parse multipart/form-data");
    });
    for (const [k, v] of form) if (typeof v === "string") params[k] = v;
    return params;
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(text)) };
}

export function str(p: Params, name: string): string | undefined {
  const v = p[name];
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return undefined;
}

/** An integer, or undefined when absent; NaN when present but not an integer. */
export function int(p: Params, name: string): number | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "number") return Number.isSafeInteger(v) ? v : NaN;
  if (typeof v === "string" && /^-?\d{1,16}$/.test(v.trim())) return Number(v.trim());
  return NaN;
}

export function bool(p: Params, name: string): boolean {
  const v = p[name];
  return v === true || v === 1 || v === "true" || v === "1" || v === "True";
}

/** An object or array field; `invalid` is thrown when a string is not JSON. */
export function json(p: Params, name: string, invalid: () => ApiError): unknown {
  const v = p[name];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    throw invalid();
  }
}

/** chat_id as the real server judges it: absent is "empty"; anything but an integer id names no chat we model. */
export function chatId(p: Params): number {
  const raw = p.chat_id;
  if (raw === undefined || raw === null || raw === "") throw badRequest("chat_id is empty");
  const id = int(p, "chat_id");
  if (id === undefined || Number.isNaN(id) || id === 0) throw badRequest("chat not found");
  return id;
}

export function messageId(p: Params): number {
  const id = int(p, "message_id");
  if (id === undefined) throw badRequest("message identifier is not specified");
  if (Number.isNaN(id) || id <= 0) throw badRequest("MESSAGE_ID_INVALID");
  return id;
}

export { isRecord };
