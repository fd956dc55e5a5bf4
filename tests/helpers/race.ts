// Races between two app instances: the file's own database connection, and a second one (its own
// connection pool on PostgreSQL, so the racers really run at once; the same database on PGlite,
// where they run one after another and prove only the outcome).
import { afterAll, beforeAll } from "vitest";
import { makeCtx, type Ctx } from "../../src/server/context";
import type { Db, RawClient } from "../../src/server/db/client";
import { openSecondInstance } from "./db";

export interface SecondInstance {
  readonly db: Db;
  /** The same caller on the second instance for odd-numbered racers, on the first for even ones. */
  on(i: number, ctx: Ctx): Ctx;
}

/** This file's second instance: opened before its tests, closed after them. */
export function secondInstanceForFile(owner: { readonly raw: RawClient; readonly db: Db }): SecondInstance {
  let second: ReturnType<typeof openSecondInstance> | undefined;
  beforeAll(() => {
    second = openSecondInstance(owner);
  });
  afterAll(async () => {
    await second?.close();
  });
  const db = () => {
    if (!second) throw new Error("the second instance exists only inside tests");
    return second.db;
  };
  return {
    get db() {
      return db();
    },
    on: (i, ctx) => (i % 2 ? makeCtx(db(), ctx.actor, { ip: ctx.ip }) : ctx),
  };
}

/** What each racer got: "ok", or the reason it was refused. */
export const settledReasons = (rs: PromiseSettledResult<unknown>[]): string[] =>
  rs.map((r) => (r.status === "fulfilled" ? "ok" : ((r.reason as { reason?: string }).reason ?? String(r.reason))));
