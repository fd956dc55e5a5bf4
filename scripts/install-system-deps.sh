#!/usr/bin/env bash
# Debian packages the test suite uses: Chromium for the browser tests, v2ray for real-proxy tests.
set -u
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v v2ray >/dev/null 2>&1 || need+=(v2ray)
[ ${#need[@]} -eq 0 ] && exit 0
echo "installing Debian packages: ${need[*]}"
(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") \
  || echo "warning: could not install ${need[*]}; tests that need them will say so"
