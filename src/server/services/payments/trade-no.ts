import { randomInt } from "node:crypto";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** `<prefix><yyyymmddHHMMss><8 digits>`: sortable, digits only after the prefix, unique per attempt (the column is unique too). */
export function newReference(prefix: string, now = new Date()): string {
  const stamp = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  return `${prefix}${stamp}${pad(randomInt(100_000_000), 8)}`;
}

export const newTradeNo = (now?: Date) => newReference("P", now);
export const newOrderNo = (now?: Date) => newReference("R", now);
