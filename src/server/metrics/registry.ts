// The process's Prometheus registry and every metric Relayboard exports (README "Metrics").
// It lives on globalThis: the custom server (tsx) and Next's bundled route code each load their own
// copy of this module, and counters bumped in one copy must be the ones the other copy scrapes.
// Our own Registry, never prom-client's global default, so nothing a library registers leaks in.
// Every label value is from a fixed set (route patterns, enums, status codes): never an id, a
// token, an email or an address, so the number of series stays bounded.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const m = {
    registry,
    httpRequests: new Counter({
      name: "relayboard_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "relayboard_http_request_duration_seconds",
      help: "Time from receiving a request to finishing its response, by method and route pattern.",
      labelNames: ["method", "route"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    tasks: new Gauge({
      name: "relayboard_tasks",
      help: "Background tasks in the queue by status (read from the database at scrape time).",
      labelNames: ["status"] as const,
      registers: [registry],
    }),
    taskFailures: new Counter({
      name: "relayboard_task_failures_total",
      help: "Failed task attempts by task kind; final=true when the task will not be retried.",
      labelNames: ["kind", "final"] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: "relayboard_payments_recorded_total",
      help: "Verified payment messages recorded, by provider and outcome (settled, duplicate, late, amount_mismatch, unknown_trade).",
      labelNames: ["provider", "outcome"] as const,
      registers: [registry],
    }),
    subscriptionFetches: new Counter({
      name: "relayboard_subscription_fetches_total",
      help: "Subscription content fetches by format and outcome (ok or the refusal).",
      labelNames: ["format", "outcome"] as const,
      registers: [registry],
    }),
    subscriptionSkippedEndpoints: new Counter({
      name: "relayboard_subscription_skipped_endpoints_total",
      help: "Endpoints left out of a rendered subscription document (each render counts once; renders are cached per content version), by format and cause: unreadable (a stream setting no format knows, e.g. an unknown security) or format (the format or client cannot carry it).",
      labelNames: ["format", "cause"] as const,
      registers: [registry],
    }),
    nodeAccessEvents: new Counter({
      name: "relayboard_node_access_events_total",
      help: "Node-access events reported by agents, by result (processed or skipped).",
      labelNames: ["result"] as const,
      registers: [registry],
    }),
    nodeAccessActions: new Counter({
      name: "relayboard_node_access_risk_actions_total",
      help: "Risk actions raised by node-access batches: warning (risk events at warning level) or suspended (subscriptions suspended).",
      labelNames: ["action"] as const,
      registers: [registry],
    }),
    dbPool: new Gauge({
      name: "relayboard_db_pool_connections",
      help: "Database connections by state (total, idle, waiting = queued requests); embedded PGlite is one connection.",
      labelNames: ["state"] as const,
      registers: [registry],
    }),
    dbInfo: new Gauge({
      name: "relayboard_db_info",
      help: "The database kind in use (pg or pglite), always 1.",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
  };
  return m;
}

export type Metrics = ReturnType<typeof create>;

const g = globalThis as unknown as { __relayboardMetrics?: Metrics };

/** The process-wide metrics, created on first use by whichever module copy gets there first. */
export function metrics(): Metrics {
  return (g.__relayboardMetrics ??= create());
}
