// Output shapes shared by commands. JSON shapes are spelled out field by field so that a column
// added to a service result does not silently change what operators' scripts receive.
import type { PublicUser } from "../src/server/services/accounts";

const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

export interface UserJson {
  id: string;
  email: string;
  name: string;
  role: string;
  status: string;
  emailVerifiedAt: string | null;
  lastLoginAt: string | null;
  createdAt: string | null;
}

export function userJson(u: PublicUser): UserJson {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    status: u.status,
    emailVerifiedAt: iso(u.emailVerifiedAt),
    lastLoginAt: iso(u.lastLoginAt),
    createdAt: iso(u.createdAt),
  };
}

/** A plain aligned text table; cells are single-line. */
export function table(headers: string[], rows: string[][]): string[] {
  const clean = (s: string) => s.replace(/\s+/g, " ");
  const all = [headers, ...rows.map((r) => r.map(clean))];
  const widths = headers.map((_, i) => Math.max(...all.map((r) => (r[i] ?? "").length)));
  return all.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  ").trimEnd());
}
