"""The shipped demo replayed byte for byte against its published reports in `reports/`.

`reports/` at the top of the repository holds what `pbem demo` writes: every report,
bulletin and GM log of the demo's six moves. Any change to the rules, the dice or the
templates that alters a single byte shows up here. When a change is meant, write the new
reports with `PBEM_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py` and review the diff.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from pbem.demo import run_demo

GOLDEN = Path(__file__).resolve().parent.parent / "reports"


def files(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*")) if p.is_file() and p.name != "README.md"
    }


def test_demo_reproduces_its_published_reports(tmp_path):
    run_demo(tmp_path / "demo")
    made = files(tmp_path / "demo" / "reports")
    if os.environ.get("PBEM_UPDATE_GOLDEN"):
        for old in GOLDEN.glob("move-*"):
            shutil.rmtree(old)
        for name, data in made.items():
            (GOLDEN / name).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_bytes(data)
    golden = files(GOLDEN)
    assert sorted(made) == sorted(golden)
    for name in made:
        assert made[name] == golden[name], f"{name} differs from reports/{name}"
