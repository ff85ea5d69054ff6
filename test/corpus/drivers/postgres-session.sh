#!/bin/bash
# Runs a throwaway PostgreSQL 15 cluster on loopback and drives it with psql
# and pgbench: good and bad logins, a pgbench run, a session whose 225
# re-inserts hit the primary key, a few ordinary SQL errors, one terminated
# backend, then a fast shutdown. The server writes its stderr-format log and
# its csvlog; psql's stderr is kept too. Outputs go to /tmp/cc/pg/.
set -u
B=/usr/lib/postgresql/15/bin
W=/tmp/cc/pg
PORT=18732
rm -rf $W/data $W/sock $W/log $W/*.out $W/psql.err; mkdir -p $W/data $W/sock $W/log; chown postgres: $W/data $W/sock $W/log; chmod 700 $W/data
as_pg() { runuser -u postgres -- "$@"; }
echo postgres-corpus-pw > $W/pwfile; chown postgres: $W/pwfile
as_pg env LC_ALL=C.UTF-8 $B/initdb -D $W/data -U postgres --auth-local=trust --auth-host=scram-sha-256 --pwfile=$W/pwfile > $W/initdb.out 2>&1
cat >> $W/data/postgresql.conf <<CONF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$W/sock'
logging_collector = on
log_directory = '$W/log'
log_filename = 'postgresql.log'
log_destination = 'stderr,csvlog'
log_connections = on
log_disconnections = on
log_line_prefix = '%m [%p] %q%u@%d '
lc_messages = 'C'
CONF
as_pg $B/pg_ctl -D $W/data -w start > $W/pg_ctl.out 2>&1
P="$B/psql -X -h 127.0.0.1 -p $PORT"
L="$B/psql -X -h $W/sock -p $PORT"
as_pg $L -U postgres -q -c "CREATE ROLE app LOGIN PASSWORD 'app-corpus-pw'" -c "CREATE DATABASE shop OWNER app" >> $W/psql.err 2>&1
PGPASSWORD=app-corpus-pw $P -U app -d shop -q -c "CREATE TABLE jobs (id integer PRIMARY KEY, state text NOT NULL, attempts integer DEFAULT 0)" -c "INSERT INTO jobs (id, state) SELECT g, 'queued' FROM generate_series(1, 300) g" >> $W/psql.err 2>&1
# Failed logins: two wrong passwords, an unknown role, an unknown database.
PGPASSWORD=wrong $P -U app -d shop -c 'SELECT 1' >> $W/psql.err 2>&1
PGPASSWORD=App-corpus-pw $P -U app -d shop -c 'SELECT 1' >> $W/psql.err 2>&1
PGPASSWORD=app-corpus-pw $P -U deploy -d shop -c 'SELECT 1' >> $W/psql.err 2>&1
PGPASSWORD=app-corpus-pw $P -U app -d shop_test -c 'SELECT 1' >> $W/psql.err 2>&1
# A short pgbench run as the owner of its own database.
PGPASSWORD=app-corpus-pw $B/pgbench -h 127.0.0.1 -p $PORT -U app -i -s 1 shop > $W/pgbench-init.out 2>&1
PGPASSWORD=app-corpus-pw $B/pgbench -h 127.0.0.1 -p $PORT -U app -c 2 -j 1 -t 50 shop > $W/pgbench-run.out 2>&1
# One session re-enqueues jobs 1..225, which all exist, then makes three other mistakes.
{ for n in $(seq 1 225); do echo "INSERT INTO jobs (id, state) VALUES ($n, 'queued');"; done
  echo "SELECT * FROM job_results;"
  echo "UPDATE jobs SET attempts = attempts + 1 WHERE id = 17 RETURNING 100 / (attempts - attempts) AS rate;"
  echo "SELEC count(*) FROM jobs;"
  echo "SELECT state, count(*) FROM jobs GROUP BY state;"; } > $W/requeue.sql
PGPASSWORD=app-corpus-pw $P -U app -d shop -f $W/requeue.sql > $W/psql.out 2>> $W/psql.err
# A long-running session terminated by the administrator.
PGPASSWORD=app-corpus-pw $P -U app -d shop -c 'SELECT pg_sleep(30)' >> $W/psql.err 2>&1 &
SLEEPER=$!
sleep 1
as_pg $L -U postgres -q -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%' AND pid <> pg_backend_pid()" > /dev/null 2>> $W/psql.err
wait $SLEEPER
as_pg $B/pg_ctl -D $W/data -m fast -w stop >> $W/pg_ctl.out 2>&1
