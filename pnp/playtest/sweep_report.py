"""A sweep's results: the terminal table, the ``--json`` object and the ``--csv`` rows.

The table has one row per cell: the cell (its values on the axes that vary;
the values every cell shares are in the line above), its verdict, the House
whose win rate lies farthest from the fair rate with its 95% Wilson interval
in percent, the same for the seats, the median length in rounds of its
finished games and its endings (commonest first, as a share of its games).
An interval is marked ``!`` when that House or seat is outside the fair band
and ``?`` when it is undecided; ``+2!`` says two more are outside. Only the
farthest is shown so that a row fits 100 columns with fief's nine Houses and
six seats; the endings are cut first when a row is still too wide (``+2``:
two more endings). Every House's and seat's figures are in ``--json``,
``--csv`` and the PDF. Under the table, each cell that does not pass says why.

``--json`` is one object: ``pnp_version``, ``ruleset``, ``content_hash``,
``seed``, ``games_per_cell``, ``agents`` (as given, ``null``: the ruleset's
bot), ``limits`` (``max_rounds``, ``max_steps``, ``invariants``), ``grid``
(:meth:`~pnp.playtest.sweep_grid.Grid.to_json`, with the ``skipped`` cells the
rules forbid), ``cells`` (per cell:
``cell`` (its number), ``label``, ``players``, ``options``, ``houses`` (the
pairing as given, ``null``: none), ``records`` (its folder of crash records)
and ``playtest``, the object ``pnp playtest --json`` prints for that cell's
playtest), ``verdicts`` (cells per verdict) and ``verdict``.

``--csv`` has one row per cell played and flat columns (:func:`csv_rows`).
A cell the rules forbid is skipped (:func:`pnp.playtest.sweep.skip_forbidden`):
a line under the table says which and why.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from pnp import __version__
from pnp.content.problems import display_path
from pnp.playtest.report import PlaytestReport
from pnp.playtest.stats import Rate, spread, wilson
from pnp.playtest.sweep import SweepRun, SweepSetup
from pnp.playtest.sweep_grid import houses_text
from pnp.playtest.verdict import (
    FAIL,
    INCONCLUSIVE,
    NOT_JUDGED,
    OUTSIDE,
    PASS,
    UNDECIDED_ITEM,
    fair_band,
    judge_house,
    judge_seat,
    unjudged_note,
)

#: the widest a table row may be
TABLE_WIDTH = 100
#: columns between two of the table's columns
GAP = "  "
#: reasons listed under the table per cell that does not pass
REASONS_SHOWN = 3
#: the lines under the table that say how to read it
LEGEND = [
    "house, seat: the one farthest from the fair rate, its win rate's 95% interval in %;",
    "  ! outside the fair band, ? undecided, +N! N more outside; rounds: median of finished games;",
    "  endings: each ending's share of the games, commonest first, +N: N more (see --json)",
]
#: the legend's line for a table with random seats
NOT_JUDGED_LEGEND = "  ~ not judged: random seats, or seats playing different agents (why: below)"
#: how the table marks an interval's judgement
INTERVAL_MARKS = {OUTSIDE: "!", UNDECIDED_ITEM: "?", NOT_JUDGED: "~"}


def _interval(rate: Rate) -> str:
    """``41–55``: a 95% interval in whole percent."""
    low, high = wilson(rate.wins, rate.games)
    return f"{100 * low:.0f}–{100 * high:.0f}"


def farthest(rows: Sequence[tuple[str, Rate, str]], fair: float) -> str:
    """``tyrell 64–80! +2!``: of ``rows`` (name, rate, judgement), the one whose rate lies
    farthest from the ``fair`` rate, with its interval and mark, and how many others are
    outside the band (``+2!``); ``–`` for none with games."""
    played = [r for r in rows if r[1].games]
    if not played:
        return "–"
    name, rate, state = max(played, key=lambda r: (abs(r[1].wins / r[1].games - fair), r[0]))
    text = f"{name} {_interval(rate)}{INTERVAL_MARKS.get(state, '')}"
    others = sum(1 for r in played if r[2] == OUTSIDE and r[0] != name)
    return text + (f" +{others}!" if others else "")


def house_cell(report: PlaytestReport) -> str:
    """The table's houses column for ``report``: the House farthest from the fair rate."""
    s, t = report.stats, report.thresholds
    rows = [(h, r, judge_house(s, t, h).state) for h, r in s.houses.items()]
    return farthest(rows, s.fair_rate)


def seat_cell(report: PlaytestReport) -> str:
    """The table's seats column for ``report``: the seat farthest from the fair rate."""
    s, t = report.stats, report.thresholds
    rows = [(str(i), r, judge_seat(s, t, i).state) for i, r in enumerate(s.seats)]
    return farthest(rows, s.fair_rate)


def ending_parts(report: PlaytestReport) -> list[str]:
    """``alliance_victory 90%``, …: the endings, commonest first, as a share of the games."""
    s = report.stats
    return [f"{k} {100 * v / s.games:.0f}%" for k, v in s.endings.items()] if s.games else []


def fit_parts(parts: list[str], room: int) -> str:
    """As many of ``parts`` as fit in ``room`` columns (the first always), ``+N`` for the rest."""
    for shown in range(len(parts), 0, -1):
        more = len(parts) - shown
        text = ", ".join(parts[:shown]) + (f" +{more}" if more else "")
        if len(text) <= room or shown == 1:
            return text
    return "–"


def status_word(status: str) -> str:
    """The verdict as the table shows it (a failure in capitals, as the playtest says it)."""
    return status.upper() if status == FAIL else status


def table(run: SweepRun) -> list[str]:
    """The table: a header and one row per cell, each at most :data:`TABLE_WIDTH` wide
    (the endings are cut to fit unless the other columns already fill it)."""
    header = ["cell", "verdict", "house", "seat", "rounds"]
    rows = [
        [
            run.grid.label(cell),
            status_word(report.status),
            house_cell(report),
            seat_cell(report),
            f"{spread(report.stats.rounds)['median']:g}" if report.stats.rounds else "–",
        ]
        for cell, report in zip(run.cells, run.reports, strict=True)
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    numeric = {4}  # right-aligned

    def line(cells: list[str]) -> str:
        return GAP.join(
            c.rjust(widths[i]) if i in numeric else c.ljust(widths[i]) for i, c in enumerate(cells)
        )

    used = len(line(header)) + len(GAP)
    room = TABLE_WIDTH - used
    lines = [(line(header) + GAP + "endings").rstrip()]
    for cells, report in zip(rows, run.reports, strict=True):
        lines.append((line(cells) + GAP + fit_parts(ending_parts(report), room)).rstrip())
    return lines


def text(run: SweepRun, setup: SweepSetup) -> list[str]:
    """The terminal summary: what was swept, the table, why cells did not pass, the verdict."""
    grid = run.grid
    agents = agents_text(run, setup)
    skipped = f" ({len(grid.skipped)} more skipped)" if grid.skipped else ""
    lines = [
        f"{setup.ruleset.name} sweep: {len(run.cells)} cell{'s' if len(run.cells) != 1 else ''}"
        f"{skipped} × {setup.games:,} game{'s' if setup.games != 1 else ''}, "
        f"seed {setup.seed}, agents {agents}",
    ]
    fixed = grid.fixed()
    if fixed:
        lines.append("every cell: " + ", ".join(fixed))
    lines += table(run)
    lines += LEGEND
    # a random seat's cell is judged on crashes, invariants and caps only: say so, once
    # for the sweep when every cell has the same seats, else per cell
    notes = [unjudged_note(r.stats, r.thresholds) for r in run.reports]
    if any(notes):
        lines.append(NOT_JUDGED_LEGEND)
        if len(set(notes)) == 1:
            lines.append(f"every cell: {notes[0]}")
        else:
            for cell, note in zip(run.cells, notes, strict=True):
                if note:
                    lines.append(f"{grid.label(cell)}: {note}")
    for cell, why in grid.skipped:
        lines.append(f"{grid.label(cell)}: skipped, the rules forbid it: {why}")
    for cell, report in zip(run.cells, run.reports, strict=True):
        if report.status == PASS:
            continue
        if not report.reasons:  # inconclusive: one line says what is left to decide
            lines.append(f"{grid.label(cell)}: undecided: {undecided_text(report)}")
            continue
        lines.append(f"{grid.label(cell)}: {report.status.upper()}")
        shown = report.reasons[:REASONS_SHOWN]
        lines += [f"  - {reason}" for reason in shown]
        if len(report.reasons) > len(shown):
            lines.append(f"  - and {len(report.reasons) - len(shown)} more (see --json)")
        if report.undecided:
            lines.append(f"  ? undecided: {undecided_text(report)}")
    if run.replaced:
        folder = display_path(setup.records_root)
        lines.append(f"records: replaced {run.replaced} record(s) of an earlier sweep in {folder}/")
    counts = verdict_counts(run)
    tally = ", ".join(f"{n} {status}" for status, n in counts.items() if n)
    lines.append(f"verdict: {run.status.upper()} ({tally}; exit {run.exit_code})")
    return lines


def agents_text(run: SweepRun, setup: SweepSetup) -> str:
    """``heuristic`` (one agent at every seat of every cell), else ``--agents`` as given."""
    names = {a for r in run.reports for a in r.plan.agents}
    if len(names) == 1:
        return names.pop()
    return setup.agents or ",".join(sorted(names))


def undecided_text(report: PlaytestReport) -> str:
    """``stark, seat 1, 130 cards``: what is undecided, briefly."""
    names = [j.name.split(" (")[0] for j in report.undecided if j.what != "card"]
    cards = sum(1 for j in report.undecided if j.what == "card")
    shown = names[:6] + ([f"{len(names) - 6} more"] if len(names) > 6 else [])
    if cards:
        shown.append(f"{cards} card{'s' if cards != 1 else ''}")
    return ", ".join(shown)


def verdict_counts(run: SweepRun) -> dict[str, int]:
    """Cells per verdict: ``{"pass": …, "fail": …, "inconclusive": …}``."""
    counts = dict.fromkeys((PASS, FAIL, INCONCLUSIVE), 0)
    for report in run.reports:
        counts[report.status] += 1
    return counts


def to_json(run: SweepRun, setup: SweepSetup) -> dict[str, Any]:
    """The ``--json`` object (the module docstring lists its keys)."""
    limits = setup.limits
    hashes = {r.content_hash for r in run.reports}
    return {
        "pnp_version": __version__,
        "ruleset": setup.ruleset.name,
        "content_hash": hashes.pop() if len(hashes) == 1 else None,
        "seed": setup.seed,
        "games_per_cell": setup.games,
        "agents": setup.agents,
        "limits": {
            "max_rounds": limits.max_rounds,
            "max_steps": limits.max_steps,
            "invariants": limits.invariants,
        },
        "grid": run.grid.to_json(),
        "cells": [
            {
                "cell": number,
                "label": run.grid.label(cell),
                "players": cell.players,
                "options": dict(cell.options),
                "houses": list(cell.pairing) if cell.pairing is not None else None,
                "records": display_path(report.plan.records_folder),
                "playtest": report.to_json(),
            }
            for number, (cell, report) in enumerate(zip(run.cells, run.reports, strict=True))
        ],
        "verdicts": verdict_counts(run),
        "verdict": run.status,
    }


#: the figures of each House and seat in ``--csv`` (``house_stark_rate`` …)
RATE_FIGURES = ("games", "wins", "rate", "ci_low", "ci_high", "judgement")


def csv_rows(run: SweepRun) -> list[dict[str, Any]]:
    """One flat row per cell: ``cell``, ``label``, ``players``, ``option_<key>`` per ``-o``
    key, ``houses``, ``games``, ``verdict``, ``crashes``, ``invariant_violations``,
    ``cap_hits``, ``cap_rate``, ``fair_low``, ``fair_high``, ``first_player_rate``,
    ``rounds_mean``, ``rounds_median``, ``rounds_p10``, ``rounds_p90``,
    ``decisions_median``, ``ending_<kind>`` (games), then per House and per seat
    ``house_<id>_<figure>`` and ``seat_<n>_<figure>`` (:data:`RATE_FIGURES`), then
    ``undecided`` (how many Houses, seats and cards) and ``reasons`` (joined by `` | ``).
    A figure a cell has not (a House it never played, a seat beyond its players) is empty.
    """
    houses = sorted({h for r in run.reports for h in r.stats.houses})
    seats = max(len(r.stats.seats) for r in run.reports) if run.reports else 0
    endings = list(dict.fromkeys(e for r in run.reports for e in r.stats.endings))
    keys = list(run.grid.options)
    out = []
    for number, (cell, report) in enumerate(zip(run.cells, run.reports, strict=True)):
        data = report.to_json()
        s = report.stats
        rounds, decisions = data["length"]["rounds"], data["length"]["decisions"]
        band = fair_band(s, report.thresholds)
        row: dict[str, Any] = {
            "cell": number,
            "label": run.grid.label(cell),
            "players": cell.players,
            **{f"option_{k}": _plain(cell.options[k]) for k in keys},
            "houses": houses_text(cell.pairing) if cell.pairing is not None else "",
            "games": s.games,
            "verdict": report.status,
            "crashes": len(s.crashes),
            "invariant_violations": len(s.violations),
            "cap_hits": s.cap_hits,
            "cap_rate": round(s.cap_hits / s.games, 6) if s.games else "",
            "fair_low": round(band[0], 6),
            "fair_high": round(band[1], 6),
            "first_player_rate": _plain(data["first_player_rate"]),
            "rounds_mean": rounds["mean"],
            "rounds_median": rounds["median"],
            "rounds_p10": rounds["p10"],
            "rounds_p90": rounds["p90"],
            "decisions_median": decisions["median"],
            **{f"ending_{e}": s.endings.get(e, 0) for e in endings},
        }
        for house in houses:
            figures = data["houses"].get(house, {})
            for figure in RATE_FIGURES:
                row[f"house_{house}_{figure}"] = _plain(figures.get(figure))
        for seat in range(seats):
            figures = data["seats"][seat] if seat < len(data["seats"]) else {}
            for figure in RATE_FIGURES:
                row[f"seat_{seat}_{figure}"] = _plain(figures.get(figure))
        row["undecided"] = len(report.undecided)
        row["reasons"] = " | ".join(report.reasons)
        out.append(row)
    return out


def _plain(value: Any) -> Any:
    """A CSV cell: ``true``/``false`` as written on the command line, ``None`` empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    return value


def csv_text(run: SweepRun) -> str:
    """The ``--csv`` file: a header and one row per cell."""
    rows = csv_rows(run)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]) if rows else [], lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()
