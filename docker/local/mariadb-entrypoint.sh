#!/bin/bash
# Entry point of the local MariaDB image (docker/local-images.sh): the part of the official image's behaviour that
# docker/compose.yaml relies on. On an empty /var/lib/mysql it creates the system tables, sets the root password,
# creates MARIADB_DATABASE and MARIADB_USER with MARIADB_PASSWORD (the MYSQL_* names and the *_FILE variants, for
# Docker secrets, are read too), all on a server that listens on no port; then it starts the real server.
set -Eeuo pipefail

# VAR from VAR_FILE when that is set (Docker secrets).
file_env() {
  local var=$1 file_var="${1}_FILE"
  if [ -n "${!file_var:-}" ]; then
    if [ -n "${!var:-}" ]; then
      echo "Both $var and $file_var are set: use one" >&2
      exit 1
    fi
    export "$var"="$(<"${!file_var}")"
  fi
}
for name in ROOT_PASSWORD PASSWORD USER DATABASE; do
  file_env "MARIADB_$name"
  file_env "MYSQL_$name"
  value="MARIADB_$name" fallback="MYSQL_$name"
  export "MARIADB_$name"="${!value:-${!fallback:-}}"
done

if [ "${1:0:1}" = - ]; then set -- mariadbd "$@"; fi

# A string as an SQL literal: backslashes and quotes escaped.
sql_string() {
  local value=${1//\\/\\\\}
  printf "'%s'" "${value//\'/\\\'}"
}

if [ "$1" = mariadbd ] && [ ! -d /var/lib/mysql/mysql ]; then
  if [ -z "$MARIADB_ROOT_PASSWORD" ] && [ -z "${MARIADB_RANDOM_ROOT_PASSWORD:-}" ] &&
    [ -z "${MARIADB_ALLOW_EMPTY_ROOT_PASSWORD:-}" ]; then
    echo 'Set MARIADB_ROOT_PASSWORD (or _FILE), MARIADB_RANDOM_ROOT_PASSWORD or MARIADB_ALLOW_EMPTY_ROOT_PASSWORD' >&2
    exit 1
  fi
  if [ -n "${MARIADB_RANDOM_ROOT_PASSWORD:-}" ]; then
    MARIADB_ROOT_PASSWORD=$(head -c 24 /dev/urandom | base64)
    echo "Generated root password: $MARIADB_ROOT_PASSWORD"
  fi
  echo 'Initialising the database directory'
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --skip-test-db --auth-root-authentication-method=normal \
    >/dev/null
  socket=/run/mysqld/init.sock
  mariadbd --user=mysql --skip-networking --socket="$socket" &
  pid=$!
  for _ in $(seq 1 60); do
    mariadb-admin --socket="$socket" --user=root ping >/dev/null 2>&1 && break
    sleep 1
  done
  {
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY $(sql_string "$MARIADB_ROOT_PASSWORD");"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY $(sql_string "$MARIADB_ROOT_PASSWORD");"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    if [ -n "$MARIADB_DATABASE" ]; then
      echo "CREATE DATABASE IF NOT EXISTS \`$MARIADB_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
    fi
    if [ -n "$MARIADB_USER" ] && [ -n "$MARIADB_PASSWORD" ]; then
      echo "CREATE USER '$MARIADB_USER'@'%' IDENTIFIED BY $(sql_string "$MARIADB_PASSWORD");"
      if [ -n "$MARIADB_DATABASE" ]; then echo "GRANT ALL ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';"; fi
    fi
    echo 'FLUSH PRIVILEGES;'
  } | mariadb --socket="$socket" --user=root
  mariadb-admin --socket="$socket" --user=root --password="$MARIADB_ROOT_PASSWORD" shutdown
  wait "$pid"
  echo 'Database directory ready'
fi

if [ "$1" = mariadbd ]; then
  shift
  exec mariadbd --user=mysql "$@"
fi
exec "$@"
