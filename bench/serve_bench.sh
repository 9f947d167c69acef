#!/usr/bin/env bash
# Companion serving speed, in one run, loopback only, every load bounded in time:
#  - wrk: requests/s of a trivial endpoint, a state read, and an event post (each wrk thread
#    posts to its own match, tracking its version, so no write is stale);
#  - 400 keep-alive connections polling states once a second (200 tables x 2 phones): p99;
#  - the server's resident memory afterwards.
# Targets (companion issue): event post >= 50 % of the trivial endpoint's requests/s;
# paced reads p99 < 50 ms; server < 200 MB resident. Run: make bench (or bash bench/serve_bench.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
PORT=${PORT:-5099}
BASE="http://127.0.0.1:$PORT"
TMP=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$TMP"' EXIT
command -v wrk >/dev/null || { echo "serve_bench: wrk is needed (Debian package wrk)" >&2; exit 1; }

.venv/bin/companion serve --port "$PORT" --db "$TMP/bench.sqlite3" --threads "${THREADS:-16}" --no-limits >/dev/null 2>&1 &
SERVER=$!
for _ in $(seq 50); do curl -fs "$BASE/healthz" >/dev/null 2>&1 && break; sleep 0.2; done

PYTHONPATH=. $PY bench/serve_setup.py "$BASE" 200 > "$TMP/matches"
awk '{print "/api/matches/" $1 "/state"}' "$TMP/matches" > "$TMP/paths"
FIRST=$(head -1 "$TMP/paths")
head -4 "$TMP/matches" > "$TMP/writers"

cat > "$TMP/post.lua" <<'LUA'
local lines, n = {}, 0
for line in io.lines(os.getenv("WRITERS")) do n = n + 1; lines[n] = line end
local counter = 0
function setup(thread) counter = counter + 1; thread:set("row", lines[(counter - 1) % n + 1]) end
function init(args)
  local id, cookie, csrf, version = row:match("(%S+) (%S+) (%S+) (%S+)")
  match_id, seat, token, base = id, cookie, csrf, tonumber(version)
  seq = 0
end
-- One connection and one match per wrk thread; each answer carries the new version.
function request()
  seq = seq + 1
  local body = string.format('{"action":{"type":"stack","stack":"fixed/wound","state":"%s"},"base_version":%d,"idempotency_key":"bench-%s-%d"}',
    (seq % 2 == 0) and "full" or "empty", base, match_id, seq)
  return wrk.format("POST", "/api/matches/" .. match_id .. "/actions",
    {["Content-Type"] = "application/json", ["Cookie"] = seat .. "; csrf=" .. token, ["X-CSRF-Token"] = token}, body)
end
function response(status, headers, body)
  local v = body:match('"version":%s*(%d+)')
  if v then base = tonumber(v) end
end
LUA

cat > "$TMP/ping.lua" <<'LUA'
-- The same client work as post.lua (a request built in Lua, every answer read in Lua), so the
-- ratio compares the server's endpoints and not wrk's two ways of working.
local seq = 0
function request()
  seq = seq + 1
  return wrk.format("GET", "/api/ping", {["X-Seq"] = string.format("%d", seq)})
end
function response(status, headers, body)
  local v = body:match('"ok":(%a+)')
end
LUA

rate() { sed -n 's/^Requests\/sec: *//p'; }
TRIVIAL=$(wrk -t4 -c4 -d5s "$BASE/api/ping" | rate)
READ=$(wrk -t4 -c4 -d5s "$BASE$FIRST" | rate)
WRITES=$(WRITERS="$TMP/writers" wrk -t4 -c4 -d5s -s "$TMP/post.lua" "$BASE/")
POST=$(echo "$WRITES" | rate)
REFUSED=$(echo "$WRITES" | sed -n 's/^ *Non-2xx or 3xx responses: *//p')
echo "event posts refused (must be none): ${REFUSED:-0}"
TRIVIAL_LUA=$(wrk -t4 -c4 -d5s -s "$TMP/ping.lua" "$BASE/" | rate)
echo "wrk, 4 connections, 5 s each: trivial $TRIVIAL req/s, state read $READ req/s, event post $POST req/s"
echo "trivial endpoint through the same Lua client as the posts: $TRIVIAL_LUA req/s"
$PY -c "t, l, p = float('$TRIVIAL'), float('$TRIVIAL_LUA'), float('$POST'); print(f'event post / trivial: {p / l:.0%} with the same client (target >= 50 %); {p / t:.0%} against plain wrk')"
$PY bench/poll_load.py 127.0.0.1 "$PORT" "$TMP/paths" 400 10
RSS=$(awk '/VmRSS/ {print $2}' "/proc/$SERVER/status")
echo "server resident memory after the load: $((RSS / 1024)) MB (target < 200 MB)"
