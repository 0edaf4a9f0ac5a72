"""A process's writers of one game take turns in the order they came (service/streams/write_locks.py)."""
from __future__ import annotations

import threading
import time

from service.streams.write_locks import FairLock, WriteLocks


def _queue_up(lock: FairLock, n: int, order: list) -> list[threading.Thread]:
    """`n` writers that queue behind the holder one after another, each noting its turn."""
    def writer(k: int) -> None:
        with lock:
            order.append(k)

    threads = []
    for k in range(n):
        thread = threading.Thread(target=writer, args=(k,))
        thread.start()
        threads.append(thread)
        _wait_for_waiters(lock, k + 1)
    return threads


def _wait_for_waiters(lock: FairLock, n: int) -> None:
    deadline = time.monotonic() + 5
    while len(lock._waiters) < n:
        assert time.monotonic() < deadline, "a writer never queued"
        time.sleep(0.001)


def test_waiters_get_the_lock_in_the_order_they_came_and_a_newcomer_does_not_jump_the_queue():
    lock, order = FairLock(), []
    lock.acquire()
    threads = _queue_up(lock, 5, order)
    lock.release()  # handed to writer 0 directly: the lock is never free in between
    lock.acquire()  # a newcomer queues behind all five
    order.append("newcomer")
    lock.release()
    for thread in threads:
        thread.join(5)
    assert order == [0, 1, 2, 3, 4, "newcomer"]


def test_a_lock_with_nobody_waiting_is_free_again():
    lock = FairLock()
    with lock:
        pass
    assert not lock._held and not lock._waiters


def test_write_locks_keep_a_lock_only_while_someone_holds_or_waits_for_it():
    locks, inside = WriteLocks(), threading.Event()
    release = threading.Event()

    def hold() -> None:
        with locks.hold("g1"):
            inside.set()
            release.wait(5)

    thread = threading.Thread(target=hold)
    thread.start()
    inside.wait(5)
    assert len(locks) == 1
    release.set()
    thread.join(5)
    assert len(locks) == 0
