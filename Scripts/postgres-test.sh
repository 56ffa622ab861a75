#!/usr/bin/env bash
# Runs the PostgreSQL differential (Tests/PostgresDifferentialTests): the fake Supabase and a real
# PostgreSQL 15 answer the same seeded request sequences and must agree.
#
#   Scripts/postgres-test.sh [--sequences N] [--seed S]
#
# Installs PostgreSQL from the distribution's packages when it is missing, starts a throw-away
# cluster listening only on a Unix socket inside a temporary folder, runs
# `swift test --filter PostgresDifferentialTests` with SIMRUN_PG_SOCKET_DIR (and
# SIMRUN_PG_SEQUENCES / SIMRUN_PG_FIRST_SEED) set, and stops and deletes the cluster whatever
# happens. Works non-interactively (CI=true, no stdin) as root or as a normal user with sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

sequences=500
first_seed=1
while [ $# -gt 0 ]; do
    case "$1" in
        --sequences) sequences="$2"; shift 2 ;;
        --seed) first_seed="$2"; shift 2 ;;
        *) echo "usage: $0 [--sequences N] [--seed S]" >&2; exit 2 ;;
    esac
done

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

find_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        if [ -x "$dir/initdb" ]; then echo "$dir"; return 0; fi
    done
    return 1
}

if ! bin=$(find_bin) || ! command -v psql > /dev/null; then
    echo "== installing PostgreSQL (apt-get)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q < /dev/null
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql < /dev/null
    bin=$(find_bin)
fi
echo "== PostgreSQL: $("$bin/postgres" --version)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/simrun-pg.XXXXXX")
chmod 755 "$tmp"
# initdb refuses to run as root: the cluster belongs to the `postgres` user the package creates.
if [ "$(id -u)" -eq 0 ]; then
    id postgres > /dev/null 2>&1 || useradd --system --no-create-home postgres
    run_pg() { runuser -u postgres -- "$@"; }
    chown postgres "$tmp"
else
    run_pg() { "$@"; }
fi

cleanup() {
    status=$?
    if [ -f "$tmp/data/postmaster.pid" ]; then
        run_pg "$bin/pg_ctl" -D "$tmp/data" -m immediate -w stop > /dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
    exit $status
}
trap cleanup EXIT INT TERM

echo "== starting a throw-away cluster in $tmp"
run_pg "$bin/initdb" -D "$tmp/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 > "$tmp/initdb.log" 2>&1 \
    || { cat "$tmp/initdb.log" >&2; exit 1; }
# No TCP listener: a Unix socket in $tmp only. Durability off: the cluster is deleted afterwards.
run_pg "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w \
    -o "-k $tmp -c listen_addresses='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c timezone=UTC" start > /dev/null \
    || { cat "$tmp/server.log" >&2; exit 1; }

echo "== differential: $sequences sequences from seed $first_seed"
SIMRUN_PG_SOCKET_DIR="$tmp" SIMRUN_PG_SEQUENCES="$sequences" SIMRUN_PG_FIRST_SEED="$first_seed" \
    swift test --filter PostgresDifferentialTests < /dev/null
