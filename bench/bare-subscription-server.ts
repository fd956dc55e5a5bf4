// The ceiling for the `subscription` scenario: a bare node:http server doing the same database work
// per request as the real endpoint's lookup (one indexed select of the subscription with its owner,
// plan and node; the keyed-hash token check in constant time) and answering a fixed body. No
// framework, no rate limiter, no access log, no rendering: what the hardware allows. Not product code.
import { createServer } from "node:http";
import { getRawClient, rawQuery } from "../src/server/db/client";
import { constantTimeEqual, keyedHashCandidates } from "../src/server/crypto/secrets";

const PORT = Number(process.argv[2] ?? 3251);
const SQL = `select s.id, s.user_id, s.status, s.risk_restricted, s.expires_at, s.traffic_limit_bytes, s.traffic_used_bytes,
  s.traffic_up_bytes, s.traffic_down_bytes, s.content_version, s.node_id, s.download_token_hash, u.email, u.status as owner_status,
  p.name as plan_name, n.name as node_name, n.content_version as node_version
  from subscriptions s join users u on u.id = s.user_id join plans p on p.id = s.plan_id left join nodes n on n.id = s.node_id where s.id = $1`;
const BODY = Buffer.from("dmxlc3M6Ly9iZW5jaA==\n");

const raw = getRawClient();
const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const id = url.pathname.split("/").pop() ?? "";
  const token = url.searchParams.get("token") ?? "";
  rawQuery(raw, SQL, [id]).then(
    (rows) => {
      const row = rows[0] as { download_token_hash: string } | undefined;
      const ok = row && keyedHashCandidates(token, "subscription-download").some((h) => constantTimeEqual(h, row.download_token_hash));
      res.writeHead(ok ? 200 : 404, { "content-type": "text/plain; charset=utf-8", "content-length": ok ? BODY.length : 0 });
      res.end(ok ? BODY : undefined);
    },
    () => {
      res.writeHead(500);
      res.end();
    },
  );
});
server.listen(PORT, "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
