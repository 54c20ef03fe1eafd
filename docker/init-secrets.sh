#!/bin/sh
# Creates the secrets docker/compose.yaml reads, each a random 64-character hex string in its own file:
# jwt_secret (signs the sessions' tokens), db_password (MariaDB's fitcoach user), db_root_password. A file that
# exists is kept, so running it again changes nothing. Usage: sh docker/init-secrets.sh [folder]
# (default docker/secrets, which git ignores; compose.yaml reads another folder from FITCOACH_SECRETS).
#
# The files are readable by all (0644) inside a folder only their owner can enter (0700): Compose bind-mounts each
# file into the containers, where the app runs as uid 1000 and must read it.
set -eu
dir=${1:-$(dirname "$0")/secrets}
mkdir -p "$dir"
chmod 700 "$dir"
for name in jwt_secret db_password db_root_password; do
  if [ -s "$dir/$name" ]; then
    echo "$dir/$name exists: kept"
  else
    (umask 022 && od -An -N32 -tx1 /dev/urandom | tr -d ' \n' >"$dir/$name")
    echo "$dir/$name created"
  fi
done
