"""The ``pnp sweep --report`` PDF: one chart per measure across the grid's cells.

After the setup, the verdict and a table of the cells, each measure gets its
chart, one row per cell (reportlab's own graphics, as the playtest report
draws them):

- win rate per House: one small chart per House, a bar and its 95% Wilson
  interval in each cell it played, over that cell's fair band (cells of
  different player counts have different bands), the whisker red when
  outside, amber when undecided, grey when not judged (random seats);
- win rate per seat, likewise, one chart per seat;
- the first player's win rate, over the fair band (shown, never judged);
- the cap rate (games stopped by a cap) against the most the verdict allows;
- game length: the median rounds of finished games, whiskers from the 10th
  to the 90th percentile;
- how games ended: each cell's games split by ending, crashes and
  violations included.

Every heading is an outline entry; the file is written atomically and is
byte-identical for identical results.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Spacer

from pnp import __version__
from pnp.playtest.pdf import (
    BAD,
    BAND,
    BAR,
    PENDING,
    UNJUDGED,
    WIDTH,
    Headings,
    data_table,
    percent_ticks,
    rate_bar,
    report_pdf,
)
from pnp.playtest.plan import option_text
from pnp.playtest.report import PlaytestReport
from pnp.playtest.stats import Rate, spread, wilson
from pnp.playtest.sweep import SweepRun, SweepSetup
from pnp.playtest.sweep_grid import houses_text
from pnp.playtest.sweep_report import agents_text, undecided_text
from pnp.playtest.verdict import (
    FAIL,
    INSIDE,
    NOT_JUDGED,
    OUTSIDE,
    PASS,
    UNDECIDED_ITEM,
    fair_band,
    judge_house,
    judge_seat,
)

#: the row label's room, in points, and the most characters it shows
LABEL_W = 150.0
LABEL_CHARS = 34
#: the figures' room right of a plot
VALUE_W = 120.0
ROW_H = 16.0
#: colours of the endings, in turn (crashes and violations are always red)
ENDING_COLOURS = (
    "#4c78a8",
    "#f58518",
    "#54a24b",
    "#b279a2",
    "#9d755d",
    "#72b7b2",
    "#eeca3b",
    "#bab0ac",
)
#: how a whisker shows its judgement
WHISKERS = {INSIDE: colors.black, OUTSIDE: BAD, UNDECIDED_ITEM: PENDING, NOT_JUDGED: UNJUDGED}


def _label(text: str) -> str:
    return text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"


def row_label(d: Drawing, y: float, text: str) -> None:
    """A cell's name right-aligned left of its row: on one line when it fits, else on two
    smaller lines (a grid of four axes names cells by all four, and two names that differ
    only at their end must not read alike), cut only past that."""
    room = LABEL_W - 6
    if stringWidth(text, "Helvetica", 8) <= room:
        d.add(String(room, y + 4, text, fontSize=8, textAnchor="end"))
        return
    lines = simpleSplit(text, "Helvetica", 7, room)
    if len(lines) > 2:
        rest = " ".join(lines[1:])
        while rest and stringWidth(rest + "…", "Helvetica", 7) > room:
            rest = rest[:-1]
        lines = [lines[0], rest.rstrip() + "…"]
    for i, line in enumerate(lines):
        d.add(String(room, y + 8.5 - 7.5 * i, line, fontSize=7, textAnchor="end"))


@dataclass(frozen=True)
class RateRow:
    """One row of :func:`rate_chart`: a cell's win rate, its fair band and its judgement."""

    label: str
    rate: Rate
    band: tuple[float, float]
    state: str


def rate_scale(rows: Sequence[RateRow]) -> float:
    """The axis end (a tenth) past every row's band and interval: charts of one measure
    share it, so their bars compare at a glance."""
    highest = max(
        [0.1, *(r.band[1] for r in rows), *(wilson(r.rate.wins, r.rate.games)[1] for r in rows)]
    )
    return min(1.0, math.ceil(highest * 10 + 0.5) / 10)


def rate_chart(
    rows: Sequence[RateRow], title: str, scale: float | None = None, width: float = WIDTH
) -> Drawing:
    """Win rates as bars with 95% interval whiskers, each row over its own fair band
    (``scale``: the axis end, default :func:`rate_scale` of ``rows``)."""
    top, bottom = 18.0 if title else 6.0, 22.0
    plot_w = width - LABEL_W - VALUE_W
    height = top + bottom + ROW_H * max(1, len(rows))
    scale = scale if scale is not None else rate_scale(rows)

    def x(value: float) -> float:
        return LABEL_W + plot_w * value / scale

    d = Drawing(width, height)
    plot_top = height - top
    if title:
        d.add(String(0, height - 11, title, fontSize=9, fontName="Helvetica-Bold"))
    percent_ticks(d, x, scale, bottom, plot_top)
    for i, row in enumerate(rows):
        y = plot_top - ROW_H * (i + 1)
        low_band, high_band = row.band
        d.add(
            Rect(
                x(low_band),
                y + 1,
                x(high_band) - x(low_band),
                ROW_H - 2,
                fillColor=BAND,
                strokeColor=None,
            )
        )
        row_label(d, y, row.label)
        whisker = WHISKERS.get(row.state, colors.black)
        word = "" if row.state in (INSIDE, NOT_JUDGED) else f" {row.state}"
        rate_bar(d, x, row.rate, (y, ROW_H, LABEL_W + plot_w + 6), whisker, word, inset=4)
    return d


@dataclass(frozen=True)
class BarRow:
    """One row of :func:`bar_chart`: a value, and optionally a whisker from ``low`` to ``high``."""

    label: str
    value: float
    note: str
    low: float | None = None
    high: float | None = None
    #: drawn red (over a limit)
    alarm: bool = False


def _nice(most: float) -> tuple[float, float]:
    """An axis end at or above ``most`` and its tick step (1, 2 or 5 times a power of ten),
    at most 6 steps."""
    if most <= 0:
        return 1.0, 0.2
    power = 10 ** math.floor(math.log10(most))
    for factor in (0.1, 0.2, 0.5, 1, 2, 5, 10):
        step = factor * power
        if most / step <= 6:
            return step * math.ceil(most / step - 1e-9), step
    return most, most / 5


def bar_chart(
    rows: Sequence[BarRow],
    title: str,
    axis: str,
    *,
    percent: bool = False,
    limit: float | None = None,
    width: float = WIDTH,
) -> Drawing:
    """Horizontal bars, one per row, with optional whiskers and a dashed ``limit`` line."""
    top, bottom = 18.0 if title else 6.0, 32.0
    plot_w = width - LABEL_W - VALUE_W
    height = top + bottom + ROW_H * max(1, len(rows))
    most = max([0.0, limit or 0.0, *(max(r.value, r.high or 0.0) for r in rows)])
    end, step = _nice(most if most > 0 else (0.05 if percent else 1.0))

    def x(value: float) -> float:
        return LABEL_W + plot_w * value / end

    d = Drawing(width, height)
    plot_top = height - top
    if title:
        d.add(String(0, height - 11, title, fontSize=9, fontName="Helvetica-Bold"))
    for tick in range(round(end / step) + 1):
        value = tick * step
        d.add(
            Line(
                x(value), bottom, x(value), plot_top, strokeColor=colors.lightgrey, strokeWidth=0.3
            )
        )
        text = f"{100 * value:g}%" if percent else f"{value:g}"
        d.add(String(x(value), bottom - 11, text, fontSize=7, textAnchor="middle"))
    d.add(String(LABEL_W + plot_w / 2, 2, axis, fontSize=7, textAnchor="middle"))
    if limit is not None:
        d.add(
            Line(
                x(limit),
                bottom,
                x(limit),
                plot_top,
                strokeColor=BAD,
                strokeWidth=0.8,
                strokeDashArray=[3, 2],
            )
        )
    for i, row in enumerate(rows):
        y = plot_top - ROW_H * (i + 1)
        colour = BAD if row.alarm else BAR
        row_label(d, y, row.label)
        d.add(
            Rect(
                LABEL_W,
                y + 4,
                x(row.value) - LABEL_W,
                ROW_H - 8,
                fillColor=colour,
                strokeColor=None,
            )
        )
        if row.low is not None and row.high is not None:
            mid = y + ROW_H / 2
            d.add(Line(x(row.low), mid, x(row.high), mid, strokeColor=colors.black, strokeWidth=1))
            for tip in (row.low, row.high):
                d.add(
                    Line(x(tip), mid - 3, x(tip), mid + 3, strokeColor=colors.black, strokeWidth=1)
                )
        d.add(String(LABEL_W + plot_w + 6, y + 4, row.note, fontSize=7, fillColor=colour))
    return d


def endings_chart(
    rows: Sequence[tuple[str, dict[str, int]]], title: str, width: float = WIDTH
) -> Drawing:
    """Per cell, its games split by ending as one bar of shares, with a legend below."""
    kinds = list(dict.fromkeys(k for _, counts in rows for k in counts))
    palette = {}
    turn = 0
    for kind in kinds:
        if kind.startswith("("):  # crashes and violations
            palette[kind] = BAD
        else:
            palette[kind] = colors.HexColor(ENDING_COLOURS[turn % len(ENDING_COLOURS)])
            turn += 1
    legend_rows = math.ceil(len(kinds) / 3)
    top, bottom = 18.0 if title else 6.0, 26.0 + 12.0 * legend_rows
    plot_w = width - LABEL_W - VALUE_W
    height = top + bottom + ROW_H * max(1, len(rows))

    def x(share: float) -> float:
        return LABEL_W + plot_w * share

    d = Drawing(width, height)
    plot_top = height - top
    if title:
        d.add(String(0, height - 11, title, fontSize=9, fontName="Helvetica-Bold"))
    for tick in range(11):
        d.add(
            Line(
                x(tick / 10),
                bottom,
                x(tick / 10),
                plot_top,
                strokeColor=colors.lightgrey,
                strokeWidth=0.3,
            )
        )
        if tick % 2 == 0:
            d.add(
                String(x(tick / 10), bottom - 11, f"{tick * 10}%", fontSize=7, textAnchor="middle")
            )
    for i, (label, counts) in enumerate(rows):
        y = plot_top - ROW_H * (i + 1)
        total = sum(counts.values())
        row_label(d, y, label)
        start = 0.0
        for kind, n in counts.items():
            share = n / total if total else 0.0
            d.add(
                Rect(
                    x(start),
                    y + 3,
                    x(start + share) - x(start),
                    ROW_H - 6,
                    fillColor=palette[kind],
                    strokeColor=colors.white,
                    strokeWidth=0.3,
                )
            )
            start += share
        top_kind = max(counts, key=lambda k: counts[k]) if counts else None
        note = (
            f"{top_kind} {100 * counts[top_kind] / total:.0f}%"
            if top_kind and total
            else "no games"
        )
        d.add(String(LABEL_W + plot_w + 6, y + 4, _label(note), fontSize=7))
    for j, kind in enumerate(kinds):
        column, line = j % 3, j // 3
        lx = LABEL_W + column * (plot_w + VALUE_W) / 3
        ly = bottom - 26 - 12 * line
        d.add(Rect(lx, ly, 8, 8, fillColor=palette[kind], strokeColor=None))
        d.add(String(lx + 11, ly + 1, kind, fontSize=7))
    return d


def write_sweep_report(run: SweepRun, setup: SweepSetup, path: Path) -> None:
    """Write the PDF report of ``run`` to ``path`` atomically."""
    from pnp.engine.record import write_atomic

    write_atomic(path, render_sweep_report(run, setup))


def _cells(run: SweepRun) -> list[tuple[str, PlaytestReport]]:
    return [(run.grid.label(c), r) for c, r in zip(run.cells, run.reports, strict=True)]


def _house_charts(run: SweepRun) -> list[Drawing]:
    """One :func:`rate_chart` per House, a row per cell it played in."""
    houses = sorted({h for r in run.reports for h in r.stats.houses})
    charts: list[list[RateRow]] = []
    for house in houses:
        rows = [
            RateRow(
                label,
                r.stats.houses[house],
                fair_band(r.stats, r.thresholds),
                judge_house(r.stats, r.thresholds, house).state,
            )
            for label, r in _cells(run)
            if house in r.stats.houses
        ]
        charts.append(rows)
    scale = rate_scale([r for rows in charts for r in rows])
    return [rate_chart(rows, house, scale) for house, rows in zip(houses, charts, strict=True)]


def _seat_charts(run: SweepRun) -> list[Drawing]:
    """One :func:`rate_chart` per seat, a row per cell with that seat."""
    seats = max((len(r.stats.seats) for r in run.reports), default=0)
    charts: list[list[RateRow]] = []
    for seat in range(seats):
        rows = [
            RateRow(
                label,
                r.stats.seats[seat],
                fair_band(r.stats, r.thresholds),
                judge_seat(r.stats, r.thresholds, seat).state,
            )
            for label, r in _cells(run)
            if seat < len(r.stats.seats)
        ]
        charts.append(rows)
    scale = rate_scale([r for rows in charts for r in rows])
    return [rate_chart(rows, f"seat {seat}", scale) for seat, rows in enumerate(charts)]


def _first_player_chart(run: SweepRun) -> Drawing | None:
    rows = [
        RateRow(label, r.stats.first_player, fair_band(r.stats, r.thresholds), NOT_JUDGED)
        for label, r in _cells(run)
        if r.stats.first_player is not None
    ]
    return rate_chart(rows, "") if rows else None


def _cap_chart(run: SweepRun) -> Drawing:
    rows = []
    limit = run.reports[0].thresholds.max_cap_rate if run.reports else None
    for label, r in _cells(run):
        s = r.stats
        rate = s.cap_hits / s.games if s.games else 0.0
        rows.append(
            BarRow(
                label,
                rate,
                f"{100 * rate:.1f}% ({s.cap_hits} of {s.games})",
                alarm=limit is not None and rate > limit,
            )
        )
    allowed = f"; dashed: the most allowed, {100 * limit:.1f}%" if limit is not None else ""
    return bar_chart(rows, "", f"games stopped by a cap{allowed}", percent=True, limit=limit)


def _length_chart(run: SweepRun) -> Drawing:
    rows = []
    for label, r in _cells(run):
        figures = spread(r.stats.rounds)
        if not r.stats.rounds:
            rows.append(BarRow(label, 0.0, "no finished game"))
            continue
        rows.append(
            BarRow(
                label,
                figures["median"],
                f"median {figures['median']:g} (p10 {figures['p10']:g}, p90 {figures['p90']:g})",
                figures["p10"],
                figures["p90"],
            )
        )
    return bar_chart(rows, "", "rounds of finished games; whiskers: 10th–90th percentile")


def _endings_chart(run: SweepRun) -> Drawing:
    rows = []
    for label, r in _cells(run):
        counts = dict(r.stats.endings)
        if r.stats.crashes:
            counts["(crashed)"] = len(r.stats.crashes)
        if r.stats.violations:
            counts["(broke an invariant)"] = len(r.stats.violations)
        rows.append((label, counts))
    return endings_chart(rows, "")


def render_sweep_report(run: SweepRun, setup: SweepSetup) -> bytes:
    """The PDF bytes of ``run``."""
    styles = getSampleStyleSheet()
    body, small = styles["BodyText"], styles["BodyText"].clone("small", fontSize=8, leading=10)
    h2 = styles["Heading2"].clone("h2", keepWithNext=1)
    h3 = styles["Heading3"].clone("h3", keepWithNext=1)
    heading = Headings()
    grid, limits = run.grid, setup.limits
    story: list[Flowable] = [heading(f"Sweep report: {setup.ruleset.title}", styles["Title"], 0)]
    options = "; ".join(
        ", ".join(option_text(k, v) for v in values) for k, values in grid.options.items()
    )
    houses = (
        "all pairs"
        if grid.all_pairs
        else "; ".join(houses_text(p) for p in grid.pairings)
        if grid.pairings is not None
        else "drawn per game"
    )
    setup_rows = [
        ["ruleset", setup.ruleset.name, "cells", str(len(run.cells))],
        ["games per cell", str(setup.games), "seed", str(setup.seed)],
        [
            "players",
            ", ".join(map(str, grid.players)),
            "agents",
            agents_text(run, setup),
        ],
        ["options", options or "none", "houses", houses],
        [
            "caps",
            f"{limits.max_rounds} rounds, {limits.max_steps} decisions",
            "invariants",
            "on" if limits.invariants else "off",
        ],
        ["pnp", __version__, "", ""],
    ]
    story.append(data_table([[escape(str(c)) for c in row] for row in setup_rows], small))
    for cell, why in grid.skipped:
        line = f"{grid.label(cell)}: skipped, the rules forbid it: {why}."
        story.append(Paragraph(escape(line), small))
    story.append(Spacer(1, 4 * mm))
    status = run.status.upper()
    colour = {PASS: "#2e7d32", FAIL: "#c0392b"}.get(run.status, "#b9770e")
    story.append(
        heading(
            f"Verdict: {status}", h2, 1, f'<font color="{colour}"><b>Verdict: {status}</b></font>'
        )
    )
    counts = {r.status for r in run.reports}
    summary = ", ".join(
        f"{sum(1 for r in run.reports if r.status == s)} {s}"
        for s in (PASS, FAIL, "inconclusive")
        if s in counts
    )
    story.append(
        Paragraph(
            escape(
                f"Cells: {summary}. Each cell is the playtest of its setup with the same seed "
                "(pnp playtest --games N --seed S and the cell's options); the sweep fails "
                "when any cell fails, and is inconclusive when none fails but some is."
            ),
            small,
        )
    )
    table = [["cell", "verdict", "crashes", "violations", "cap hits", "median rounds", "why"]]
    for label, r in _cells(run):
        s = r.stats
        why = r.reasons[0] if r.reasons else ""
        if not why and r.undecided:
            why = f"undecided: {undecided_text(r)}"
        table.append(
            [
                escape(label),
                r.status,
                str(len(s.crashes)),
                str(len(s.violations)),
                str(s.cap_hits),
                f"{spread(s.rounds)['median']:g}",
                escape(why[:300]),
            ]
        )
    story.append(
        data_table(
            table,
            small,
            header=True,
            widths=[38 * mm, 20 * mm, 15 * mm, 17 * mm, 14 * mm, 18 * mm, 58 * mm],
        )
    )

    sections: list[tuple[str, str, list[Drawing]]] = [
        (
            "Win rate per House",
            "Each House's win rate in every cell it played, with its 95% Wilson interval over "
            "that cell's fair band (shaded); red: outside, amber: undecided, grey: not judged.",
            _house_charts(run),
        ),
        (
            "Win rate per seat",
            "Each seat's win rate per cell, as for the Houses.",
            _seat_charts(run),
        ),
    ]
    first = _first_player_chart(run)
    if first is not None:
        sections.append(
            (
                "First player",
                "The first player's win rate per cell, over the fair band (shown, not judged).",
                [first],
            )
        )
    sections += [
        (
            "Cap rate",
            "Games stopped by the round or decision cap; red: more than allowed.",
            [_cap_chart(run)],
        ),
        ("Game length", "Rounds of the finished games per cell.", [_length_chart(run)]),
        (
            "How games ended",
            "Each cell's games by ending; crashes and violations in red.",
            [_endings_chart(run)],
        ),
    ]
    for title, note, charts in sections:
        if not charts:
            continue
        # the heading, its note and the first chart go on one page
        story += [CondPageBreak(charts[0].height + 70), heading(title, h2, 1)]
        story += [Paragraph(escape(note), small), charts[0], Spacer(1, 2 * mm)]
        for chart in charts[1:]:
            story += [CondPageBreak(chart.height + 6), chart, Spacer(1, 2 * mm)]

    failing = [(label, r) for label, r in _cells(run) if r.reasons]
    if failing:
        story += [CondPageBreak(30 * mm), heading("Why cells failed", h2, 1)]
        for label, r in failing:
            story.append(heading(label, h3, 2))
            for reason in r.reasons:
                story.append(Paragraph("• " + escape(reason), body))
    return report_pdf(story, f"pnp sweep report: {setup.ruleset.name}")
