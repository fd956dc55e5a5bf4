// A refund's last error outlives the request that met it, so it is stored as a reason and the
// parameters of its sentence (JSON in refunds.last_error) and worded when read (the drawer renders
// it with the error catalogue, in the reader's language).
import { isErrorReason, type ErrorReason } from "../../error-reasons";

export interface StoredError {
  reason: ErrorReason;
  details: Record<string, string | number>;
}

export function storeError(reason: ErrorReason, details: Record<string, string | number | undefined> = {}): string {
  const clean = Object.fromEntries(Object.entries(details).filter((e): e is [string, string | number] => e[1] !== undefined));
  return JSON.stringify({ reason, details: clean }).slice(0, 2000);
}

export function parseStoredError(text: string | null | undefined): StoredError | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as { reason?: unknown; details?: unknown };
    if (!isErrorReason(v.reason)) return null;
    const details = v.details && typeof v.details === "object" ? (v.details as Record<string, string | number>) : {};
    return { reason: v.reason, details };
  } catch {
    return null;
  }
}
