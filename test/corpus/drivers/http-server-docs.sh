#!/bin/bash
# Serves /usr/share/doc with Python's http.server on loopback and fetches real
# files, directory listings and missing paths with curl. The server's stderr is
# its access log. Outputs go to /tmp/cc/http/.
set -u
PORT=18731
O=/tmp/cc/http
cd /usr/share/doc
python3 -u -m http.server $PORT --bind 127.0.0.1 > $O/server.stdout 2> $O/server.log &
SRV=$!
for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:$PORT/nodejs/ && break; sleep 0.1; done
B=http://127.0.0.1:$PORT
curl -sS $B/ > $O/listing-root.html
curl -sS $B/nodejs/api/ > $O/listing-nodejs-api.html
curl -sS -i $B/nodejs/api/dns.html > $O/curl-i-dns.html
# Header blocks: a directory with and without its slash, its copyright file and
# its Debian changelog, for the first 45 package directories.
dirs=$(ls -d */ | head -45)
for d in $dirs; do
  curl -sS -I "$B/$d"; curl -sS -I "$B/${d%/}"; curl -sS -I "$B/${d}copyright"; curl -sS -I "$B/${d}changelog.Debian.gz"
done > $O/curl-I-headers.txt 2>&1
# Crawl: every package directory's listing and its changelog (404 where absent).
for d in $(ls -d */); do
  curl -sS -o /dev/null "$B/$d"; curl -sS -o /dev/null "$B/${d}changelog.Debian.gz"
done
kill $SRV; wait $SRV 2>/dev/null
