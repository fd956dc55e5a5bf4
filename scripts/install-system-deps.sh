#!/usr/bin/env bash
# Debian packages the test suite runs for real: Chromium (browser tests), v2ray (node-in-a-box tests),
# openssl (self-signed HTTPS panels), shadowsocks-libev, nginx and traceroute (used by later
# features' tests), and wrk (the C load generator `npm run bench` drives its HTTP scenarios with).
# Installs whatever is missing. If anything is still missing afterwards it exits non-zero naming it,
# so CI stops here instead of running a suite that would have to skip tests.
set -u

# "<Debian package> <program that shows it is installed>"
deps=(
  "chromium /usr/bin/chromium"
  "chromium-headless-shell /usr/bin/chromium-headless-shell"
  "v2ray v2ray"
  "openssl openssl"
  "shadowsocks-libev ss-server"
  "nginx nginx"
  "traceroute traceroute"
  "wrk wrk"
)

# sbin is often not on a non-root PATH, and nginx lives there.
have() {
  case "$1" in
    /*) [ -x "$1" ] ;;
    *) command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/sbin/$1" ] ;;
  esac
}

missing() {
  local entry pkg bin
  for entry in "${deps[@]}"; do
    read -r pkg bin <<<"$entry"
    have "$bin" || echo "$pkg"
  done
}

mapfile -t need < <(missing)
[ ${#need[@]} -eq 0 ] && exit 0

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=(sudo -n); fi
fi

echo "installing Debian packages: ${need[*]}"
# The packages' own services (nginx on port 80, a shadowsocks server) must not start on install: tests
# start their own instances. Debian's policy-rc.d hook (exit 101) prevents it; Docker images have one.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ] && printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null 2>&1; then
  "${sudo[@]}" chmod 755 "$policy"
  trap '"${sudo[@]}" rm -f "$policy"' EXIT
fi
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
  && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"

mapfile -t still < <(missing)
if [ ${#still[@]} -gt 0 ]; then
  echo "error: required system packages are missing: ${still[*]}" >&2
  echo "  install them as root with: apt-get install -y ${still[*]}" >&2
  echo "  (the tests need them; with CI=true a missing one fails the run rather than skipping tests)" >&2
  exit 1
fi
echo "system packages present: ${deps[*]%% *}"
