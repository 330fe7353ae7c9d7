"""Card strength figures: counted per seat, checked by hand, written to every output."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from pnp.cli import app
from pnp.engine.runner import CRASHED, FINISHED
from pnp.playtest import LocalExecutor, PlaytestPlan, run_playtest
from pnp.playtest.stats import Rate, Tally, wilson
from pnp.playtest.strength import (
    CSV_COLUMNS,
    STRENGTH_GAMES,
    CardStrength,
    card_strength,
    cards_csv,
    newcombe,
    strengths,
    strongest,
    weakest,
)
from pnp.playtest.worker import GameSummary, play_game
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE


def summary(index, factions, winners, drawn, played, status=FINISHED) -> GameSummary:
    return GameSummary(
        index=index,
        seed=index,
        status=status,
        ending="points" if status == FINISHED else None,
        winners=winners,
        rounds=3,
        steps=10,
        factions=factions,
        first_player=0,
        drawn=drawn,
        played=played,
    )


#: four games with a result and a crash, two Houses a and b, cards x and y
GAMES = [
    summary(0, ("a", "b"), (0,), [{"x": 2}, {"x": 1}], [{"x": 1}, {}]),
    summary(1, ("b", "a"), (0,), [{}, {"x": 1, "y": 1}], [{}, {}]),
    # seat 1 plays y without a draw event: it had it in hand, so it saw it
    summary(2, ("a", "b"), (1,), [{}, {}], [{}, {"y": 1}]),
    summary(3, ("a", "b"), (0,), [{}, {}], [{}, {}]),
    # a crashed game counts its draws but has no winner: no strength figure
    summary(4, ("a", "b"), (), [{"x": 1}, {"y": 1}], [{}, {}], status=CRASHED),
]


def figures() -> dict[str, CardStrength]:
    tally = Tally(2, ("heuristic", "heuristic"))
    for game in GAMES:
        tally.add(game)
    stats = tally.statistics(["x", "y", "z"])
    return {f.card: f for f in strengths(stats.cards, stats.houses)}


def test_newcombe_matches_the_published_examples() -> None:
    # Newcombe (1998), "Interval estimation for the difference between independent
    # proportions", Table II, method 10
    assert newcombe(56, 70, 48, 80)[1:] == pytest.approx((0.0524, 0.3339), abs=1e-4)
    assert newcombe(9, 10, 3, 10)[1:] == pytest.approx((0.1705, 0.8090), abs=1e-4)
    assert newcombe(5, 56, 0, 29)[1:] == pytest.approx((-0.0381, 0.1926), abs=1e-4)
    assert newcombe(1, 0, 1, 2) is None and newcombe(1, 2, 0, 0) is None


def test_the_figures_match_a_hand_count() -> None:
    f = figures()
    # Houses over the four games with a result: a 4 seat-games, 2 won; b 4, 2 won.
    # x: drawn by a (game 0, won; game 1, lost) and b (game 0, lost): 3 seat-games, 1 won;
    # not seen: a 4-2 games, 2-1 won; b 4-1 games, 2-0 won -> 5 games, 3 won
    x = f["x"]
    assert (x.drawn, x.played, x.not_seen) == (Rate(3, 1), Rate(1, 1), Rate(5, 3))
    change, low, high = x.improvement
    assert change == pytest.approx(1 / 3 - 3 / 5)
    # Newcombe by hand from the two Wilson intervals (1/3: 0.0615-0.7923; 3/5: 0.2307-0.8824)
    assert wilson(1, 3) == pytest.approx((0.06149, 0.79234), abs=1e-5)
    assert wilson(3, 5) == pytest.approx((0.23072, 0.88237), abs=1e-5)
    assert low == pytest.approx(
        -0.26667 - ((0.33333 - 0.06149) ** 2 + (0.88237 - 0.6) ** 2) ** 0.5, abs=1e-4
    )
    assert high == pytest.approx(
        -0.26667 + ((0.79234 - 0.33333) ** 2 + (0.6 - 0.23072) ** 2) ** 0.5, abs=1e-4
    )
    assert (low, high) == pytest.approx((-0.6587, 0.3224), abs=1e-4)
    # y: seen by a in game 1 (lost) and by b in game 2 (played it, won): 2 games, 1 won;
    # not seen: a 4-1 games, 2-0 won; b 4-1 games, 2-1 won -> 6 games, 3 won
    y = f["y"]
    assert (y.drawn, y.played, y.not_seen) == (Rate(2, 1), Rate(1, 1), Rate(6, 3))
    assert y.improvement[0] == pytest.approx(0.0)
    # z is listed but never seen: no rate, no improvement
    z = f["z"]
    assert z.drawn == Rate(0, 0) and z.improvement is None and not z.clear and not z.ranked
    assert z.to_json()["win_rate_drawn"] is None


def test_draw_and_play_counts() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    for game in GAMES:
        tally.add(game)
    cards = tally.statistics(None).cards
    # times drawn over every game, the crashed one included, whichever seat drew; a card
    # a seat played without a draw counts as drawn (game 2's y: as a thrones plot, which
    # is revealed, not drawn, and showed 0 draws against 200 plays)
    assert (cards["x"].drawn, cards["y"].drawn) == (5, 3)
    assert (cards["x"].played, cards["x"].played_games, cards["x"].winner_played) == (1, 1, 1)


def test_the_figures_do_not_depend_on_the_order_of_the_games() -> None:
    forward, backward = Tally(2, ("h", "h")), Tally(2, ("h", "h"))
    for game in GAMES:
        forward.add(game)
    for game in reversed(GAMES):
        backward.add(game)
    a, b = forward.statistics(["x", "y"]), backward.statistics(["x", "y"])
    assert strengths(a.cards, a.houses) == strengths(b.cards, b.houses)


def made(card: str, drawn: Rate, not_seen: Rate) -> CardStrength:
    improvement = newcombe(drawn.wins, drawn.games, not_seen.wins, not_seen.games)
    return CardStrength(card, drawn, Rate(0, 0), not_seen, improvement)


def test_strongest_and_weakest_rank_cards_with_enough_games_and_mark_clear_ones() -> None:
    n = STRENGTH_GAMES
    cards = [
        made("great", Rate(4 * n, 3 * n), Rate(4 * n, n)),  # +50 points: clear of zero
        made("good", Rate(n, n // 2 + 2), Rate(n, n // 2)),  # a little better: not clear
        made("rare", Rate(n - 1, n - 1), Rate(n, 0)),  # the best figure, too few games
        made("poor", Rate(4 * n, n), Rate(4 * n, 3 * n)),  # -50 points: clear of zero
        made("never", Rate(0, 0), Rate(n, 1)),
    ]
    # three ranked cards: the two better are the strongest, the worst the weakest, and no
    # card is both (the best card of a short run was listed among the weakest too)
    assert [f.card for f in strongest(cards)] == ["great", "good"]
    assert [f.card for f in weakest(cards)] == ["poor"]
    assert [f.card for f in strongest(cards, 1)] == ["great"]
    assert [f.card for f in weakest(cards, 1)] == ["poor"]
    many = [made(f"c{i}", Rate(n, n // 4 + i), Rate(n, n // 2)) for i in range(8)]
    assert [f.card for f in strongest(many, 3)] == ["c7", "c6", "c5"]
    assert [f.card for f in weakest(many, 3)] == ["c0", "c1", "c2"]
    assert [f.card for f in cards if f.clear] == ["great", "rare", "poor"]
    assert not cards[2].ranked and cards[0].ranked


def test_each_seat_counts_its_own_draws() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    plan = PlaytestPlan(HAGGLE, games=1, seed=4, players=3, agents=("heuristic",) * 3)
    game = play_game(plan, content, 0)
    assert len(game.drawn) == 3
    # haggle deals three cards to each seat before anyone acts
    assert all(sum(d.values()) >= 3 for d in game.drawn)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, haggle_registry: None) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_cards_csv_stats_json_summary_and_pdf_agree(in_tmp: Path) -> None:
    base = ["playtest", "haggle", "--content", str(CONTENT_ROOT), "--players", "4"]
    base += ["--games", "150", "--seed", "2"]
    out = CliRunner().invoke(
        app,
        [*base, "--workers", "1", "--cards", "cards.csv", "--stats", "s.json", "--report", "r.pdf"],
    )
    assert out.exit_code in (0, 1, 3), out.output  # played: the verdict is not the point
    rows = list(csv.DictReader(io.StringIO(Path("cards.csv").read_text())))
    assert tuple(rows[0]) == CSV_COLUMNS
    cards = json.loads(Path("s.json").read_text())["cards"]
    assert [r["card"] for r in rows] == list(cards)
    for row in rows:
        figure = cards[row["card"]]["strength"]
        assert int(row["drawn_games"]) == figure["drawn_games"]
        assert float(row["win_rate_drawn"]) == pytest.approx(figure["win_rate_drawn"]["rate"])
        imp = figure["improvement_when_drawn"]
        assert float(row["improvement_low"]) == pytest.approx(imp["ci_low"])
        assert row["clear_of_zero"] == str(int(figure["clear_of_zero"]))
    assert "card strength (improvement when drawn" in out.stdout
    assert "  strongest: " in out.stdout and "  weakest: " in out.stdout
    text = "".join(page.extract_text() for page in PdfReader("r.pdf").pages)
    # haggle has six cards: the better three are the strongest, the other three the weakest
    assert "The 3 strongest" in text and "The 3 weakest" in text
    # the same figures from two workers
    again = CliRunner().invoke(app, [*base, "--workers", "2", "--cards", "two.csv"])
    assert again.exit_code == out.exit_code
    assert Path("two.csv").read_text() == Path("cards.csv").read_text()


def test_cards_csv_must_be_named_so_and_writable(in_tmp: Path) -> None:
    base = ["playtest", "haggle", "--content", str(CONTENT_ROOT), "--games", "2"]
    out = CliRunner().invoke(app, [*base, "--cards", "cards.txt"])
    assert out.exit_code == 2 and "--cards cards.txt: the card figures are a CSV" in out.stderr
    Path("blocker").write_text("a file\n")
    out = CliRunner().invoke(app, [*base, "--cards", "blocker/cards.csv"])
    assert out.exit_code == 2 and "blocker is not a folder" in out.stderr
    assert "verdict" not in out.stdout


def test_cards_csv_leaves_cells_empty_for_figures_without_games() -> None:
    tally = Tally(2, ("h", "h"))
    for game in GAMES:
        tally.add(game)
    stats = tally.statistics(["x", "z"])
    rows = list(
        csv.reader(io.StringIO(cards_csv(stats.cards, strengths(stats.cards, stats.houses))))
    )
    z = dict(zip(CSV_COLUMNS, rows[2], strict=True))
    assert z["card"] == "z" and z["drawn_games"] == "0" and z["win_rate_drawn"] == ""
    assert z["improvement_when_drawn"] == "" and z["clear_of_zero"] == "0"
    x = dict(zip(CSV_COLUMNS, rows[1], strict=True))
    assert x["win_rate_drawn"] == "0.333333" and x["not_seen_games"] == "5"


def test_card_strength_of_a_card_no_house_drew() -> None:
    tally = Tally(2, ("h", "h"))
    tally.add(GAMES[0])
    stats = tally.statistics(["x"])
    only = card_strength("x", stats.cards["x"], {})  # Houses unknown: nothing is "not seen"
    assert only.not_seen == Rate(0, 0) and only.improvement is None


def test_run_playtest_report_carries_the_figures() -> None:
    content = HAGGLE.load(CONTENT_ROOT)
    plan = PlaytestPlan(HAGGLE, games=12, seed=1, players=2, agents=("heuristic",) * 2)
    report = run_playtest(plan, content, executor=LocalExecutor(1))
    assert [f.card for f in report.strength] == list(report.stats.cards)
    total = sum(f.drawn.games for f in report.strength)
    assert total > 0 and all(f.drawn.games <= 2 * 12 for f in report.strength)
