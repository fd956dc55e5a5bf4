// Shared by the scale seed's modules: the connection it writes through (a pg client or PGlite, both
// answer `query(text, params)`) and the ids it derives from row numbers, so a child row names its
// parent by arithmetic instead of a join: <prefix>-0000-4000-8000-<row number in hex>.

export interface SeedClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null; affectedRows?: number }>;
}

const uuidOf = (prefix: string) => (expr: string) => `('${prefix}-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
export const userIdSql = uuidOf("00000000");
export const subIdSql = uuidOf("00000001");
export const orderIdSql = uuidOf("00000002");
export const nodeIdSql = uuidOf("00000003");
export const planIdSql = uuidOf("00000004");
export const purchaseOrderIdSql = uuidOf("00000005");
export const inboundIdSql = uuidOf("00000006");
export const orderItemIdSql = uuidOf("00000007");
export const nodeClientIdSql = uuidOf("00000008");

/**
 * The node (1-based) of user g's subscription: blocks of 20 users per node, in turn. Status and plan
 * follow g % 20, so every node carries the whole mix (a plain g % nodes would put all the active
 * subscriptions on the nodes whose number matches). In SQL `g` must be an integer (integer division).
 */
export const nodeOfSql = (g: string, nodes: number | string) => `(1 + (${g}) / 20 % ${nodes})`;
export const nodeOf = (g: number, nodes: number) => 1 + (Math.floor(g / 20) % nodes);

/** The row number a derived id was made from (the inverse of the *IdSql helpers). */
export const rowOf = (id: string): number => parseInt(id.slice(-12), 16);

/** One timed statement; `log` gets "<what>: <rows> rows, <s> s". */
export function stepper(client: SeedClient, log: (line: string) => void) {
  return async (what: string, text: string, params: unknown[] = []): Promise<number> => {
    const t0 = Date.now();
    const r = await client.query(text, params);
    const rows = r.rowCount ?? r.affectedRows ?? 0;
    log(`${what}: ${rows} rows, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return rows;
  };
}
