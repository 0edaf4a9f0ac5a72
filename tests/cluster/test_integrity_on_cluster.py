"""The record-integrity suite (tests/events/test_integrity.py: edits, deletions, forgeries and
poisoned snapshots found and never served), the very same test functions, on the cluster."""
from tests.events.test_integrity import *  # noqa: F401,F403  (collected again, on the cluster)
