// The platform's MD5 signature (protocols.md §3), written independently of src/ so the simulator
// checks the adapter rather than agreeing with it by construction.
import { createHash } from "node:crypto";

export function md5Sign(params: Record<string, string>, key: string): string {
  const keys = Object.keys(params).filter((k) => k !== "sign" && k !== "sign_type" && params[k] !== "").sort();
  return createHash("md5").update(`${keys.map((k) => `${k}=${params[k]}`).join("&")}${key}`, "utf8").digest("hex");
}

/** yuan with at most 2 decimals, > 0 */
export const validMoney = (s: string | undefined) => typeof s === "string" && /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(s) && Number(s) > 0;

/** Newer builds cast money to (float) in the notify: "10.00" -> "10", "10.50" -> "10.5". */
export const phpFloat = (s: string) => String(Number(s));
