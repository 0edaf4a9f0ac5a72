"""Process plumbing every other package may lean on: Redis connections (`redis_connect`), the
embedded Redis (`embedded_redis`), RQ queue names (`queues`), JSON logs (`logs`), Prometheus
metrics (`metrics`), the worker's heartbeat (`heartbeat`) and UTC time (`timeutil`).
No game logic. May use: nothing of `service`; `events` only.
"""
