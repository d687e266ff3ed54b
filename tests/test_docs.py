"""The README and the pages of docs/: every relative link points at a file of the repository,
and every `#anchor` at a heading of its page, so that moving a section breaks a test and not a
reader's click."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation off, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(h) for h in re.findall(r"^#+ (.+)$", text, re.M)}


def links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return [t for t in LINK.findall(text) if not re.match(r"[a-z]+:", t)]


def test_the_anchor_is_githubs():
    assert anchor("7. Mail: the outbox and `pbem send`") == "7-mail-the-outbox-and-pbem-send"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves(page):
    broken = []
    for target in links(page):
        path, _, fragment = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        if not goal.exists() or ROOT not in (goal, *goal.parents):
            broken.append(target)
        elif fragment and goal.suffix == ".md" and fragment not in anchors(goal):
            broken.append(target)
    assert broken == []


def test_every_page_of_docs_is_in_its_index():
    index = (ROOT / "docs" / "README.md").read_text(encoding="utf-8")
    named = {t.partition("#")[0] for t in LINK.findall(index)}
    pages = {p.name for p in (ROOT / "docs").glob("*.md")} - {"README.md"}
    assert sorted(pages - named) == []
