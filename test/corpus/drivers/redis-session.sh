#!/bin/bash
# Runs a throwaway redis-server on loopback with verbose logging, loads it with
# redis-benchmark, makes a few redis-cli mistakes, then shuts it down.
set -u
W=/tmp/cc/redis
PORT=18733
rm -rf $W/data $W/*.log $W/*.out; mkdir -p $W/data
redis-server --port $PORT --bind 127.0.0.1 --dir $W/data --logfile $W/redis-server.log --loglevel verbose --daemonize yes --save 60 1000 --appendonly no
for i in $(seq 50); do redis-cli -p $PORT ping > /dev/null 2>&1 && break; sleep 0.1; done
redis-benchmark -p $PORT -c 20 -n 20000 -t set,get,lpush,lpop,incr > $W/benchmark.out 2>&1
redis-benchmark -p $PORT -c 5 -n 5000 -q -t set,get,incr,lpush,rpush,lpop,rpop,sadd,hset,spop,zadd,lrange_100,mset > $W/benchmark-q.out 2>&1
{ redis-cli -p $PORT SET job:1 queued
  redis-cli -p $PORT LPUSH job:1 retry
  redis-cli -p $PORT INCR job:1
  redis-cli -p $PORT CONFIG SET maxmemory-policy sometimes
  redis-cli -p $PORT BGSAVE
  sleep 1
  redis-cli -p $PORT DEBUG SLEEP 0
  redis-cli -p $PORT SHUTDOWN; } > $W/cli.out 2>&1
sleep 1
