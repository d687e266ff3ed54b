"""Make the docs' pictures: an officer's chart and the HTML bulletin of the demo's last move.

    python docs/screenshots.py

Builds the demo in a temporary folder and photographs its pages in headless Chromium (Debian's
`chromium`, driven by Playwright from the test extra). Writes docs/officer-chart.png and
docs/bulletin.png.
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from pbem.demo import run_demo  # noqa: E402
from pbem.game import chart  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
OFFICER = "Cæcilia Metella"


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        demo = Path(work) / "demo"
        run_demo(demo)
        svg = Path(work) / "officer-chart.svg"
        svg.write_text(chart(demo, OFFICER), encoding="utf-8")
        width, height = (int(n) for n in re.search(r'width="(\d+)" height="(\d+)"', svg.read_text(encoding="utf-8")).groups())
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(Path(work) / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS,
                viewport={"width": width, "height": height})
            page = context.new_page()
            page.goto(svg.as_uri())
            page.screenshot(path=str(ROOT / "docs" / "officer-chart.png"))
            page.set_viewport_size({"width": 1100, "height": 900})
            page.goto((demo / "reports" / "move-06" / "bulletin.html").as_uri())
            page.screenshot(path=str(ROOT / "docs" / "bulletin.png"), full_page=True)
            context.close()
    print("wrote docs/officer-chart.png and docs/bulletin.png")


if __name__ == "__main__":
    main()
