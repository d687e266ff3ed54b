"""The shipped demos replayed byte for byte against their published reports in `reports/`.

`reports/` at the top of the repository holds what `pbem demo` writes: every report,
bulletin and GM log of the demo's six moves; `reports/advanced/` what `pbem demo --advanced`
writes for the demo of outer space; `reports/it/` what `pbem demo --lang it` writes, the
basic demo played in Italian. Any change to the rules, the dice or the templates that
alters a single byte shows up here. When a change is meant, write the new reports with
`PBEM_UPDATE_GOLDEN=1 python -m pytest tests/test_golden.py` and review the diff.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pbem.demo import ADVANCED, BASIC, Demo, run_demo

REPORTS = Path(__file__).resolve().parent.parent / "reports"


def files(folder: Path) -> dict[str, bytes]:
    """The reports of a demo: its move folders and the files beside them (the record of
    the game), not another demo's folder nor the README."""
    found = {}
    for p in sorted(folder.rglob("*")):
        where = p.relative_to(folder)
        if p.is_file() and p.name != "README.md" and (
                len(where.parts) == 1 or where.parts[0].startswith("move-")):
            found[where.as_posix()] = p.read_bytes()
    return found


@pytest.mark.parametrize("demo, lang, golden", [
    (BASIC, "en", REPORTS), (ADVANCED, "en", REPORTS / "advanced"), (BASIC, "it", REPORTS / "it")],
    ids=["basic", "advanced", "basic-italian"])
def test_demo_reproduces_its_published_reports(tmp_path, demo: Demo, lang: str, golden: Path):
    run_demo(tmp_path / "demo", demo, lang)
    made = files(tmp_path / "demo" / "reports")
    if os.environ.get("PBEM_UPDATE_GOLDEN"):
        for old in golden.glob("move-*"):
            shutil.rmtree(old)
        for name, data in made.items():
            (golden / name).parent.mkdir(parents=True, exist_ok=True)
            (golden / name).write_bytes(data)
    published = files(golden)
    assert sorted(made) == sorted(published)
    for name in made:
        assert made[name] == published[name], f"{name} differs from {golden.name}/{name}"
