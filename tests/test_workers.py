"""A move's officers' reports shared among worker processes are the files one process
writes, and a worker's error is the move's error."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys

import pytest

from pbem import render, workers
from pbem.json_codec import to_json

from game_views import TEMPLATES, random_game_views

pytestmark = pytest.mark.skipif(
    "fork" not in multiprocessing.get_all_start_methods(),
    reason="worker processes are forked; this system cannot fork")


def written(game_dir, folder, move, events) -> dict[str, bytes]:
    render.render_move(game_dir, folder, game="aleae", move=move, events=events,
                       texts=[to_json(e.data) for e in events], rolls=[])
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_reports_written_by_workers_are_those_of_one_process(tmp_path, monkeypatch):
    move, view, events = next(random_game_views(0, 1, "advanced"))
    alone = written(None, tmp_path / "alone", move, events)
    monkeypatch.setattr(workers, "SHARE_AT_LEAST", 1)
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert workers.processes(len(view.sheets)) == 3
    assert written(None, tmp_path / "shared", move, events) == alone


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 13])
def test_every_item_is_worked_once(count, tmp_path, monkeypatch):
    monkeypatch.setattr(workers, "SHARE_AT_LEAST", 1)
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)

    def work(items):
        for item in items:
            (tmp_path / f"{item}.done").write_text("", encoding="utf-8")

    workers.shared(work, list(range(count)), lambda: (tmp_path / "along").write_text(""))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{n}.done" for n in range(count)] + ["along"])


def test_an_error_in_a_worker_is_the_moves_error(tmp_path, monkeypatch):
    """The GM's template fails on the last officer's report alone, which a worker writes:
    the move fails with its error."""
    move, view, events = next(random_game_views(0, 1, "basic"))
    last = view.sheets[list(view.sheets)[-1]]["officer_name"]
    (tmp_path / "templates").mkdir()
    source = (TEMPLATES / "report.txt.j2").read_text(encoding="utf-8")
    (tmp_path / "templates" / "report.txt.j2").write_text(
        "{% if sheet.officer_name == " + repr(last) + " %}{{ no_such_value }}{% endif %}" + source,
        encoding="utf-8")
    monkeypatch.setattr(workers, "SHARE_AT_LEAST", 1)
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    with pytest.raises(Exception, match="no_such_value"):
        written(tmp_path, tmp_path / "out", move, events)


def test_a_move_too_small_to_share_imports_no_multiprocessing():
    """Fewer officers than two processes are worth forking for: one process writes them all,
    and multiprocessing, imported only to fork, is not imported at all."""
    assert workers.processes(2 * workers.SHARE_AT_LEAST - 1) == 1
    code = ("import sys\n"
            "from pbem import game, render, workers\n"
            "workers.processes(2 * workers.SHARE_AT_LEAST - 1)\n"
            "print('multiprocessing' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_worker_stops_when_the_process_that_forked_it_is_gone(monkeypatch):
    """Killed mid-move, the main process leaves nothing writing in its reports' folder."""
    parent = workers.os.getppid()
    monkeypatch.setattr(workers.os, "getppid", lambda: 1)
    ended = []
    monkeypatch.setattr(workers.os, "_exit", lambda code: (_ for _ in ()).throw(SystemExit(code)))
    with pytest.raises(SystemExit):
        for item in workers._while_parent_lives([1, 2, 3], parent):
            ended.append(item)
    assert ended == []


@pytest.mark.parametrize("count, processors", [(400, 2), (1000, 2), (10000, 2), (999, 3), (5000, 8)])
def test_a_move_forks_one_worker_per_processor_beyond_the_first(count, processors, monkeypatch):
    monkeypatch.setattr(workers.os, "sched_getaffinity", lambda pid: set(range(processors)),
                        raising=False)
    forked = []
    real = multiprocessing.get_context("fork")

    class Counted:
        def __init__(self, target, args, daemon):
            forked.append(args[1])
            self.exitcode = 0

        def start(self):
            pass

        def join(self):
            pass

    class Context:
        Process = Counted
        RawValue = staticmethod(real.RawValue)
        Lock = staticmethod(real.Lock)

        @staticmethod
        def Pipe(duplex):
            class End:
                def recv(self):
                    return None

                def close(self):
                    pass
            return End(), End()

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: Context)
    mine = []
    workers.shared(mine.extend, list(range(count)), lambda: None)
    assert len(forked) == workers.processes(count) - 1
    # The workers never started: the main process took every run of the count they share.
    assert mine == list(range(count))


def test_the_processes_take_every_item_once_between_them():
    """Runs taken from one count by several takers, in any order, cover the items once."""
    context = multiprocessing.get_context("fork")
    items = list(range(101))
    taken, lock = context.RawValue("q", 0), context.Lock()
    takers = [workers._runs(items, taken, lock) for _ in range(3)]
    got: list[list[int]] = [[], [], []]
    alive = [0, 1, 2]
    n = 0
    while alive:
        k = alive[n % len(alive)]
        item = next(takers[k], None)
        if item is None:
            alive.remove(k)
        else:
            got[k].append(item)
        n += 1
    assert sorted(got[0] + got[1] + got[2]) == items
    assert all(got)
