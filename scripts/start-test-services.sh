#!/usr/bin/env bash
# Makes sure PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer, starting the local ones
# when they do not. Exits non-zero with the reason when either does not come up, so CI stops here
# instead of running the suite without them. SERVICE_WAIT_SECONDS (default 30) bounds each wait.
set -uo pipefail
wait_s="${SERVICE_WAIT_SECONDS:-30}"

fail() {
  echo "error: $*" >&2
  exit 1
}
pg_up() { pg_isready -h 127.0.0.1 -p 5432 -q >/dev/null 2>&1; }
redis_up() { [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null)" = PONG ]; }

if ! pg_up; then
  command -v pg_ctlcluster >/dev/null 2>&1 || fail "PostgreSQL is not running on 127.0.0.1:5432 and is not installed (apt-get install -y postgresql)"
  version="$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)"
  [ -n "$version" ] || fail "PostgreSQL is not running on 127.0.0.1:5432 and /etc/postgresql has no cluster to start"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start \
    || fail "could not start PostgreSQL $version (pg_ctlcluster $version main start failed; see /var/log/postgresql/)"
fi
if ! redis_up; then
  command -v redis-server >/dev/null 2>&1 || fail "Redis is not running on 127.0.0.1:6379 and is not installed (apt-get install -y redis-server)"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log \
    || fail "could not start Redis (redis-server failed; see /var/log/redis/ci.log)"
fi

for _ in $(seq 1 "$wait_s"); do pg_up && break; sleep 1; done
pg_up || fail "PostgreSQL did not come up on 127.0.0.1:5432 within ${wait_s}s (see /var/log/postgresql/)"
for _ in $(seq 1 "$wait_s"); do redis_up && break; sleep 1; done
redis_up || fail "Redis did not come up on 127.0.0.1:6379 within ${wait_s}s (see /var/log/redis/ci.log)"
echo "PostgreSQL and Redis are up"
