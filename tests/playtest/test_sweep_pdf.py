"""The sweep's PDF report: one chart per measure across the grid, readable by pypdf."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.engine.runner import Limits
from pnp.playtest import LocalExecutor
from pnp.playtest.sweep import SweepRun, SweepSetup, plan_sweep, run_sweep
from pnp.playtest.sweep_grid import Grid
from pnp.playtest.sweep_pdf import _nice, render_sweep_report, write_sweep_report
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE
from tests.render.pdfcheck import outline


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def sweep(grid: Grid, games: int = 20, **kw) -> tuple[SweepRun, SweepSetup]:
    setup = SweepSetup(ruleset=HAGGLE, games=games, seed=3, content_root=CONTENT_ROOT, **kw)
    run = run_sweep(
        plan_sweep(setup, grid), grid, HAGGLE.load(CONTENT_ROOT), executor=LocalExecutor(1)
    )
    return run, setup


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_report_has_a_chart_per_measure_and_every_cell_in_each(tmp_path: Path) -> None:
    grid = Grid((2, 3), {"endless": (False, True)})
    run, setup = sweep(grid, limits=Limits.for_ruleset(HAGGLE, max_rounds=16))
    path = tmp_path / "out" / "sweep.pdf"
    write_sweep_report(run, setup, path)
    pdf = path.read_bytes()
    text = pdf_text(pdf)
    titles = [e.title for e in outline(pdf)]
    assert titles == [
        "Sweep report: Haggle (engine fixture)",
        "Verdict: FAIL",
        "Win rate per House",
        "Win rate per seat",
        "First player",
        "Cap rate",
        "Game length",
        "How games ended",
        "Why cells failed",
        "2p endless=true",
        "3p endless=true",
    ]
    labels = ["2p endless=false", "2p endless=true", "3p endless=false", "3p endless=true"]
    # the cells' table, and every chart lists the cells: each label appears in each
    per_label = {label: text.count(label) for label in labels}
    # table, 4 Houses (each played in every cell here), seats 0 and 1, first player,
    # caps, length, endings: at least 11 times each
    assert all(n >= 11 for n in per_label.values()), per_label
    for house in ("stark", "lannister", "tyrell", "martell"):
        assert f"\n{house}\n" in f"\n{text}\n"  # a chart titled by each House
    for needle in (
        "seat 0",
        "seat 2",  # only the 3-player cells have it
        "games stopped by a cap; dashed: the most allowed, 1.0%",
        "100.0% (20 of 20)",  # the endless cells' cap rate
        "rounds of finished games; whiskers: 10th–90th percentile",
        "round_cap 100%",
        "target",
        "20 game(s) hit a cap",
    ):
        assert needle in text, needle
    # byte-identical for the same results
    assert render_sweep_report(run, setup) == pdf


def test_a_crashing_cell_is_red_in_the_endings_and_named_in_the_table() -> None:
    run, setup = sweep(Grid((3,), {"crash_on": ("dragon-egg", "spice-jar")}), games=30)
    text = pdf_text(render_sweep_report(run, setup))
    assert "(crashed)" in text and "game(s) crashed" in text
    assert "crash_on=dragon-egg" in text and "crash_on=spice-jar" in text


def test_axis_ends_are_round_numbers() -> None:
    assert _nice(0.01) == (0.01, 0.002)
    assert _nice(11) == (12, 2)
    assert _nice(47) == (50, 10)
    assert _nice(0) == (1.0, 0.2)


def test_a_long_cell_name_wraps_rather_than_losing_what_tells_it_apart() -> None:
    """Four varying axes make names too long for one line; two names that differ only
    at their end must still differ on the page."""
    from reportlab.graphics.shapes import Drawing, String

    from pnp.playtest.sweep_pdf import LABEL_W, row_label

    def drawn(text: str) -> list[str]:
        d = Drawing(400, 40)
        row_label(d, 10, text)
        return [s.text for s in d.contents if isinstance(s, String)]

    a = "3p winter=true tactics=true concession=true stark,lannister"
    b = "3p winter=true tactics=true concession=false stark,lannister"
    assert drawn("4p winter=true") == ["4p winter=true"]  # short: one line as written
    assert " ".join(drawn(a)) == a and " ".join(drawn(b)) == b
    assert len(drawn(a)) == 2
    very = " ".join(f"option{i}=value{i}" for i in range(20))
    lines = drawn(very)
    assert len(lines) == 2 and lines[1].endswith("…")
    from reportlab.pdfbase.pdfmetrics import stringWidth

    assert all(stringWidth(line, "Helvetica", 7) <= LABEL_W - 6 for line in lines)
