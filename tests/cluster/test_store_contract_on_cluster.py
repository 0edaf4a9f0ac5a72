"""The event store's contract suite (tests/events/test_store_contract.py), the very same test
functions, run against a real 3-master Redis Cluster (tests/cluster/conftest.py)."""
from tests.events.test_store_contract import *  # noqa: F401,F403  (collected again, on the cluster)
