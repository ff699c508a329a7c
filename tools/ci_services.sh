#!/usr/bin/env bash
# Install and start the services the web tests need; print the test database URL.
#
#   tools/ci_services.sh   ->  postgresql://postgres@127.0.0.1:54329/heliopolis_test
#
# Called by `make test` (and so by .ci/run on a fresh Debian 12 machine):
#   1. installs the Debian packages `postgresql`, `chromium` and `nginx` if their
#      binaries are missing (apt-get; sudo only when not root); a freshly installed
#      nginx's packaged default site (port 80) is stopped again: the proxy test
#      (tests/deploy/test_nginx.py) runs its own nginx on loopback;
#   2. starts a throwaway PostgreSQL server on 127.0.0.1:$HELIOPOLIS_PG_PORT
#      (default 54329), data in /tmp/heliopolis-pg-<port>, trust auth, run by the
#      `postgres` system user when root (postgres refuses to run as root), else by
#      the current user; the packaged cluster (port 5432) is neither used nor needed;
#   3. creates the database heliopolis_test if missing;
#   4. prints its URL as the only line on stdout (everything else goes to stderr).
# Idempotent, and quick when the server is already up (pg_isready + one query).
# On any failure it prints a warning to stderr and exits 0 without a URL, so
# `make test` still runs the other tests (the PostgreSQL ones then skip with a
# reason); a Chromium or nginx that cannot be installed only warns (browser and
# proxy tests skip).
set -Eeuo pipefail

PORT="${HELIOPOLIS_PG_PORT:-54329}"
DB=heliopolis_test
DATA="/tmp/heliopolis-pg-${PORT}"
LOG="${DATA}/server.log"
LOCK="/tmp/heliopolis-pg-${PORT}.lock"

# Only the URL goes to the real stdout (fd 3); all other output goes to stderr.
exec 3>&1 1>&2

warn() { echo "ci_services.sh: warning: $*" >&2; }
die() { warn "$*"; exit 1; }
on_exit() {
    local rc=$?
    if [ "$rc" -ne 0 ]; then
        warn "could not provide PostgreSQL/Chromium (exit $rc, see messages above);" \
             "tests that need them will be skipped"
        exit 0
    fi
}
trap on_exit EXIT

case "$PORT" in '' | *[!0-9]*) die "HELIOPOLIS_PG_PORT must be a port number, got '$PORT'" ;; esac

if [ "$(id -u)" -eq 0 ]; then
    SUDO=()
elif command -v sudo >/dev/null 2>&1; then
    # Never wait for a password without a terminal (CI has no stdin).
    if [ -t 0 ]; then SUDO=(sudo); else SUDO=(sudo -n); fi
else
    SUDO=(false)   # marks "cannot install": checked below
fi

pg_bindir() {
    local d
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$d" ] && [ -x "$d/postgres" ] && echo "$d"
}

# --- 1. packages --------------------------------------------------------------
missing=()
pg_bindir >/dev/null || missing+=(postgresql)
[ -x /usr/bin/chromium ] || missing+=(chromium)
nginx_bin() { command -v nginx 2>/dev/null || { [ -x /usr/sbin/nginx ] && echo /usr/sbin/nginx; }; }
nginx_bin >/dev/null || missing+=(nginx)
if [ "${#missing[@]}" -gt 0 ] && [ "${SUDO[0]:-}" = false ]; then
    warn "missing ${missing[*]}; not root and no sudo to install them with apt-get"
elif [ "${#missing[@]}" -gt 0 ]; then
    echo "ci_services.sh: installing ${missing[*]} ..."
    export DEBIAN_FRONTEND=noninteractive
    apt_install() {
        "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y --no-install-recommends "${missing[@]}"
    }
    updated=no
    if ! ls /var/lib/apt/lists/ 2>/dev/null | grep -q '_Packages'; then
        "${SUDO[@]}" apt-get update || warn "apt-get update failed"
        updated=yes
    fi
    if ! apt_install; then
        if [ "$updated" = no ]; then
            "${SUDO[@]}" apt-get update || warn "apt-get update failed"
        fi
        # A failing maintainer script (e.g. the packaged cluster not starting)
        # still leaves the binaries in place: judge by them, below.
        apt_install || warn "apt-get install ${missing[*]} failed"
    fi
    # The package starts its default site on port 80 (all addresses) where an init system
    # lets it: nothing of the tests listens beyond loopback, so it is stopped again.
    if [[ " ${missing[*]} " == *" nginx "* ]] && [ -s /run/nginx.pid ] && NGINX=$(nginx_bin); then
        "${SUDO[@]}" "$NGINX" -s quit 2>/dev/null || warn "could not stop the packaged nginx"
    fi
fi
nginx_bin >/dev/null || warn "nginx is missing: the reverse-proxy test will be skipped"
BIN=$(pg_bindir) || die "no PostgreSQL server binaries in /usr/lib/postgresql/*/bin"
# Without Chromium the PostgreSQL server is still worth starting: only the
# browser tests skip.
[ -x /usr/bin/chromium ] || warn "/usr/bin/chromium is missing: browser tests will be skipped"

# --- 2. server ----------------------------------------------------------------
# Serialise concurrent runs (two `make test` at once). The lock fd (9) and the URL
# fd (3) are closed for the server, which would otherwise hold them open forever.
[ -e "$LOCK" ] || (umask 000 && : >>"$LOCK") || die "cannot create lock file $LOCK"
exec 9<"$LOCK" || die "cannot open lock file $LOCK"
flock -w 120 9 || die "timed out waiting for lock $LOCK"

if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "no 'postgres' system user (the postgresql package creates it)"
    as_owner() { (cd /tmp && runuser -u postgres -- "$@"); }
    OWNER=postgres
else
    as_owner() { (cd /tmp && "$@"); }
    OWNER=$(id -un)
fi

ready() { "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT" -d postgres -U postgres; }

if ! ready; then
    # Re-create a data dir that is missing, half-made, from another major version,
    # or owned by someone else (an earlier run as root vs. as a user).
    if [ -d "$DATA" ]; then
        if [ ! -f "$DATA/PG_VERSION" ] || [ ! -f "$DATA/postgresql.conf" ] \
            || [ "$(cat "$DATA/PG_VERSION")" != "$(basename "$(dirname "$BIN")")" ] \
            || [ "$(stat -c %U "$DATA")" != "$OWNER" ]; then
            echo "ci_services.sh: removing unusable data dir $DATA"
            as_owner "$BIN/pg_ctl" -D "$DATA" -m immediate stop >/dev/null 2>&1 || true
            rm -rf "$DATA" || die "cannot remove $DATA"
        fi
    fi
    if [ ! -d "$DATA" ]; then
        echo "ci_services.sh: initdb $DATA (owner $OWNER)"
        install -d -m 700 -o "$OWNER" -g "$(id -gn "$OWNER")" "$DATA" 2>/dev/null || install -d -m 700 "$DATA"
        out=$(as_owner "$BIN/initdb" -D "$DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 2>&1) \
            || { echo "$out"; die "initdb failed"; }
        # Tests only: loopback TCP, own socket dir, more connections (xdist, servers
        # under test), no waiting for WAL flush on commit (fsync stays on).
        as_owner tee -a "$DATA/postgresql.conf" >/dev/null <<EOF

# --- heliopolis test settings (tools/ci_services.sh) ---
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DATA'
max_connections = 200
synchronous_commit = off
EOF
    fi
    echo "ci_services.sh: starting PostgreSQL on 127.0.0.1:$PORT (log $LOG)"
    as_owner "$BIN/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 start </dev/null 3>&- 9>&- \
        || { tail -n 30 "$LOG" 2>/dev/null || true; die "pg_ctl start failed"; }
    for _ in $(seq 1 60); do ready && break; sleep 0.5; done
    ready || { tail -n 30 "$LOG" 2>/dev/null || true; die "PostgreSQL on port $PORT does not accept connections"; }
fi

# --- 3. database --------------------------------------------------------------
psql_() { "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -tA "$@"; }
if [ "$(psql_ -c "select 1 from pg_database where datname = '$DB'")" != 1 ]; then
    psql_ -c "create database $DB" || die "cannot create database $DB"
fi

# --- 4. URL -------------------------------------------------------------------
echo "postgresql://postgres@127.0.0.1:${PORT}/${DB}" >&3
