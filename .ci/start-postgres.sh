#!/usr/bin/env bash
# Starts Debian's PostgreSQL 15 cluster and makes the role and database the tests connect with
# (TEST_POSTGRES_URL, by default postgres://site_test:site_test@127.0.0.1:5432/site_test). Run as root;
# safe to run again.
set -euo pipefail
pg_ctlcluster 15 main start 2>/dev/null || pg_ctlcluster 15 main status >/dev/null
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
select 'create role site_test login createdb password ''site_test'''
where not exists (select from pg_roles where rolname = 'site_test') \gexec
select 'create database site_test owner site_test'
where not exists (select from pg_database where datname = 'site_test') \gexec
SQL
