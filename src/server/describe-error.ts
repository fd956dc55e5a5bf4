// What an error may tell the logs (and stored task errors). Database driver errors are reduced to
// their SQLSTATE code and schema names (constraint, table, column): drizzle's DrizzleQueryError
// message carries the statement and every parameter value (emails, password hashes, tokens), and the
// driver's own `detail` repeats values ("Key (email)=(a@b.c) already exists").

export interface DescribedError {
  name?: string;
  message?: string;
  /** SQLSTATE for database errors, errno-style code (ECONNREFUSED) or DomainError code otherwise. */
  code?: string;
  reason?: string;
  database?: true;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: DescribedError;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null;
const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);

/** pg's and PGlite's DatabaseError: a SQLSTATE plus the server's severity/routine fields. */
const isDriverError = (e: unknown): boolean =>
  isObj(e) && typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code) && ("severity" in e || "routine" in e);

/** drizzle's wrapper (duck-typed: the custom server and Next's bundle each load their own class). */
const isQueryWrapper = (e: unknown): boolean => isObj(e) && typeof e.query === "string" && "params" in e;

/**
 * SQLSTATE classes whose server messages name objects, never data: connection (08), transaction
 * state (25), auth (28), catalog (3D), rollback/deadlock (40), syntax/undefined object (42),
 * resources (53, 54), state (55), operator intervention (57), system (58), internal (XX).
 * Data exceptions (22: `invalid input syntax for type uuid: "..."`) and raised exceptions may quote
 * values, so their message is left out.
 */
const MESSAGE_SAFE_CLASSES = new Set(["08", "25", "28", "3D", "40", "42", "53", "54", "55", "57", "58", "XX"]);

/** Drops drizzle's "\nparams: ..." tail wherever a message was copied into another error. */
export const withoutParams = (message: string) => message.split(/\r?\nparams: /)[0]!;

const MAX_MESSAGE = 1000;

function frames(stack: unknown): string | undefined {
  if (typeof stack !== "string") return undefined;
  // Only the "at ..." lines: the head of a stack repeats the message (with drizzle's params).
  const at = stack.split("\n").filter((l) => /^\s+at /.test(l));
  return at.length ? at.slice(0, 15).join("\n") : undefined;
}

function driverFields(d: Obj): DescribedError {
  const code = d.code as string;
  return {
    database: true,
    code,
    constraint: str(d.constraint),
    table: str(d.table),
    column: str(d.column),
    ...(MESSAGE_SAFE_CLASSES.has(code.slice(0, 2)) && typeof d.message === "string" ? { message: d.message.slice(0, MAX_MESSAGE) } : {}),
  };
}

const compact = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A loggable description of any thrown value; never includes SQL parameters or driver details. */
export function describeError(err: unknown, opts: { stack?: boolean } = {}, depth = 0): DescribedError {
  if (!isObj(err)) return { message: withoutParams(String(err)).slice(0, MAX_MESSAGE) };
  const stack = opts.stack ? frames(err.stack) : undefined;
  if (isDriverError(err)) return compact({ ...driverFields(err), stack });
  if (isQueryWrapper(err)) {
    // The wrapper itself says nothing safe; its cause is the driver (or connection) error.
    const cause = err.cause;
    if (isDriverError(cause)) return compact({ ...driverFields(cause as Obj), stack });
    return compact({ database: true as const, message: "database query failed", stack, cause: cause === undefined || depth >= 4 ? undefined : describeError(cause, {}, depth + 1) });
  }
  const details = isObj(err.details) ? err.details : undefined;
  const cause = err.cause !== undefined && depth < 4 ? describeError(err.cause, opts, depth + 1) : undefined;
  return compact({
    name: str(err.name),
    message: typeof err.message === "string" ? withoutParams(err.message).slice(0, MAX_MESSAGE) : undefined,
    code: typeof err.code === "string" || typeof err.code === "number" ? String(err.code) : undefined,
    reason: str(details?.reason),
    stack,
    cause,
  });
}

/** One line for stored errors (tasks.last_error): the message, or code + names for database errors. */
export function errorSummary(err: unknown): string {
  const d = describeError(err);
  const db = (x: DescribedError): string =>
    `database error ${x.code ?? ""}`.trim() +
    [x.constraint && `constraint ${x.constraint}`, x.table && `table ${x.table}`, x.column && `column ${x.column}`].filter(Boolean).map((s) => ` ${s}`).join(",") +
    (x.message ? `: ${x.message}` : "");
  if (d.database) return d.code ? db(d) : `database query failed${d.cause?.message ? `: ${d.cause.message}` : ""}`;
  if (d.cause?.database) return `${d.message ?? d.name ?? "error"} (${db(d.cause)})`;
  return d.message ?? d.name ?? "error";
}
