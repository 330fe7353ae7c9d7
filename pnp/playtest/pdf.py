"""The ``--report`` PDF: the verdict, tables and charts drawn with reportlab's graphics.

Charts: win rates per House, seat and agent as bars with their 95% Wilson
intervals over the fair band, each House's and seat's marked with its
judgement (outside in red, undecided in amber; those the verdict leaves out
in grey, with a line saying why); a
histogram of game lengths; per card, how often it was drawn and played
per game; and the ten strongest and ten weakest cards by improvement when
drawn (:mod:`pnp.playtest.strength`) as bars from zero with their 95%
intervals, an interval clear of zero coloured and starred; and the kit check
(:mod:`pnp.playtest.kit`): shortfalls, the tightest components and the slack. Every heading is
an entry of the PDF's outline (the bookmarks panel), so a long card list is
easy to get about. The file is written atomically and is byte-identical for
identical results (reportlab's invariant mode).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from pnp import __version__
from pnp.playtest.kit import SLACK_SPARE, KitRow
from pnp.playtest.plan import option_text
from pnp.playtest.report import PlaytestReport, short_rule, way_text
from pnp.playtest.stats import Histogram, Rate, wilson
from pnp.playtest.strength import STRENGTH_GAMES, CardStrength, strongest, weakest
from pnp.playtest.verdict import (
    CARDS,
    FAIL,
    HOUSES,
    INSIDE,
    NOT_JUDGED,
    OUTSIDE,
    PASS,
    SEATS,
    fair_band,
    judge_house,
    judge_seat,
    not_judged,
    seat_label,
    undecided_lines,
    unjudged_note,
)
from pnp.render.bookmarks import Bookmark, NavigableTemplate, place

WIDTH = A4[0] - 30 * mm
BAR = colors.HexColor("#4c78a8")
DRAWN = colors.HexColor("#b7cde3")
BAND = colors.HexColor("#dff0d8")
BAD = colors.HexColor("#c0392b")
#: an interval the verdict does not judge (random seats)
UNJUDGED = colors.HexColor("#8a8a8a")
#: an interval too wide to judge yet
PENDING = colors.HexColor("#b9770e")
GOOD = colors.HexColor("#2e7d32")
#: cards per chart, so a long card list spreads over several pages
CARDS_PER_CHART = 45


def percent_ticks(
    d: Drawing, x: Callable[[float], float], scale_max: float, bottom: float, top: float
) -> None:
    """Grid lines and labels at every tenth of a 0–``scale_max`` percentage axis."""
    for tick in range(round(scale_max * 10) + 1):
        value = tick / 10
        d.add(Line(x(value), bottom, x(value), top, strokeColor=colors.lightgrey, strokeWidth=0.3))
        d.add(String(x(value), bottom - 11, f"{tick * 10}%", fontSize=7, textAnchor="middle"))


def rate_bar(
    d: Drawing,
    x: Callable[[float], float],
    rate: Rate,
    at: tuple[float, float, float],
    whisker: colors.Color,
    word: str,
    inset: float,
) -> None:
    """One win rate: a bar from the axis, its 95% interval as a whisker, the figures
    after the plot. ``at`` is (the row's bottom, its height, where the figures start);
    the bar leaves ``inset`` above and below."""
    y, row_h, text_x = at
    share = rate.wins / rate.games if rate.games else 0.0
    low, high = wilson(rate.wins, rate.games)
    d.add(
        Rect(x(0), y + inset, x(share) - x(0), row_h - 2 * inset, fillColor=BAR, strokeColor=None)
    )
    mid = y + row_h / 2
    d.add(Line(x(low), mid, x(high), mid, strokeColor=whisker, strokeWidth=1.2))
    for end in (low, high):
        d.add(Line(x(end), mid - 4, x(end), mid + 4, strokeColor=whisker, strokeWidth=1.2))
    text = f"{100 * share:.1f}% [{100 * low:.1f}–{100 * high:.1f}] n={rate.games}{word}"
    d.add(String(text_x, y + 4, text, fontSize=7, fillColor=whisker))


def interval_chart(
    rows: Sequence[tuple[str, Rate]],
    band: tuple[float, float],
    width: float = WIDTH,
    states: Sequence[str] | None = None,
) -> Drawing:
    """Horizontal bars of win rates with 95% interval whiskers over the shaded fair band.

    ``states`` gives each row's judgement (:data:`~pnp.playtest.verdict.INSIDE` …),
    written after its figures: an outside row is red, an undecided one amber, one
    the verdict leaves out grey. Without ``states`` an interval off the band is red.
    """
    label_w, value_w, row_h, top, bottom = 120.0, 110.0, 16.0, 8.0, 22.0
    plot_w = width - label_w - value_w
    height = top + bottom + row_h * len(rows)
    highest = max([band[1], *(wilson(r.wins, r.games)[1] for _, r in rows)])
    scale_max = min(1.0, math.ceil(highest * 10 + 0.5) / 10)

    def x(value: float) -> float:
        return label_w + plot_w * value / scale_max

    d = Drawing(width, height)
    plot_top = height - top
    d.add(
        Rect(
            x(band[0]),
            bottom,
            x(band[1]) - x(band[0]),
            plot_top - bottom,
            fillColor=BAND,
            strokeColor=None,
        )
    )
    percent_ticks(d, x, scale_max, bottom, plot_top)
    for i, (name, rate) in enumerate(rows):
        y = plot_top - row_h * (i + 1)
        low, high = wilson(rate.wins, rate.games)
        if states is None:
            state = OUTSIDE if high < band[0] or low > band[1] else INSIDE
            word = ""
        else:
            state = states[i]
            word = "" if state == NOT_JUDGED else f" {state}"
        d.add(String(label_w - 6, y + 4, name[:24], fontSize=8, textAnchor="end"))
        whisker = {INSIDE: colors.black, OUTSIDE: BAD, NOT_JUDGED: UNJUDGED}.get(state, PENDING)
        rate_bar(d, x, rate, (y, row_h, label_w + plot_w + 6), whisker, word, inset=3)
    return d


@dataclass(frozen=True)
class ChangeRow:
    """One row of :func:`change_chart`: a signed change (a fraction) and its 95% interval."""

    label: str
    change: float
    low: float
    high: float
    #: what is written right of the plot (default: the change and interval in points)
    note: str = ""


def change_chart(
    rows: Sequence[ChangeRow], width: float = WIDTH, axis: str = "change, percentage points"
) -> Drawing:
    """Horizontal bars of changes (in percentage points) from a zero line, with 95%
    interval whiskers: an interval clear of zero is green above it, red below it."""
    label_w, value_w, row_h, top, bottom = 130.0, 130.0, 16.0, 8.0, 32.0
    plot_w = width - label_w - value_w
    height = top + bottom + row_h * max(1, len(rows))
    reach = max([0.01, *(max(abs(r.low), abs(r.high), abs(r.change)) for r in rows)])
    step = _points_step(reach)
    limit = step * math.ceil(reach / step)

    def x(value: float) -> float:
        return label_w + plot_w * (value + limit) / (2 * limit)

    d = Drawing(width, height)
    plot_top = height - top
    ticks = round(limit / step)
    for tick in range(-ticks, ticks + 1):
        value = tick * step
        grey = colors.black if tick == 0 else colors.lightgrey
        d.add(Line(x(value), bottom, x(value), plot_top, strokeColor=grey, strokeWidth=0.3))
        text = f"{100 * value:+g}" if tick else "0"
        d.add(String(x(value), bottom - 11, text, fontSize=7, textAnchor="middle"))
    d.add(String(x(0), 2, axis, fontSize=7, textAnchor="middle"))
    for i, row in enumerate(rows):
        y = plot_top - row_h * (i + 1)
        d.add(String(label_w - 6, y + 4, row.label[:28], fontSize=8, textAnchor="end"))
        left, right = sorted((x(0), x(row.change)))
        d.add(Rect(left, y + 3, right - left, row_h - 6, fillColor=DRAWN, strokeColor=None))
        whisker = GOOD if row.low > 0 else BAD if row.high < 0 else colors.black
        mid = y + row_h / 2
        d.add(Line(x(row.low), mid, x(row.high), mid, strokeColor=whisker, strokeWidth=1.2))
        for end in (row.low, row.high):
            d.add(Line(x(end), mid - 4, x(end), mid + 4, strokeColor=whisker, strokeWidth=1.2))
        text = row.note or (
            f"{100 * row.change:+.1f} [{100 * row.low:+.1f}, {100 * row.high:+.1f}]"
        )
        d.add(String(label_w + plot_w + 6, y + 4, text, fontSize=7, fillColor=whisker))
    return d


def _points_step(reach: float) -> float:
    """A tick step (as a fraction: 1, 2, 5, 10 … points) giving at most 5 ticks up to ``reach``."""
    step = 0.01
    while reach / step > 5:
        step = step * 5 / 2 if f"{100 * step:g}".startswith("2") else step * 2
    return step


def histogram(values: Iterable[int], width: float = WIDTH, height: float = 150.0) -> Drawing:
    """Counts of games per length (rounds, a :class:`Histogram` or the lengths), binned
    to at most 40 bars."""
    d = Drawing(width, height)
    lengths = values if isinstance(values, Histogram) else Histogram.of(values)
    if not lengths:
        d.add(String(10, height / 2, "no finished games", fontSize=9))
        return d
    low, high = lengths[0], lengths[-1]
    step = max(1, math.ceil((high - low + 1) / 40))
    bins = list(range(low, high + 1, step))
    counts = [0] * len(bins)
    for v, n in lengths.counts.items():
        counts[(v - low) // step] += n
    chart = VerticalBarChart()
    chart.x, chart.y = 40, 30
    chart.width, chart.height = width - 60, height - 45
    chart.data = [counts]
    chart.categoryAxis.categoryNames = [
        str(b) if step == 1 else f"{b}–{b + step - 1}" for b in bins
    ]
    chart.categoryAxis.labels.fontSize = 6 if len(bins) > 20 else 7
    chart.categoryAxis.labels.angle = 90 if step > 1 else 0
    chart.categoryAxis.labels.boxAnchor = "e" if step > 1 else "n"
    chart.valueAxis.valueMin = 0
    # counts of games: whole-number ticks (left alone, a few games get 0.5, 1.5 …)
    chart.valueAxis.valueStep = _count_step(max(counts))
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = BAR
    chart.bars.strokeColor = None
    d.add(chart)
    d.add(String(width / 2, 2, "rounds", fontSize=8, textAnchor="middle"))
    return d


def _count_step(most: int) -> int:
    """A whole tick step (1, 2, 5, 10, 20, 50 …) giving at most 6 steps up to ``most``."""
    step = 1
    while most / step > 6:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


def card_chart(
    rows: Sequence[tuple[str, float, float]], width: float = WIDTH, most: float | None = None
) -> Drawing:
    """Per card: drawn and played per game (a card never played is labelled in red);
    ``most``: the axis end, shared by the charts of one report so their bars compare."""
    row_h = 12.0
    height = row_h * len(rows) + 47
    chart = HorizontalBarChart()
    # the legend sits below the axis labels, clear of them
    chart.x, chart.y = 130, 32
    chart.width, chart.height = width - 150, row_h * len(rows)
    # the chart lists categories bottom-up; reverse so the first card is on top
    ordered = list(reversed(rows))
    chart.data = [[r[1] for r in ordered], [r[2] for r in ordered]]
    chart.categoryAxis.categoryNames = [r[0][:28] for r in ordered]
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.labels.boxAnchor = "e"
    chart.valueAxis.valueMin = 0
    if most is not None and most > 0:
        chart.valueAxis.valueMax = most
    chart.valueAxis.labels.fontSize = 7
    chart.bars[0].fillColor = DRAWN
    chart.bars[1].fillColor = BAR
    chart.bars.strokeColor = None
    chart.groupSpacing = 2
    for i, row in enumerate(ordered):
        if row[2] == 0:
            chart.categoryAxis.labels[i].fillColor = BAD
    d = Drawing(width, height)
    d.add(chart)
    d.add(Rect(130, 6, 8, 8, fillColor=DRAWN, strokeColor=None))
    d.add(String(142, 7, "drawn per game", fontSize=7))
    d.add(Rect(220, 6, 8, 8, fillColor=BAR, strokeColor=None))
    d.add(String(232, 7, "played per game (red name: never played)", fontSize=7))
    return d


class Heading(Paragraph):
    """A heading paragraph that is an entry of the PDF's outline too."""

    def __init__(self, text: str, style: ParagraphStyle, bookmark: Bookmark) -> None:
        super().__init__(text, style)
        self.bookmark = bookmark

    def draw(self) -> None:
        place(self.canv, self.bookmark, self.height)
        super().draw()


class Headings:
    """Makes the report's headings, each with its own bookmark."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, title: str, style: ParagraphStyle, depth: int, markup: str = "") -> Heading:
        """A heading showing ``markup`` (default: ``title`` escaped), listed as ``title``."""
        self.count += 1
        bookmark = Bookmark(f"section-{self.count}", title, depth)
        return Heading(markup or escape(title), style, bookmark)


def write_report(report: PlaytestReport, path: Path) -> None:
    """Write the PDF report of ``report`` to ``path`` atomically."""
    from pnp.engine.record import write_atomic

    write_atomic(path, render_report(report))


def render_report(report: PlaytestReport) -> bytes:
    """The PDF bytes of ``report``."""
    styles = getSampleStyleSheet()
    body, small = styles["BodyText"], styles["BodyText"].clone("small", fontSize=8, leading=10)
    # a heading never ends a page: it moves over with what it heads
    h2 = styles["Heading2"].clone("h2", keepWithNext=1)
    h3 = styles["Heading3"].clone("h3", keepWithNext=1)
    s, plan = report.stats, report.plan
    band = fair_band(s, report.thresholds)
    heading = Headings()
    story: list = [heading(f"Playtest report: {plan.ruleset.title}", styles["Title"], 0)]
    agents = ", ".join(plan.agents)
    houses = ", ".join(h or "random" for h in plan.houses) if plan.houses else "drawn per game"
    options = ", ".join(option_text(k, v) for k, v in plan.options.items()) or "none"
    setup = [
        ["ruleset", plan.ruleset.name, "games", report.games_text()],
        ["content", report.content_text(), "", ""],
        ["players", str(plan.players), "seed", str(plan.seed)],
        ["agents", agents, "houses", houses],
        [
            "options",
            options,
            "caps",
            f"{plan.limits.max_rounds} rounds, {plan.limits.max_steps} decisions",
        ],
        ["invariants", "on" if plan.limits.invariants else "off", "pnp", __version__],
    ]
    story.append(data_table([[escape(str(c)) for c in row] for row in setup], small))
    story.append(Spacer(1, 4 * mm))
    verdict = report.status.upper()
    colour = {PASS: "#2e7d32", FAIL: "#c0392b"}.get(report.status, "#b9770e")
    story.append(
        heading(
            f"Verdict: {verdict}", h2, 1, f'<font color="{colour}"><b>Verdict: {verdict}</b></font>'
        )
    )
    for reason in report.reasons:
        story.append(Paragraph("• " + escape(reason), body))
    for line in undecided_lines(report.undecided):
        story.append(Paragraph("? " + escape(line), body))
    left_out = not_judged(s, report.thresholds)
    unjudged_play = unjudged_note(s, report.thresholds)
    if unjudged_play:  # as the terminal says it above its verdict
        story.append(Paragraph(escape(unjudged_play), body))
    else:
        story.append(Paragraph(escape(f"Rule: {short_rule(report.thresholds)}."), small))
    counts = (
        f"crashes {len(s.crashes)}, invariant violations {len(s.violations)}, "
        f"cap hits {s.cap_hits}; fair band {100 * band[0]:.1f}–{100 * band[1]:.1f}% "
        f"(equal-seat rate {100 * s.fair_rate:.1f}% ± {100 * report.thresholds.fair_margin:.1f})"
    )
    story.append(Paragraph(escape(counts), body))

    # title, rows, each row's judgement (None: not judged), what the verdict left out
    sections: list[tuple[str, list[tuple[str, Rate]], list[str] | None, str | None]] = [
        (
            "Win rate per House",
            list(s.houses.items()),
            [judge_house(s, report.thresholds, h).state for h in s.houses],
            left_out.get(HOUSES),
        ),
        (
            "Win rate per seat",
            [(seat_label(s, i), r) for i, r in enumerate(s.seats)],
            [judge_seat(s, report.thresholds, i).state for i in range(len(s.seats))],
            left_out.get(SEATS),
        ),
    ]
    if len(s.agents) > 1:
        sections.append(("Win rate per agent", list(s.agents.items()), None, None))
    if s.first_player:
        sections.append(("First player", [("first player", s.first_player)], None, None))
    for title, rows, states, why in sections:
        if rows:
            story += [CondPageBreak(60 * mm), heading(title, h2, 1)]
            story.append(interval_chart(rows, band, states=states or [NOT_JUDGED] * len(rows)))
            if why:
                story.append(Paragraph(escape(f"Not judged: {why}."), small))

    story += [CondPageBreak(70 * mm), heading("Game length (finished games)", h2, 1)]
    story.append(histogram(s.rounds))
    ended = dict(s.endings)
    if s.crashes:
        ended["(crashed)"] = len(s.crashes)
    if s.violations:
        ended["(broke an invariant)"] = len(s.violations)
    endings = [["ending", "games", "share"]] + [
        [escape(k), str(v), f"{100 * v / s.games:.1f}%"] for k, v in ended.items()
    ]
    story += [heading("How games ended", h3, 2), data_table(endings, small, header=True)]
    if s.paths:
        story += [
            CondPageBreak(40 * mm),
            heading("Ways to win, per House", h3, 2),
            data_table(_path_rows(s.paths), small, header=True, widths=PATH_COLUMNS),
        ]

    if s.cards:
        games = max(1, s.games)
        per_game = [(card, c.drawn / games, c.played / games) for card, c in s.cards.items()]
        # one axis for every chunk: a bar on one page compares with a bar on the next
        most = max((max(d, p) for _, d, p in per_game), default=0.0)
        for start in range(0, len(per_game), CARDS_PER_CHART):
            chunk = per_game[start : start + CARDS_PER_CHART]
            title = "Cards: drawn and played per game"
            if len(per_game) > CARDS_PER_CHART:
                title += f" ({start + 1}–{start + len(chunk)} of {len(per_game)})"
            story += [CondPageBreak(12 * len(chunk) + 60), heading(title, h2, 1)]
            if start == 0 and s.never_played and CARDS in left_out:
                # red names are no failure here: say why, as the terminal does
                story.append(Paragraph(escape(f"Not judged: {left_out[CARDS]}."), small))
            if start == 0 and report.cards_left_out:
                text = (
                    f"Left out: {len(report.cards_left_out)} cards that no seat's House deals "
                    f"({', '.join(report.cards_left_out[:6])}"
                    f"{' …' if len(report.cards_left_out) > 6 else ''})."
                )
                story.append(Paragraph(escape(text), small))
            pending = [j for j in report.undecided if j.what == "card"]
            if start == 0 and pending:  # red names that are no failure yet
                (line,) = undecided_lines(pending)
                story.append(Paragraph(escape(f"Undecided: {line}."), small))
            story.append(card_chart(chunk, most=most))
        table = [["card", "drawn", "played", "seat-games played", "won when played"]]
        for card, c in s.cards.items():
            won = f"{100 * c.winner_played / c.played_games:.1f}%" if c.played_games else "–"
            table.append([escape(card), str(c.drawn), str(c.played), str(c.played_games), won])
        story += [
            heading("Cards in numbers", h3, 2),
            data_table(table, small, header=True),
        ]
        story += _strength_story(report, heading, h2, h3, small)

    story += _kit_story(report, heading, h2, h3, body, small)

    failures = [
        [
            str(g.index),
            str(g.seed),
            escape(g.failure or "; ".join(g.violations)),
            escape(g.record or ""),
        ]
        for g in [*s.crashes, *s.violations][:40]
    ]
    if failures:
        story += [heading("Crashes and invariant violations", h2, 1)]
        header = ["game", "seed", "what", "record"]
        story.append(data_table([header, *failures], small, header=True))

    return report_pdf(story, f"pnp playtest report: {plan.ruleset.name}")


def report_pdf(story: list[Flowable], title: str) -> bytes:
    """An A4 report of ``story`` with bookmarks, byte-identical for the same story
    (``invariant``: no creation date or random document id)."""
    out = io.BytesIO()
    doc = NavigableTemplate(
        out,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title=title,
        author="pnp",
        creator=f"pnp {__version__}",
        producer="pnp",
        invariant=1,
    )
    doc.build_story(story)
    return out.getvalue()


#: the rows of the kit tables: the tightest components and the slack listed
KIT_LISTED = 20
#: component, name, printed, need, then two more columns
KIT_COLUMNS = [40 * mm, 42 * mm, 14 * mm, 14 * mm, 18 * mm, 52 * mm]


def _kit_story(
    report: PlaytestReport,
    heading: Headings,
    h2: ParagraphStyle,
    h3: ParagraphStyle,
    body: ParagraphStyle,
    small: ParagraphStyle,
) -> list[Flowable]:
    """The kit check: shortfalls, the tightest components and the slack, as tables."""
    kit = report.kit
    if kit is None:
        return []
    story: list[Flowable] = [CondPageBreak(60 * mm), heading("The printed kit", h2, 1)]
    story.append(
        Paragraph(
            escape(
                f"The most of each printed card and token one game had in use at once, over "
                f"{kit.games} games, against the copies the kit prints ({len(kit.rows)} cards "
                f"and tokens). A shortfall fails the verdict; slack (at least {SLACK_SPARE} "
                "copies spare, and half the need again) is for information: a run of one "
                "player count or variant leaves unused what others need."
                + (f" The run is {kit.kits.why()}." if kit.kits.count > 1 else "")
            ),
            small,
        )
    )
    short = kit.shortfalls
    if short:
        rows = [["component", "name", "printed", "need", "games short", "worst game (seed)"]]
        for r in short:
            record = kit.record_of(r)
            worst = f"{r.game} ({r.seed})" + (f": {record}" if record else "")
            rows.append(_kit_cells(r, str(r.games_over), escape(worst)))
        story += [
            heading(f"Shortfalls ({len(short)})", h3, 2),
            data_table(rows, small, header=True, widths=KIT_COLUMNS),
            *_kit_notes(short, small),
        ]
    else:
        text = f"No shortfall: every game could be played with {_kits_text(kit.kits.count)}."
        story.append(Paragraph(escape(text), body))
    tight = kit.tightest(KIT_LISTED)
    if tight:
        rows = [["component", "name", "printed", "need", "spare", "games at the need"]]
        rows += [_kit_cells(r, str(r.spare), str(r.games_at_need)) for r in tight]
        story += [
            CondPageBreak(40 * mm),
            heading("The tightest", h3, 2),
            data_table(rows, small, header=True, widths=KIT_COLUMNS),
            *_kit_notes(tight, small),
        ]
    slack = kit.slack
    if slack:
        rows = [["component", "name", "printed", "need", "spare"]]
        rows += [_kit_cells(r, str(r.spare)) for r in slack[:KIT_LISTED]]
        more = f", {KIT_LISTED} listed" if len(slack) > KIT_LISTED else ""
        story += [
            CondPageBreak(40 * mm),
            heading(f"Slack ({len(slack)}{more})", h3, 2),
            Paragraph(
                escape(
                    "The components some game used come first, the most spare first; then "
                    "those no game used (another player count or variant may need them)."
                ),
                small,
            ),
            data_table(rows, small, header=True, widths=KIT_COLUMNS[:5]),
        ]
    return story


def _kits_text(count: int) -> str:
    """``one printed kit``, ``2 printed kits``."""
    return "one printed kit" if count == 1 else f"{count} printed kits"


def _kit_notes(rows: list[KitRow], small: ParagraphStyle) -> list[Flowable]:
    """A line under a kit table for each of its rows whose need is worked out (a coin)."""
    return [Paragraph(escape(f"{r.component}: {r.note}."), small) for r in rows if r.note]


def _kit_cells(row: KitRow, *more: str) -> list[str]:
    """A kit table's row: component, name, printed, need, then ``more`` (escaped)."""
    return [escape(row.component), escape(row.name), str(row.printed), str(row.need), *more]


def strength_row(figure: CardStrength) -> ChangeRow:
    """A card's improvement when drawn as a :class:`ChangeRow` (``*``: clear of zero)."""
    assert figure.improvement is not None
    change, low, high = figure.improvement
    note = f"{100 * change:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}] n={figure.drawn.games}"
    return ChangeRow(figure.card + ("*" if figure.clear else ""), change, low, high, note)


def _strength_story(
    report: PlaytestReport,
    heading: Headings,
    h2: ParagraphStyle,
    h3: ParagraphStyle,
    small: ParagraphStyle,
) -> list[Flowable]:
    """The strongest and weakest cards by improvement when drawn: charts and a table."""
    best, worst = strongest(report.strength), weakest(report.strength)
    story: list[Flowable] = [CondPageBreak(90 * mm), heading("Card strength", h2, 1)]
    story.append(
        Paragraph(
            escape(
                "Improvement when drawn: the win rate of a seat that drew the card minus that "
                "of the seats of the same Houses that never saw it, in percentage points, with "
                f"its 95% interval; cards drawn and not seen in {STRENGTH_GAMES} or more "
                "seat-games each are ranked. * and a coloured whisker: the interval is clear "
                "of zero. n: seat-games in which the card was drawn."
            ),
            small,
        )
    )
    if not best:
        story.append(Paragraph(escape("No card has the games to be ranked yet."), small))
        return story
    ranked = ((f"The {len(best)} strongest", best), (f"The {len(worst)} weakest", worst))
    for title, figures in ranked:
        if not figures:  # one card ranked: it is the strongest, none the weakest
            continue
        story += [CondPageBreak(16 * len(figures) + 60), heading(title, h3, 2)]
        rows = [strength_row(f) for f in figures]
        story.append(change_chart(rows, axis="improvement when drawn, percentage points"))
    table = [["card", "drawn", "win when drawn", "when played", "when not seen", "improvement"]]
    for figure in [*best, *(f for f in worst if f not in best)]:
        change, low, high = figure.improvement or (0.0, 0.0, 0.0)
        table.append(
            [
                escape(figure.card + ("*" if figure.clear else "")),
                str(figure.drawn.games),
                _rate_text(figure.drawn),
                _rate_text(figure.played),
                _rate_text(figure.not_seen),
                f"{100 * change:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]",
            ]
        )
    story += [
        heading("Strongest and weakest in numbers", h3, 2),
        data_table(table, small, header=True, widths=STRENGTH_COLUMNS),
    ]
    return story


#: card, drawn, the three win rates, the improvement
STRENGTH_COLUMNS = [42 * mm, 12 * mm, 30 * mm, 30 * mm, 30 * mm, 36 * mm]


def _rate_text(rate: Rate) -> str:
    if not rate.games:
        return "–"
    low, high = wilson(rate.wins, rate.games)
    return f"{100 * rate.wins / rate.games:.1f}% [{100 * low:.1f}–{100 * high:.1f}]"


#: ways to win listed per House in the PDF; the rest are summed on one line
PATHS_LISTED = 5
#: House, way to win (the wide one: several Title ids), wins, share
PATH_COLUMNS = [28 * mm, 112 * mm, 14 * mm, 26 * mm]


def _path_rows(paths: dict[str, list[tuple[str, int]]]) -> list[list[str]]:
    """Table rows: House, way, wins, share of that House's wins (escaped)."""
    rows = [["House", "way to win", "wins", "share of its wins"]]
    for house, ways in paths.items():
        total = sum(n for _, n in ways)
        listed = ways[:PATHS_LISTED]
        rest = ways[PATHS_LISTED:]
        if rest:
            other = f"{len(rest)} other way" + ("s" if len(rest) > 1 else "")
            listed = [*listed, (other, sum(n for _, n in rest))]
        for i, (way, n) in enumerate(listed):
            rows.append(
                [
                    escape(house) if i == 0 else "",
                    escape(way_text(way)),
                    str(n),
                    f"{100 * n / total:.1f}%",
                ]
            )
    return rows


def data_table(
    rows: list[list[str]],
    style: ParagraphStyle,
    *,
    header: bool = False,
    widths: list[float] | None = None,
) -> Table:
    """A table of paragraphs in ``style`` (a grey header row when ``header``)."""
    cells = [[Paragraph(c, style) for c in row] for row in rows]
    table = Table(cells, colWidths=widths, hAlign="LEFT", repeatRows=1 if header else 0)
    commands = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.lightgrey),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
    ]
    if header:
        commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")))
    table.setStyle(TableStyle(commands))
    return table
