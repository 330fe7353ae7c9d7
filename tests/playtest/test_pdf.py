"""The PDF playtest report's page layout (its contents are tested in test_harness.py)."""

from __future__ import annotations

import dataclasses
import io

from pypdf import PdfReader

from pnp.playtest import LocalExecutor, PlaytestPlan, run_playtest
from pnp.playtest.pdf import render_report
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE
from tests.render.pdfcheck import fragments, outline, reader

#: every heading the report can print (the card charts' titles start with the last)
HEADINGS = (
    "Verdict: FAIL",
    "Win rate per House",
    "Win rate per seat",
    "Win rate per agent",
    "First player",
    "Game length (finished games)",
    "How games ended",
    "Ways to win, per House",
    "Cards in numbers",
    "Crashes and invariant violations",
    "Cards: drawn and played per game",
)


def _page_ends(pdf: bytes) -> list[str]:
    """The last line of text of every page but the last."""
    pages = PdfReader(io.BytesIO(pdf)).pages[:-1]
    return [page.extract_text().strip().splitlines()[-1].strip() for page in pages]


def test_no_page_ends_with_a_heading() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    plan = PlaytestPlan(HAGGLE, games=40, seed=3, players=3, agents=("random",) * 3)
    report = run_playtest(plan, content, executor=LocalExecutor(1))
    # each verdict line pushes everything below it down by a line, so the sweep
    # brings every heading in turn to the foot of a page
    checked = 0
    for lines in range(0, 45, 3):
        reasons = [f"reason {i}: a line of the verdict" for i in range(lines)]
        ends = _page_ends(render_report(dataclasses.replace(report, reasons=reasons)))
        checked += len(ends)
        for end in ends:
            assert not end.startswith(HEADINGS), (lines, end)
    assert checked >= 15  # the report spans pages, so the check is real


def test_every_heading_is_in_the_outline_at_its_place() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    plan = PlaytestPlan(
        HAGGLE, games=20, seed=3, players=3, agents=("random", "random", "heuristic")
    )
    pdf = render_report(run_playtest(plan, content, executor=LocalExecutor(1)))
    entries = outline(pdf)
    titles = [e.title for e in entries]
    assert titles[0].startswith("Playtest report: ") and entries[0].depth == 0
    assert titles[1:] == [
        "Verdict: PASS",
        "Win rate per House",
        "Win rate per seat",
        "Win rate per agent",
        "First player",
        "Game length (finished games)",
        "How games ended",
        "Ways to win, per House",
        "Cards: drawn and played per game",
        "Cards in numbers",
        "Card strength",  # 20 games: no card has the games to be ranked, so no charts
    ]
    depths = {e.title: e.depth for e in entries}
    assert depths["Win rate per House"] == 1 and depths["How games ended"] == 2
    assert reader(pdf).page_mode == "/UseOutlines"
    pages = fragments(pdf)
    for entry in entries:
        below = [f for f in pages[entry.page] if f.y < entry.top]
        first = max(f.y for f in below)
        line = " ".join(f.text for f in below if abs(f.y - first) < 1)
        assert entry.title.startswith(line) and first > entry.top - 30, (entry, line)


def test_game_length_ticks_are_whole_games() -> None:
    from reportlab.graphics.charts.barcharts import VerticalBarChart

    from pnp.playtest.pdf import histogram

    # five games used to get ticks at 0.5, 1.5 …: a count of games is a whole number
    for lengths, ticks in (([3, 3, 4, 5, 7], [0, 1, 2]), ([5] * 1500 + [6] * 20, None)):
        (chart,) = [c for c in histogram(lengths).contents if isinstance(c, VerticalBarChart)]
        chart.valueAxis.configure(chart.data)
        values = chart.valueAxis._tickValues
        assert all(v == int(v) for v in values), values
        assert ticks is None or values == ticks
        assert len(values) <= 7


def test_options_are_written_as_on_the_command_line() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    plan = PlaytestPlan(HAGGLE, games=2, seed=3, players=3, agents=("random",) * 3)
    report = run_playtest(plan, content, executor=LocalExecutor(1))
    shown = dataclasses.replace(report, plan=dataclasses.replace(plan, options={"winter": True}))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(render_report(shown))).pages)
    # the summary and -o say winter=true; the report said winter=True
    assert "winter=true" in text and "winter=True" not in text


def test_each_interval_is_coloured_and_marked_by_its_judgement() -> None:
    from reportlab.graphics.shapes import Line, String

    from pnp.playtest.pdf import BAD, PENDING, UNJUDGED, interval_chart
    from pnp.playtest.stats import Rate

    rows = [("seat 0", Rate(100, 90)), ("seat 1", Rate(100, 50))]  # seat 0 is far off the band

    def drawn(states: list[str] | None) -> tuple[set[str], list[str]]:
        chart = interval_chart(rows, (0.45, 0.55), states=states)
        whiskers = {
            line.strokeColor.hexval()
            for line in chart.contents
            if isinstance(line, Line) and line.strokeWidth == 1.2
        }
        figures = [s.text for s in chart.contents if isinstance(s, String) and "n=" in s.text]
        return whiskers, figures

    black = "0x000000"
    assert drawn(None)[0] == drawn(["outside", "inside"])[0] == {BAD.hexval(), black}
    assert drawn(["not_judged", "undecided"])[0] == {UNJUDGED.hexval(), PENDING.hexval()}
    assert drawn(["outside", "undecided"])[1] == [
        "90.0% [82.6–94.5] n=100 outside",
        "50.0% [40.4–59.6] n=100 undecided",
    ]
    assert drawn(["not_judged", "not_judged"])[1][0] == "90.0% [82.6–94.5] n=100"


def test_card_charts_share_one_axis_and_keep_the_legend_clear_of_it() -> None:
    """Each chunk of 45 cards had its own axis (0-1, then 0-0.7), and the legend sat on
    the axis's labels."""
    from reportlab.graphics.charts.barcharts import HorizontalBarChart
    from reportlab.graphics.shapes import String

    from pnp.playtest.pdf import card_chart

    d = card_chart([("a", 0.2, 0.1), ("b", 0.3, 0.0)], most=0.9)
    chart = next(x for x in d.contents if isinstance(x, HorizontalBarChart))
    assert chart.valueAxis.valueMax == 0.9
    legend = [x for x in d.contents if isinstance(x, String)]
    assert legend and all(s.y + 8 <= chart.y - 10 for s in legend)  # below the tick labels
