#!/bin/sh
# compose.yaml's PostgreSQL runs this once, when its volume is new (/docker-entrypoint-initdb.d): the server's
# own login, fridge_app, which only reads and writes rows. The owner is POSTGRES_USER (fridge); its `migrate`
# service migrates and grants fridge_app its rights (docs/operations.md, "PostgreSQL: the owner migrates, the
# server only writes rows"; docs/decisions/231).
set -eu
: "${FRIDGE_APP_PASSWORD:?set FRIDGE_APP_PASSWORD in .env: the password of the server's own login, fridge_app}"
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  --set=password="$FRIDGE_APP_PASSWORD" <<'SQL'
CREATE ROLE fridge_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'password';
SQL
