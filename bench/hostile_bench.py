"""How long `pbem check` takes on hostile files, and how much it prints.

Not a pytest test: run it by hand (see bench/README.md).

    python bench/hostile_bench.py              # each file checked 5 times, the median kept

Each file is checked by the installed `pbem check` command in a subprocess, wall clock,
start-up included, and once more in this process (`pbem.game.check_file` alone). The
files: 10 MB of junk before END, 10 MB of quoted mail after END, 64 KiB of unknown order
lines (the most a file may make the reader do), a 10 MB binary file, a line of 5,000
digits, and a good file for comparison. The figures go to `--out/hostile.json`.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from pbem import game  # noqa: E402
from pbem.orders.limits import MOST_FILE_BYTES  # noqa: E402

TEN_MB = 10 * 1024 * 1024
HEADER = "GAME cornifex\nOFFICER Notius\nSECRET 4tq9-mx2d\nMOVE 1\n"


def files() -> dict[str, bytes]:
    junk_lines = "".join(f"junk{n}\n" for n in range(MOST_FILE_BYTES // 10))
    return {
        "good": (HEADER + "ROUTE 3 N\nEND\n").encode(),
        "10 MB of junk before END": (HEADER + "junk\n" * (TEN_MB // 5) + "END\n").encode(),
        "10 MB of quoted mail after END": (HEADER + "END\n" + "> old mail\n" * (TEN_MB // 11)).encode(),
        "64 KiB of unknown order lines": (HEADER + junk_lines)[:MOST_FILE_BYTES].encode(),
        "10 MB binary": os.urandom(TEN_MB),
        "5,000 digits": (HEADER + "TANKS " + "9" * 5000 + "\nEND\n").encode(),
    }


def pbem_command() -> list[str]:
    here = Path(sys.executable).parent / "pbem"
    return [str(here)] if here.exists() else [sys.executable, "-m", "pbem.cli"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--out", type=Path, default=ROOT / "bench-out")
    options = parser.parse_args()
    options.out.mkdir(parents=True, exist_ok=True)
    results = {}
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work) / "cornifex"
        game.new_game(folder, 1, name="cornifex")
        game.enlist(folder, "Notius", "", "GLADIUM", "MARTHIA",
                    {"crews": 2, "shields": 5, "lasers": 3, "radars": 2, "computers": 1,
                     "tanks": 3}, secret="4tq9-mx2d")
        for name, data in files().items():
            path = Path(work) / "orders.txt"
            path.write_bytes(data)
            walls, printed = [], 0
            for _ in range(options.repeat):
                started = time.perf_counter()
                done = subprocess.run([*pbem_command(), "check", str(path), "--game", str(folder)],
                                      capture_output=True)
                walls.append(time.perf_counter() - started)
                printed = len(done.stdout)
            started = time.perf_counter()
            _, problems = game.check_file(path, folder)
            inside = time.perf_counter() - started
            results[name] = {
                "bytes": len(data), "pbem_check_seconds": round(statistics.median(walls), 3),
                "check_file_seconds": round(inside, 4), "printed_bytes": printed,
                "problems": len(problems), "exit": done.returncode,
            }
            print(f"{name:32} {len(data):>10,} bytes  pbem check {statistics.median(walls):6.3f} s  "
                  f"(check_file {inside:.4f} s)  printed {printed:>6,} bytes  "
                  f"{len(problems):>5,} problems  exit {done.returncode}")
    figures = {"python": platform.python_version(), "platform": platform.platform(),
               "repeat": options.repeat, "files": results}
    (options.out / "hostile.json").write_text(json.dumps(figures, indent=2) + "\n",
                                              encoding="utf-8")


if __name__ == "__main__":
    main()
