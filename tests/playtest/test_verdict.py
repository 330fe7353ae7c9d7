"""The verdict judges seats like Houses, and a run with random seats on crashes,
invariants and caps only; the summary, the JSON and the PDF say what was not judged."""

from __future__ import annotations

import io

from pypdf import PdfReader

from pnp.engine.agents import BUILTIN_AGENTS, RandomAgent
from pnp.engine.runner import CAPPED, CRASHED
from pnp.playtest import PlaytestPlan, PlaytestReport
from pnp.playtest.pdf import render_report
from pnp.playtest.stats import Statistics, Tally
from pnp.playtest.verdict import (
    RANDOM_AGENT,
    Thresholds,
    not_judged,
    random_note,
    seats_text,
    unjudged_seats,
    verdict,
)
from tests.fixtures.haggle import HAGGLE
from tests.playtest.test_stats import game

#: a run of 100 games whose seat 0 wins 70: 95% CI 60.4%–78.1%, above 45%–55%
SEAT_0_WINS = (
    "seat 0 (heuristic) wins 70.0% of its games (95% CI 60.4%–78.1%), "
    "5.4 points above the fair band 45.0%–55.0%"
)
SEAT_1_LOSES = (
    "seat 1 (heuristic) wins 30.0% of its games (95% CI 21.9%–39.6%), "
    "5.4 points below the fair band 45.0%–55.0%"
)


def lopsided_seats(games: int, agents: tuple[str, str] = ("heuristic", "heuristic")) -> Statistics:
    """Seat 0 wins 7 games in 10; Houses swap seats every 10 games, so they win alike."""
    tally = Tally(2, agents)
    for i in range(games):
        factions = ("a", "b") if i // 10 % 2 == 0 else ("b", "a")
        tally.add(game(i, winners=(0,) if i % 10 < 7 else (1,), factions=factions))
    return tally.statistics(["x"])


def report(stats: Statistics, thresholds: Thresholds) -> PlaytestReport:
    """A report of synthetic statistics, as the harness would make it."""
    plan = PlaytestPlan(HAGGLE, games=stats.games, seed=1, players=2, agents=stats.seat_agents)
    return PlaytestReport(plan, stats, thresholds, verdict(stats, thresholds))


def test_a_seat_outside_the_band_fails_the_run_saying_by_how_much() -> None:
    stats = lopsided_seats(100)
    # Houses a and b each win 50 of 100: only the seats fail
    assert (stats.houses["a"].wins, stats.houses["b"].wins) == (50, 50)
    assert verdict(stats, Thresholds()) == [SEAT_0_WINS, SEAT_1_LOSES]
    # a band wide enough to meet both intervals passes them
    assert verdict(stats, Thresholds(fair_margin=0.11)) == []
    assert Thresholds().seat_games == 30


def test_a_seat_with_too_few_games_is_listed_not_judged() -> None:
    stats = lopsided_seats(100)
    few = Thresholds(seat_games=101)
    assert verdict(stats, few) == []
    assert unjudged_seats(stats, few) == [0, 1]
    assert not_judged(stats, few)["seats"] == "seats 0, 1: fewer than 101 games each (--seat-games)"
    lines = report(stats, few).text()
    assert "  balance not judged for seats 0, 1: fewer than 101 games each (--seat-games)" in lines
    assert lines[-1] == "verdict: PASS"
    assert unjudged_seats(stats, Thresholds(seat_games=100)) == []
    assert "seats" not in not_judged(stats, Thresholds(seat_games=100))


def test_seat_judgement_reaches_the_json_the_summary_and_the_pdf() -> None:
    failed = report(lopsided_seats(100), Thresholds())
    data = failed.to_json()
    assert data["verdict"] == "fail" and data["reasons"] == [SEAT_0_WINS, SEAT_1_LOSES]
    seats = data["seats"]
    assert [s["judged"] for s in seats] == [True, True]
    assert [s["outside_band"] for s in seats] == [0.054151, -0.054151]
    assert data["houses"]["a"]["judged"] and data["houses"]["a"]["outside_band"] == 0
    # 100 games: too few to judge cards, and nothing else left out
    assert data["not_judged"] == {"cards": "fewer than 500 games (--card-games)"}
    assert failed.full_json()["thresholds"]["seat_games"] == 30
    assert f"  - {SEAT_0_WINS}" in failed.text()
    text = _pdf_text(failed)
    assert "Verdict: FAIL" in text and "5.4 points above the fair band" in text
    assert "Not judged" not in text  # every House and seat was judged; no card went unplayed

    few = report(lopsided_seats(25), Thresholds(house_games=5))
    data = few.to_json()
    assert [s["judged"] for s in data["seats"]] == [False, False]
    assert data["seats"][0]["outside_band"] > 0  # seat 0 won 19 of 25: off the band, not judged
    assert data["houses"]["a"]["judged"] is True
    assert data["not_judged"]["seats"] == "seats 0, 1: fewer than 30 games each (--seat-games)"
    assert data["verdict"] == "pass"
    text = _pdf_text(few)
    assert "Not judged: seats 0, 1: fewer than 30 games each (--seat-games)." in text


def test_random_seats_are_judged_on_crashes_invariants_and_caps_only() -> None:
    tally = Tally(2, ("random", "heuristic"))
    for i in range(600):  # seat 0 and House a win every game, card "never" is never played
        tally.add(game(i, winners=(0,), factions=("a", "b")))
    stats = tally.statistics(["x", "never"])
    strict = Thresholds(undecided_endings=frozenset({"points"}), max_undecided_rate=0.1)
    assert verdict(stats, strict) == []
    assert not_judged(stats, strict) == {
        "houses": "seat 0 plays random agents, whose play says nothing about balance",
        "seats": "seat 0 plays random agents, whose play says nothing about balance",
        "cards": "seat 0 plays random agents, whose play says nothing about which cards "
        "are worth playing",
        "undecided_endings": "seat 0 plays random agents, who seldom play toward a victory",
    }
    assert random_note(stats, strict) == (
        "balance, cards and endings without a victory not judged: seat 0 plays random agents, "
        "whose play says nothing about balance, cards or how often a game reaches a victory"
    )
    # the same games with heuristic seats fail on all four
    judged = Tally(2, ("heuristic", "heuristic"))
    for i in range(600):
        judged.add(game(i, winners=(0,), factions=("a", "b")))
    reasons = verdict(judged.statistics(["x", "never"]), strict)
    starts = [r.split(" of ")[0] for r in reasons]
    assert starts == [
        "600 game(s) ended without a victory (points: 100.0%",
        "a wins 100.0%",
        "b wins 0.0%",
        "seat 0 (heuristic) wins 100.0%",
        "seat 1 (heuristic) wins 0.0%",
        "1 card(s) never played in 600 games: never",
    ]
    # crashes and caps still fail a random run
    tally.add(game(600, status=CRASHED, winners=()))
    tally.add(game(601, status=CAPPED, winners=()))
    reasons = verdict(tally.statistics(["x", "never"]), Thresholds(max_cap_rate=0.0))
    assert [r.split(" (")[0] for r in reasons] == ["1 game(s) crashed", "1 game(s) hit a cap"]


def test_a_random_run_shows_its_figures_marked_not_judged() -> None:
    tally = Tally(3, ("random",) * 3)
    for i in range(40):
        tally.add(game(i, winners=(0,), factions=("a", "b", "c"), played=[{"x": 1}, {}, {}]))
    stats = tally.statistics(["x", "never"])
    run = report(stats, Thresholds(card_games=10))
    lines = run.text()
    assert lines[2].endswith("fair band 28.3%–38.3%; not judged):")
    assert "  seat 0 (random)  100.0%  [91.2%–100.0%]  40/40" in lines
    assert "  never played (1; not judged): never" in lines
    note = (
        "balance and cards not judged: every seat plays random agents, "
        "whose play says nothing about balance or cards"
    )
    assert lines[-2:] == [note, "verdict: PASS"]
    assert not any(line.startswith("  balance not judged for") for line in lines)
    data = run.to_json()
    assert set(data["not_judged"]) == {"houses", "seats", "cards"}  # haggle has no such endings
    assert data["verdict"] == "pass" and data["cards_never_played"] == ["never"]
    assert not any(s["judged"] for s in data["seats"])
    assert not any(h["judged"] for h in data["houses"].values())
    text = _pdf_text(run)
    assert "Verdict: PASS" in text and "balance and cards not judged" in text
    assert "Not judged: every seat plays random agents" in text


def test_seats_are_named_as_people_read_them() -> None:
    assert seats_text([2]) == "seat 2"
    assert seats_text([0, 2]) == "seats 0, 2"
    assert seats_text([0, 1]) == "seats 0, 1"
    assert seats_text([1, 2, 3]) == "seats 1–3"
    assert BUILTIN_AGENTS[RANDOM_AGENT] is RandomAgent  # the name the verdict looks for


def _pdf_text(run: PlaytestReport) -> str:
    pages = PdfReader(io.BytesIO(render_report(run))).pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)
