"""Benchmark of the GM's desk: `pbem inbox` of many mails, and `pbem check` with and
without a game, as the game grows.

Not a pytest test: run it by hand (see bench/README.md).

    python bench/desk_bench.py                 # 1,000 mails for 1,000 officers; check at 10 and 10,000
    python bench/desk_bench.py --quick         # 200 mails for 200 officers; check at 10 and 1,000

What is timed:

- `inbox`: one call of `pbem.mail.intake.file_mail` on an mbox of N mails, one from each of N
  officers (plain text, quoted-printable and base64 in turn, every fifth one a reply that
  quotes the orders), the game having the GM's address, so that each mail is read, checked
  by the rules and answered with a receipt written to the outbox. Mails per second is N
  over the median of `--repeat` runs, each on a fresh copy of the game; the CPU time of
  the process is given too, which other work on the machine does not inflate. The game
  and the mbox are built first, untimed.
- `check --game`: the installed `pbem check FILE --game DIR` in a subprocess, wall clock,
  start-up included, on one good order file, in games of 10 and of 10,000 officers; the
  median of `--repeat` runs. The goal: the two within 30% of each other.
- `check`: `pbem check FILE` without a game, wall clock, the median of `--repeat` runs;
  the goal: under 150 ms.

The figures go to `--out/desk.json`.
"""

from __future__ import annotations

import argparse
import json
import mailbox
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:  # run from a checkout without installing
        sys.path.insert(0, str(path))

import resolve_bench  # noqa: E402  (the game builder of the resolve benchmark)

from pbem import filing  # noqa: E402
from pbem.mail import intake  # noqa: E402
from pbem.mail import outbox  # noqa: E402
from pbem.storage.database import open_db  # noqa: E402

GM = "Space Computer <sc@bench.invalid>"
SENT = datetime(2026, 10, 19, 12, 0, tzinfo=timezone.utc)


def build(folder: Path, n: int, seed: int) -> dict[int, str]:
    """A game of n officers on the base, the GM's address set; returns their secrets."""
    args = argparse.Namespace(seed=seed, size=60, planets=40, enlist_limit=0,
                              level="basic")
    secrets_, _ = resolve_bench.build_game(folder, n, args)
    outbox.set_sender(folder, GM)
    return secrets_


def orders(i: int, secret: str) -> str:
    return (f"GAME {resolve_bench.GAME_NAME}\nOFFICER {resolve_bench.officer_name(i)}\n"
            f"SECRET {secret}\nMOVE 1\nROUTE 3 N + 2 E\nRADARS 2\nINFO NEW\nEND\n")


def mbox_of(path: Path, secrets_: dict[int, str]) -> None:
    box = mailbox.mbox(str(path))
    for i, secret in secrets_.items():
        m = EmailMessage()
        m["From"] = f"{resolve_bench.officer_name(i)} <officer{i}@bench.invalid>"
        m["To"] = GM
        m["Subject"] = f"orders of officer {i}"
        m["Date"] = format_datetime(SENT + timedelta(seconds=i))
        m["Message-ID"] = f"<m{i}@bench.invalid>"
        text = orders(i, secret)
        if i % 5 == 0:
            text = "Here they are.\n\n" + "".join(f"> {line}\n" for line in text.splitlines())
        cte = ("7bit", "quoted-printable", "base64")[i % 3]
        m.set_content(text, cte=cte)
        box.add(m)
    box.flush()
    box.close()


def time_inbox(work: Path, n: int, seed: int, repeat: int) -> dict:
    """`repeat` runs, each on a fresh copy of the game: the wall clock of each, and the
    CPU time of the process (this machine's other work does not count in it)."""
    built = work / f"inbox-{n}"
    secrets_ = build(built, n, seed)
    source = work / f"inbox-{n}.mbox"
    mbox_of(source, secrets_)
    walls, cpus = [], []
    for run_number in range(repeat):
        folder = work / f"inbox-{n}-run-{run_number}"
        shutil.copytree(built, folder)
        cpu, started = time.process_time(), time.perf_counter()
        run = intake.file_mail(folder, [source], now=SENT + timedelta(hours=1))
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
        accepted = run.count(filing.ACCEPTED)
        assert accepted == n, f"only {accepted} of {n} mails accepted"
        db = open_db(folder)
        receipts = len(list(db.query("SELECT id FROM mails WHERE kind = 'receipt'")))
        db.close()
        assert receipts == n, receipts
        shutil.rmtree(folder)
    wall = statistics.median(walls)
    return {"mails": n, "officers": n, "runs_seconds": [round(w, 3) for w in walls],
            "seconds": round(wall, 3), "mails_per_second": round(n / wall, 1),
            "best_mails_per_second": round(n / min(walls), 1),
            "cpu_seconds": round(statistics.median(cpus), 3), "receipts": receipts}


def pbem_command() -> list[str]:
    here = Path(sys.executable).parent / "pbem"
    return [str(here)] if here.exists() else [sys.executable, "-m", "pbem.cli"]


def wall(args: list[str], repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run(args, capture_output=True)
        runs.append(time.perf_counter() - started)
        assert done.returncode == 0, done.stdout.decode() + done.stderr.decode()
    return statistics.median(runs)


def time_check(work: Path, sizes: list[int], seed: int, repeat: int) -> dict:
    found = {}
    for n in sizes:
        folder = work / f"check-{n}"
        secrets_ = build(folder, n, seed)
        path = work / f"check-{n}.txt"
        path.write_text(orders(n // 2 + 1, secrets_[n // 2 + 1]), encoding="utf-8")
        found[n] = wall([*pbem_command(), "check", str(path), "--game", str(folder)], repeat)
        shutil.rmtree(folder)
    plain = work / "plain.txt"
    plain.write_text(orders(1, "none-none-none"), encoding="utf-8")
    small, large = found[sizes[0]], found[sizes[-1]]
    return {
        "check_game_seconds": {str(n): round(s, 3) for n, s in found.items()},
        "check_game_ratio": round(large / small, 2),
        "check_seconds": round(wall([*pbem_command(), "check", str(plain)], repeat), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=1000)
    parser.add_argument("--sizes", type=int, nargs=2, default=[10, 10000])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1982)
    parser.add_argument("--quick", action="store_true", help="200 mails; check at 10 and 1,000")
    parser.add_argument("--out", type=Path, default=ROOT / "bench-out")
    parser.add_argument("--games-dir", type=Path,
                        help="where the games are built (default --out); /dev/shm takes the "
                             "disk out of the figures")
    options = parser.parse_args()
    if options.quick:
        options.mails, options.sizes, options.repeat = 200, [10, 1000], 3
    options.out.mkdir(parents=True, exist_ok=True)
    games = options.games_dir or options.out
    games.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=games) as tmp:
        work = Path(tmp)
        result = {"inbox": time_inbox(work, options.mails, options.seed, options.repeat)}
        result.update(time_check(work, options.sizes, options.seed, options.repeat))
    result["goals"] = {
        "inbox_500_mails_per_second": result["inbox"]["mails_per_second"] >= 500,
        "check_game_within_30_percent": result["check_game_ratio"] <= 1.30,
        "check_under_150_ms": result["check_seconds"] < 0.150,
    }
    result["environment"] = {"python": sys.version.split()[0], "platform": platform.platform(),
                             "cpus": os.cpu_count(), "games_dir": str(games),
                             "load_average": os.getloadavg()}
    (options.out / "desk.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    i = result["inbox"]
    print(f"pbem inbox: {i['mails']:,} mails for {i['officers']:,} officers in {i['seconds']} s "
          f"(median of {len(i['runs_seconds'])}) = {i['mails_per_second']:,} mails/s, best "
          f"{i['best_mails_per_second']:,}; CPU {i['cpu_seconds']} s ({i['receipts']:,} receipts)")
    for n, s in result["check_game_seconds"].items():
        print(f"pbem check --game, {int(n):,} officers: {s * 1000:.0f} ms")
    print(f"  ratio {result['check_game_ratio']} (goal <= 1.30)")
    print(f"pbem check without a game: {result['check_seconds'] * 1000:.0f} ms (goal < 150 ms)")
    print("goals:", ", ".join(f"{k} {'met' if v else 'MISSED'}" for k, v in result["goals"].items()))


if __name__ == "__main__":
    main()
