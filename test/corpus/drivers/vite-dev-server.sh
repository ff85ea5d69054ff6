#!/bin/bash
# Starts vite's dev server (with --debug) on loopback over the Node.js API docs
# that Debian ships, fetches a few pages, assets and a missing file with curl,
# then stops it. vite's stdout+stderr is the log.
set -u
W=/tmp/cc/vite
PORT=18734
# The config lives outside /usr/share so vite's dependency cache does too. (At
# capture time it was this same text in a separate file, /tmp/cc/vite/vite.config.mjs.)
mkdir -p $W
cat > $W/vite.config.mjs <<'CONF'
// Serves the Node.js API docs Debian ships, keeping vite's cache out of /usr/share.
export default { root: "/usr/share/doc/nodejs/api", cacheDir: "/tmp/cc/vite/cache", clearScreen: false };
CONF
cd /usr/share/doc/nodejs/api
/work/wt-corpus/node_modules/.bin/vite --host 127.0.0.1 --port $PORT --strictPort --debug --config $W/vite.config.mjs > $W/vite-debug.log 2>&1 &
SRV=$!
for i in $(seq 100); do curl -s -o /dev/null http://127.0.0.1:$PORT/ && break; sleep 0.2; done
B=http://127.0.0.1:$PORT
for p in index.html dns.html assets/style.css assets/api.js errors.html missing-page.html assets/nope.js; do curl -sS -o /dev/null -w '%{http_code} %{url_effective}\n' "$B/$p"; done > $W/curl.out
sleep 1
kill $SRV; wait $SRV 2>/dev/null
