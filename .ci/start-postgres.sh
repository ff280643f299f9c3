#!/usr/bin/env bash
# Starts Debian's PostgreSQL 15 cluster and makes the role and database the tests connect with
# (TEST_POSTGRES_URL, by default postgres://site_test:site_test@127.0.0.1:5432/site_test). Run as root;
# safe to run again.
#
# The cluster holds nothing but test databases, each made for one test and dropped after it, so it does
# not wait for the disk: no fsync, commits not flushed before they are answered, no full-page images
# after a checkpoint. A crash of the machine could corrupt it; no test needs it to survive one. The fault
# test that stops and starts PostgreSQL to prove that nothing committed is lost runs a server of its own
# with PostgreSQL's durable defaults.
set -euo pipefail
pg_conftool 15 main set fsync off
pg_conftool 15 main set synchronous_commit off
pg_conftool 15 main set full_page_writes off
# All three take effect on a reload; a cluster that was not running reads them as it starts.
pg_ctlcluster 15 main reload 2>/dev/null || pg_ctlcluster 15 main start
su postgres -c "psql -q -v ON_ERROR_STOP=1" <<'SQL'
select 'create role site_test login createdb password ''site_test'''
where not exists (select from pg_roles where rolname = 'site_test') \gexec
select 'create database site_test owner site_test'
where not exists (select from pg_database where datname = 'site_test') \gexec
SQL
