"""The ``pnp compare --report`` PDF: what changed, as charts and tables.

Charts (reportlab's own graphics, as the playtest report draws them): the
change of each House's and seat's win rate with its 95% paired interval, and
the largest card changes in improvement when drawn; an interval clear of
zero is coloured. Tables give both versions' lengths and endings, the cards
whose content differs and each shown card's figures. Written atomically and
byte-identical for identical results.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Paragraph, Spacer

from pnp import __version__
from pnp.playtest.comparison import CardChange, Comparison
from pnp.playtest.paired import Change
from pnp.playtest.pdf import ChangeRow, Headings, change_chart, data_table, report_pdf
from pnp.playtest.plan import option_text
from pnp.playtest.stats import spread
from pnp.playtest.verdict import seat_label

#: cards in the chart of the largest card changes
CARDS_CHARTED = 20


def write_compare_report(comparison: Comparison, path: Path) -> None:
    """Write the PDF report of ``comparison`` to ``path`` atomically."""
    from pnp.engine.record import write_atomic

    write_atomic(path, render_compare_report(comparison))


def _row(label: str, change: Change, points: bool = False) -> ChangeRow | None:
    """The chart row of ``change`` (``None`` when a version has no figure); ``points``:
    the figures are themselves differences, in points (not rates, in per cent)."""
    if change.change is None or change.ci_low is None or change.ci_high is None:
        return None
    mark = "*" if change.beyond_noise else ""
    show = _signed_points if points else _pct
    note = (
        f"{show(change.base)} → {show(change.candidate)}: {100 * change.change:+.1f} "
        f"[{100 * change.ci_low:+.1f}, {100 * change.ci_high:+.1f}]"
    )
    if not change.paired:
        note += " unpaired"
    return ChangeRow(label + mark, change.change, change.ci_low, change.ci_high, note)


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _signed_points(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:+.1f}"


def _figure(value: float) -> str:
    """A length figure as the terminal shows it: one decimal at most."""
    return f"{round(value, 1):g}"


def render_compare_report(comparison: Comparison) -> bytes:
    """The PDF bytes of ``comparison``."""
    styles = getSampleStyleSheet()
    body, small = styles["BodyText"], styles["BodyText"].clone("small", fontSize=8, leading=10)
    h2 = styles["Heading2"].clone("h2", keepWithNext=1)
    h3 = styles["Heading3"].clone("h3", keepWithNext=1)
    run, plan = comparison.run, comparison.run.plan.base
    heading = Headings()
    story: list = [heading(f"Comparison report: {plan.ruleset.title}", styles["Title"], 0)]
    base, candidate = run.versions
    setup = [
        ["base", base.label, "candidate", candidate.label],
        ["games per version", str(plan.games), "with a result in both", str(run.pairs.games)],
        ["players", str(plan.players), "seed", str(plan.seed)],
        ["agents", ", ".join(plan.agents), "pnp", __version__],
        [
            "options",
            ", ".join(option_text(k, v) for k, v in plan.options.items()) or "none",
            "",
            "",
        ],
    ]
    story.append(data_table([[escape(c) for c in row] for row in setup], small))
    story.append(Spacer(1, 4 * mm))
    result = "FAIL" if comparison.reasons else "OK"
    colour = "#c0392b" if comparison.reasons else "#2e7d32"
    story.append(
        heading(
            f"Result: {result}", h2, 1, f'<font color="{colour}"><b>Result: {result}</b></font>'
        )
    )
    if comparison.rules:
        rules = ", ".join(rule.text for rule in comparison.rules)
        story.append(Paragraph(escape(f"--fail-on {rules}"), small))
        for line in comparison.not_judged_lines():
            story.append(Paragraph(escape(line), small))
    for reason in comparison.reasons:
        story.append(Paragraph("• " + escape(reason), body))
    for warning in comparison.warnings:
        story.append(Paragraph("• " + escape(f"Warning: {warning}"), body))
    changes = [*comparison.houses.values(), *comparison.seats]
    pairing = "Every interval comes from the paired games (Bonett-Price)."
    if not all(c.paired for c in changes):
        pairing = (
            "An interval comes from the paired games (Bonett-Price), but where marked "
            "unpaired: a House whose seats differ between the versions is compared as if "
            "the versions were independent."
        )
    story.append(
        Paragraph(
            escape(
                "Changes are candidate minus base, in percentage points, with 95% intervals; "
                "* and a coloured whisker: the interval is clear of zero (beyond noise). " + pairing
            ),
            small,
        )
    )
    sections = (
        ("Win rate change per House", list(comparison.houses.items())),
        (
            "Win rate change per seat",
            [(seat_label(run.base, i), c) for i, c in enumerate(comparison.seats)],
        ),
    )
    for title, named in sections:
        rows = [r for r in (_row(name, c) for name, c in named) if r is not None]
        # a House one version never seats has no change to chart: name it all the same
        apart = [
            f"{name} {_pct(c.base)} → {_pct(c.candidate)}" for name, c in named if c.change is None
        ]
        if rows or apart:
            story += [CondPageBreak(16 * len(rows) + 70), heading(title, h2, 1)]
        if rows:
            story.append(change_chart(rows, axis="win rate change, percentage points"))
        if apart:
            story.append(Paragraph(escape("In one version only: " + "; ".join(apart) + "."), small))

    story += [CondPageBreak(50 * mm), heading("Game length and endings", h2, 1)]
    length = [["", "base", "candidate"]]
    for name, key in (("rounds", "rounds"), ("decisions", "steps")):
        b, c = spread(getattr(run.base, key)), spread(getattr(run.candidate, key))
        for figure in ("mean", "median", "p10", "p90"):
            length.append([f"{name} {figure}", _figure(b[figure]), _figure(c[figure])])
    for label, stats_of in (("crashes", "crashes"), ("invariant violations", "violations")):
        length.append(
            [
                label,
                str(len(getattr(run.base, stats_of))),
                str(len(getattr(run.candidate, stats_of))),
            ]
        )
    length.append(["cap hits", str(run.base.cap_hits), str(run.candidate.cap_hits)])
    for ending in dict.fromkeys([*run.base.endings, *run.candidate.endings]):
        length.append(
            [
                f"ending {escape(ending)}",
                str(run.base.endings.get(ending, 0)),
                str(run.candidate.endings.get(ending, 0)),
            ]
        )
    story.append(data_table(length, small, header=True, widths=[60 * mm, 30 * mm, 30 * mm]))

    story += [CondPageBreak(30 * mm), heading("Cards whose content differs", h2, 1)]
    changed = ", ".join(comparison.changed_name(card) for card in comparison.changed) or "none"
    story.append(Paragraph(escape(changed), body))
    story += [CondPageBreak(30 * mm), heading("Other content that differs", h2, 1)]
    if comparison.content:
        table = [["where", "base", "candidate"]]
        for change in comparison.content:
            table.append([escape(change.path), *(escape(side) for side in change.sides())])
        widths = [88 * mm, 41 * mm, 41 * mm]  # the path wide enough for a deck's card
        story.append(data_table(table, small, header=True, widths=widths))
    else:
        story.append(Paragraph("none", body))
    charted = [c for c in comparison.cards if c.content_changed or c.ranked][:CARDS_CHARTED]
    rows = [r for r in (_row(c.card, c.improvement, True) for c in charted) if r is not None]
    if rows:
        story += [
            CondPageBreak(16 * len(rows) + 70),
            heading("Largest card changes: improvement when drawn", h2, 1),
            Paragraph(
                escape(
                    "Changed cards first, then the cards with the games to be ranked, largest "
                    "change first. A card's figures come from the paired seat-games in which "
                    "the seat drew it in both versions, or saw it in neither."
                ),
                small,
            ),
            change_chart(rows, axis="change of improvement when drawn, percentage points"),
        ]
    table = [["card", "drawn in games", "played in games", "win when drawn", "improvement"]]
    for card in charted:
        f = card.figures
        table.append(
            [
                escape(card.card + _card_notes(card)),
                _cell(f["drawn_rate"]),
                _cell(f["play_rate"]),
                _cell(f["win_rate_drawn"]),
                _cell(f["improvement_when_drawn"], signed=True),
            ]
        )
    if len(table) > 1:
        story += [
            heading("Card figures, base → candidate", h3, 2),
            data_table(table, small, header=True, widths=[44 * mm, *[34 * mm] * 4]),
        ]

    return report_pdf(story, f"pnp comparison report: {plan.ruleset.name}")


def _card_notes(card: CardChange) -> str:
    """`` (added)``, `` (removed)``, `` (changed, unranked)``: what the card's row must be
    read with (an unranked card's improvement is judged by no ``--fail-on`` card rule)."""
    notes = []
    if card.content_changed:
        notes.append("added" if card.added else "removed" if card.removed else "changed")
    if not card.ranked and card.improvement.change is not None:
        notes.append("unranked")
    return f" ({', '.join(notes)})" if notes else ""


def _cell(change: Change, signed: bool = False) -> str:
    """``31.0% → 42.3% (+11.3*)``: both figures and the change in points."""

    def show(value: float | None) -> str:
        if value is None:
            return "–"
        return f"{100 * value:+.1f}" if signed else f"{100 * value:.1f}%"

    text = f"{show(change.base)} → {show(change.candidate)}"
    if change.change is not None:
        text += f" ({100 * change.change:+.1f}{'*' if change.beyond_noise else ''})"
    return text
