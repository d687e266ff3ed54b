"""The officers' reports, the charts and the bulletins written directly in Python: byte
for byte what the shipped templates print, several times faster.

A move of ten thousand officers writes ten thousand text reports, HTML reports and charts,
and Jinja spends most of that time on what every report repeats: looking each value up,
escaping it, joining the pieces. The bulletin, in four formats, tells every officer's turn
line by line through the macros of story.j2: tens of thousands of macro calls a move. The
writers of this package print the same bytes from the same data, each string escaped once a
move (`formats.Escaped`). The templates stay the reference, and the GM's way to change a
report or a bulletin: a game folder that overrides one of them gets it through Jinja, as
before (`Printer.shipped`). What happens on a planet is told by `ground.txt.j2` in both ways,
its commonest lines (the alien ship on the radar, a black hole's damage) written in Python
(`ground`).

Each writer follows one version of its templates: SHIPPED holds their SHA-256. A template
changed without its writer is rendered by Jinja (right, and slower), and
tests/test_direct.py fails until the writer follows it again.
"""

from __future__ import annotations

import functools
import hashlib
from typing import Any, Callable, Mapping

import jinja2

from . import bulletin, chart_svg, ground, own_chart, report_html, report_txt
from ..charts import svg
from ..charts.knowledge import Placements
from ..formats import Escaped
from .words import Said

SHIPPED: dict[str, str] = {  # template: the SHA-256 of the text its writer prints the same as
    "report.txt.j2": "00036f4684506a43dc72bc0d4c553e0e31d7dcadaf11ba166655e41fee15f38c",
    "report.html.j2": "126309fe00cd6a51a29f8bb16ef6b69473d6d310b04eb58721c786cf4ac31150",
    "page.html.j2": "9dc832e1522c010bde87be5c07e5c919ae33ba188bd609015f5f92027fc2752f",
    "chart.svg.j2": "67b9e956a76c434a1ba79b4c40d0a3f3715ca8207023265c7f1000fecc91b954",
    "story.j2": "a7033a3fe8efb8c6bf2940cb946d90cc4130ec9d6dd7f9a4bd91cc5cf8166421",
    "public.html.j2": "0d885acd8cbc1ccb61663f8d011f0b7ca2e5954fcd00e90010eb70af621d7fe3",
    "bulletin.txt.j2": "43fad0196d565bab1092a2906ed974106ea197a46c35328dccaddb763f416c3e",
    "bulletin.md.j2": "73f7be6ff98193f6fe1621b2ca946e1148c3c34b082f7321ad158ee0ce554fff",
    "bulletin.bbcode.j2": "f943ffb93b777222b9ffb100cf04f3ced2f8406aaefbde1d07007836de155fbe",
    "bulletin.html.j2": "8166af10e8074d4de470343da2b15f067ec6d7453a1d239ee0285cf6fb12243f",
    "ground.txt.j2": "ca6bc7410c9486fea28f5275e3958234204fc69720c8d4b113f128a474bf4ad9",
}
TEXT_REPORT = ("report.txt.j2",)
HTML_REPORT = ("report.html.j2", "page.html.j2")
CHART = ("chart.svg.j2",)
GROUND = ("ground.txt.j2",)
TEXT_BULLETINS = {  # a text bulletin's suffix: the templates it is printed from
    suffix: (f"bulletin.{suffix}.j2", "story.j2") for suffix in ("txt", "md", "bbcode")}
HTML_BULLETIN = ("bulletin.html.j2", "page.html.j2", "public.html.j2", "story.j2")


def fingerprint(source: str) -> str:
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


class Printer:
    """The direct writers for one Jinja environment (its loader, its escaper), with what
    they take from it made once: which templates it loads as shipped, the memo of printed
    values, the macro of ground.txt.j2, the HTML page frame, the chart's style sheet."""

    def __init__(self, env: jinja2.Environment, printed: Escaped) -> None:
        self.env = env
        self.printed = printed
        self._shipped: dict[tuple[str, ...], bool] = {}
        self.chart_frames: dict[tuple, chart_svg.Framed] = {}  # chart_svg.framed's
        self.chart_numbers = chart_svg.Numbers()

    def shipped(self, names: tuple[str, ...]) -> bool:
        """Whether the environment loads each of these templates as shipped (no override in
        the game folder, or one with the very same text)."""
        if names not in self._shipped:
            self._shipped[names] = all(
                fingerprint(self.env.loader.get_source(self.env, name)[0]) == SHIPPED[name]
                for name in names)
        return self._shipped[names]

    @functools.cached_property
    def ground_line(self) -> Callable[[str, dict], str]:
        """The macro `line` of ground.txt.j2, its commonest kinds written directly while the
        template is as shipped (`ground.LINES`)."""
        macro = self.env.get_template("ground.txt.j2").module.line
        return ground.line_of(self.printed, macro) if self.shipped(GROUND) else macro

    @functools.cached_property
    def frame(self) -> report_html.Frame:
        return report_html.Frame.of(self.env)

    @functools.cached_property
    def chart_style(self) -> str:
        return chart_svg.style_of(self.env.loader.get_source(self.env, "chart.svg.j2")[0])

    def text_report(self, context: dict[str, Any], **values: Any) -> str:
        return self.text_reports()(context, **values)

    def text_reports(self) -> Callable[..., str]:
        """`text_report` for many officers: what it takes from the environment taken once."""
        printed, ground_line, indent = self.printed, self.ground_line, self.env.filters["indent"]
        report = report_txt.report
        said: Said = {}  # these reports' own

        def text_report(context: dict[str, Any], *, game: str, move: int,
                        order_form: str | tuple[str, ...], deadline: dict[str, Any] | None,
                        rulings: list[dict[str, str]]) -> str:
            return report(context, printed, game=game, move=move, order_form=order_form,
                          deadline=deadline, rulings=rulings, ground_line=ground_line,
                          indent=indent, said=said)

        return text_report

    def html_report(self, context: dict[str, Any], **values: Any) -> str:
        return "".join(self.html_reports()(context, **values))

    def html_reports(self) -> Callable[..., tuple[str, str, str]]:
        """`html_report` for many officers, as `text_reports`: each page in the three texts
        it is joined from (`report_html.report`)."""
        printed, frame, ground_line = self.printed, self.frame, self.ground_line
        report = report_html.report
        said: Said = {}  # these pages' own

        def html_report(context: dict[str, Any], *, game: str, move: int,
                        order_form: str | tuple[str, ...], chart: str | None,
                        deadline: dict[str, Any] | None, rulings: list[dict[str, str]]
                        ) -> tuple[str, str, str]:
            return report(context, printed, frame, game=game, move=move, order_form=order_form,
                          chart=chart, deadline=deadline, rulings=rulings,
                          ground_line=ground_line, said=said)

        return html_report

    def chart(self, layout: dict[str, Any], *, standalone: bool = True) -> str:
        return chart_svg.chart(layout, self.printed, self.chart_style, standalone=standalone)

    def drawing(self, drawing: svg.Drawing, chart_id: str, *, standalone: bool = True) -> str:
        """`chart(svg.layout(drawing, chart_id))`, the same bytes, in one pass."""
        return chart_svg.drawing(drawing, chart_id, self.printed, self.chart_style,
                                 self.chart_frames, self.chart_numbers, standalone=standalone)

    def own_charts(self, placements: Placements, marks: Mapping[str, str], *, game: str,
                   move: int) -> own_chart.OwnCharts:
        """The officers' charts of a move, each `drawing(svg.officer_drawing(...))` printed
        straight from his knowledge."""
        return own_chart.OwnCharts(placements, marks, self.printed, self.chart_style,
                                   self.chart_frames, self.chart_numbers, game=game, move=move)

    def text_bulletin(self, suffix: str, **values: Any) -> str:
        """The bulletin of a text format (`txt`, `md`, `bbcode`: this environment's)."""
        if suffix == "txt":
            wrap = functools.partial(self.env.filters["wordwrap"], self.env)
            return bulletin.text(self.printed, wrap, **values)
        return {"md": bulletin.markdown, "bbcode": bulletin.bbcode}[suffix](self.printed, **values)

    def html_bulletin(self, **values: Any) -> str:
        return bulletin.html(self.printed, self.frame, **values)
