"""The officers' reports of a move written by several processes at once.

Each officer's reports hang on his own events and the move's shared view alone, so a move's
officers can be split among processes: worker processes forked once the view is made (they
read it as it stands in memory, nothing is sent to them), the main process writing the
bulletins meanwhile. Every process takes the officers in short runs from one count they
share, the main process too once its bulletins are written, so that none waits while
another has reports left to write, whatever the bulletins cost beside the reports. Forking
copies no database work: the workers only render and write files, and leave without
closing what they inherited (`os._exit`, as multiprocessing's forked processes do). Where
the system cannot fork, or for a small move, one process writes everything.
"""

from __future__ import annotations

import os
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

T = TypeVar("T")

# Officers a process is worth forking for: a fork and its exit cost a few milliseconds, an
# officer's three reports a fraction of one.
SHARE_AT_LEAST = 200
# Officers a process takes at once: a few milliseconds of reports, against a few
# microseconds to take them.
RUN = 8


def processes(count: int) -> int:
    """How many processes share `count` officers: one per processor this process may use,
    none idle for want of officers."""
    if count < 2 * SHARE_AT_LEAST:  # one process writes them all, whatever the processors
        return 1
    import multiprocessing  # here: 2 ms that a move of fewer officers never uses

    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        usable = os.cpu_count() or 1
    return max(1, min(usable, count // SHARE_AT_LEAST))


def shared(work: Callable[[Iterable[T]], None], items: Sequence[T],
           alongside: Callable[[], None]) -> None:
    """`work(items)` and `alongside()`, the items split among `processes` processes: the
    workers take runs of them at once, the main process after `alongside()` (the
    bulletins). An error in a worker is raised here, once every worker has ended."""
    count = processes(len(items))
    if count == 1:
        work(items)
        alongside()
        return
    import multiprocessing  # here, as in `processes`, which imported it

    context = multiprocessing.get_context("fork")
    # The index of the first item no process has taken yet, in memory the processes share.
    taken, lock = context.RawValue("q", 0), context.Lock()
    started = []
    for _ in range(count - 1):
        receiving, sending = context.Pipe(duplex=False)
        process = context.Process(target=_worker, args=(work, _runs(items, taken, lock), sending),
                                  daemon=True)
        process.start()
        sending.close()
        started.append((process, receiving))
    try:
        alongside()
        work(_runs(items, taken, lock))
    finally:
        failures = []
        for process, receiving in started:
            try:
                failure = receiving.recv()
            except EOFError:  # killed, or ended without a word
                failure = RuntimeError(f"a worker process ended with code {process.exitcode}")
            receiving.close()
            process.join()
            if failure is not None:
                failures.append(failure)
    if failures:
        raise failures[0]


def _runs(items: Sequence[T], taken, lock) -> Iterator[T]:
    """The items this process takes, `RUN` at a time, from the count all share."""
    while True:
        with lock:
            first = taken.value
            taken.value = first + RUN
        if first >= len(items):
            return
        yield from items[first:first + RUN]


def _worker(work: Callable[[Iterable[T]], None], run: Iterable[T], sending) -> None:
    try:
        work(_while_parent_lives(run, os.getppid()))
    except BaseException as e:  # sent back whole, or by its words where it cannot be
        try:
            sending.send(e)
        except Exception:
            sending.send(RuntimeError(f"{type(e).__name__}: {e}"))
        return
    sending.send(None)


def _while_parent_lives(run: Iterable[T], parent: int) -> Iterator[T]:
    """The run's items, as long as the process that forked this one lives: a main process
    killed mid-move leaves its move to be played again (and its reports' folder cleared),
    where an orphaned worker must not go on writing."""
    for item in run:
        if os.getppid() != parent:
            os._exit(1)
        yield item
