"""Statistics helpers: Wilson intervals, quantiles, order-independent tallies."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.engine.runner import CAPPED, CRASHED, FINISHED, VIOLATED
from pnp.playtest.stats import (
    DRAWN_GAMES,
    PLAYED_WINS,
    Histogram,
    PeakStats,
    Rate,
    Tally,
    quantile,
    spread,
    wilson,
)
from pnp.playtest.verdict import Thresholds, undecided, verdict
from pnp.playtest.worker import GameSummary


def test_wilson_known_values() -> None:
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_contains_the_rate(wins: int, games: int) -> None:
    wins = min(wins, games)
    low, high = wilson(wins, games)
    assert 0 <= low <= wins / games <= high <= 1


def test_quantiles_and_spread() -> None:
    values = list(range(1, 11))
    assert quantile(values, 0.5) == 5.5
    assert quantile(values, 0.1) == pytest.approx(1.9)
    assert quantile(values, 0.9) == pytest.approx(9.1)
    s = spread([3, 1, 2])
    assert s == {"mean": 2.0, "median": 2.0, "p10": 1.2, "p90": 2.8, "min": 1, "max": 3}
    assert spread([])["mean"] == 0.0


def game(index, status=FINISHED, winners=(0,), factions=("a", "b"), first=0, rounds=5, played=None):
    return GameSummary(
        index=index,
        seed=index,
        status=status,
        ending={FINISHED: "points", CAPPED: "round_cap"}.get(status),
        winners=winners,
        rounds=rounds,
        steps=rounds * 4,
        factions=factions,
        first_player=first,
        drawn=[{"x": 2}],
        played=played if played is not None else [{"x": 1}, {}],
        failure="RuntimeError: boom (applying decision 3)" if status == CRASHED else None,
        violations=["gold < 0"] if status == VIOLATED else [],
    )


def test_tally_is_order_independent() -> None:
    games = [
        game(0),
        game(1, winners=(1,), factions=("b", "a"), first=1),
        game(2, status=CAPPED, winners=()),
        game(3, status=CRASHED, winners=()),
        game(4, status=VIOLATED, winners=()),
        game(5, winners=(0, 1), played=[{}, {"y": 2}]),
    ]
    forward, backward = Tally(2, ("random", "heuristic")), Tally(2, ("random", "heuristic"))
    for g in games:
        forward.add(g)
    for g in reversed(games):
        backward.add(g)
    a, b = forward.statistics(["x", "y", "z"]), backward.statistics(["x", "y", "z"])
    assert a == b
    assert a.games == 6 and a.completed == 4 and a.cap_hits == 1
    assert [g.index for g in a.crashes] == [3] and [g.index for g in a.violations] == [4]
    assert a.houses["a"].games == 4 and a.houses["a"].wins == 3
    assert a.seats[1].wins == 2 and a.agents["heuristic"].wins == 2
    assert a.first_player is not None and (a.first_player.games, a.first_player.wins) == (4, 3)
    assert list(a.rounds) == [5, 5, 5]  # finished games only
    assert a.endings == {"points": 3, "round_cap": 1}
    assert a.cards["x"].played == 5 and a.cards["x"].winner_played == 1
    assert a.cards["y"].played == 2 and a.cards["y"].winner_played == 1
    assert a.never_played == ["z"]
    assert a.fair_rate == pytest.approx(4 / 8)


def test_verdict_reasons() -> None:
    # heuristic seats: a run with a random seat does not judge balance or cards
    tally = Tally(2, ("heuristic", "heuristic"))
    for i in range(100):
        # house "a" always wins: far outside any fair band, three times in four by "crown"
        summary = game(
            i, winners=(0,) if i % 2 else (1,), factions=("a", "b") if i % 2 else ("b", "a")
        )
        summary.paths = ("coin",) if i % 4 == 0 else ("crown",)
        tally.add(summary)
    tally.add(game(100, status=CAPPED, winners=()))
    tally.add(game(101, status=CRASHED, winners=()))
    stats = tally.statistics(["x", "never"])
    reasons = verdict(stats, Thresholds(fair_margin=0.05, max_cap_rate=0.0, card_games=50))
    text = "\n".join(reasons)
    assert "1 game(s) crashed (first: game 101, seed 101: RuntimeError: boom" in text
    assert "1 game(s) hit a cap (1.0%, more than the 0.0% allowed)" in text
    assert "a wins 99.0% of its games" in text and "b wins 0.0% of its games" in text
    # the failing House's reason says how it wins; one that never wins has no way
    assert (
        "a wins 99.0% of its games (95% CI 94.6%–99.8%; the interval lies 40.1 points above "
        "the fair band 44.5%–54.5%); commonest way to win: crown (75.0% of its wins)"
    ) in text
    assert (
        "b wins 0.0% of its games (95% CI 0.0%–3.7%; the interval lies 40.8 points below the "
        "fair band 44.5%–54.5%)\n"
    ) in (text + "\n")
    assert "seat" not in text  # each seat won half its games
    assert "1 card(s) never played in 102 games: never" in text
    relaxed = verdict(stats, Thresholds(fair_margin=1.0, max_cap_rate=0.5, card_games=1000))
    assert relaxed == [reasons[0]]


def test_a_house_with_few_games_is_undecided_not_failed() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    for i in range(6):  # "a" wins all 6: 95% CI 61%-100%, far above the band
        tally.add(game(i, winners=(0,), factions=("a", "b")))
    stats = tally.statistics(["x"])
    few = Thresholds(house_games=7, seat_games=7)
    assert verdict(stats, few) == []
    left = undecided(stats, few)
    assert [(j.what, j.name) for j in left] == [
        ("house", "a"),
        ("house", "b"),
        ("seat", "seat 0 (heuristic)"),
        ("seat", "seat 1 (heuristic)"),
    ]
    assert left[0].why.startswith(
        "a has played 6 games, fewer than the 7 it needs to be judged (--house-games); "
        "deciding it takes about "
    )
    judged = verdict(stats, Thresholds(house_games=6, seat_games=7))
    assert any(r.startswith("a wins 100.0% of its games") for r in judged)
    assert [j.name for j in undecided(stats, Thresholds(house_games=6))][:1] == [
        "seat 0 (heuristic)"
    ]
    assert Thresholds().house_games == 30


def test_verdict_counts_endings_without_a_victory() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    for i in range(20):
        tally.add(game(i, winners=(i % 2,), factions=("a", "b")))
    stats = tally.statistics(["x"])
    assert stats.endings == {"points": 20}
    strict = Thresholds(fair_margin=1.0, undecided_endings=frozenset({"points"}))
    assert verdict(stats, strict) == []  # 100% allowed by default
    judged = Thresholds(
        fair_margin=1.0, undecided_endings=frozenset({"points"}), max_undecided_rate=0.5
    )
    assert verdict(stats, judged) == [
        "20 game(s) ended without a victory (points: 100.0% of finished games, "
        "95% CI 83.9%–100.0%; more than the 50.0% allowed)"
    ]
    other = Thresholds(
        fair_margin=1.0, undecided_endings=frozenset({"round_limit"}), max_undecided_rate=0.0
    )
    assert verdict(stats, other) == []


def test_ways_to_win_are_counted_per_house_of_the_winner() -> None:
    tally = Tally(2, ("random", "random"))
    ways = [("a", "b", (0,), ("king",)), ("b", "a", (1,), ("king",)), ("a", "b", (1,), ("crown",))]
    for i, (first, second, winners, paths) in enumerate(ways):
        summary = game(i, winners=winners, factions=(first, second))
        summary.paths = paths
        tally.add(summary)
    # a game whose ruleset tells nothing adds no way
    tally.add(game(3, winners=(0,), factions=("a", "b")))
    stats = tally.statistics(["x"])
    # seat 0 of game 0 and seat 1 of game 1 are both House a, winning by the king
    assert stats.paths == {"a": [("king", 2)], "b": [("crown", 1)]}
    assert stats.houses["a"].wins == 3  # the untold win still counts as a win


def synthetic(index: int) -> GameSummary:
    """A varied, deterministic finished game: Houses, winners, lengths, cards, peaks
    all change with ``index`` (no randomness needed)."""
    houses = ("a", "b", "c", "d", "e")
    factions = tuple(houses[(index + seat * 2) % 5] for seat in range(4))
    rounds = 5 + (index * 7) % 31
    return GameSummary(
        index=index,
        seed=index * 3,
        status=CAPPED if index % 97 == 0 else FINISHED,
        ending=("points", "influence", "round_cap")[index % 3],
        winners=(index % 4,) if index % 11 else (0, 2),
        paths=("coin",) if index % 11 else ("coin", "crown"),
        rounds=rounds,
        steps=rounds * 13 + index % 17,
        factions=factions,
        first_player=index % 4,
        drawn=[{f"card-{(index + seat) % 40}": 1 + seat} for seat in range(4)],
        played=[{f"card-{(index * seat) % 40}": 1} for seat in range(4)],
        peaks={"gold": 3 + index % 9, "marker": index % 5},
    )


def test_a_million_games_keep_the_tally_flat() -> None:
    """Issue 35: the parent keeps counts, not a summary a game. Fed a million games
    (a thousand distinct summaries, over and over: a tally that kept anything a game,
    even a reference or a small number, would keep a million of them), the tally grows
    by less than a byte a game once every House, card and length has been seen:
    tracemalloc watches 50,000 games (tracing costs ten times the tally's own work),
    and everything the tally holds, pickled, weighs the same after a million games."""
    import pickle
    import tracemalloc

    games = [synthetic(i) for i in range(1_000)]
    tally = Tally(4, ("heuristic",) * 4)
    for i in range(10_000):  # every House, card, length and peak seen once or more
        tally.add(games[i % 1_000])
    held = len(pickle.dumps(tally))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(10_000, 60_000):
            tally.add(games[i % 1_000])
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 50_000, f"the tally grew by {grown:,} bytes over 50,000 games"
    for i in range(60_000, 1_000_000):
        tally.add(games[i % 1_000])
    assert tally.games == 1_000_000
    more = len(pickle.dumps(tally)) - held
    assert more < 10_000, f"the tally holds {more:,} bytes more after 990,000 more games"


def test_the_counts_equal_the_figures_of_the_full_list() -> None:
    """The aggregates give what the full list of summaries gives, figure by figure."""
    games = [synthetic(i) for i in range(5_000)]
    tally = Tally(4, ("heuristic",) * 4)
    for g in reversed(games):
        tally.add(g)
    stats = tally.statistics(None)
    finished = [g for g in games if g.status == FINISHED]
    completed = [g for g in games if g.status in (FINISHED, CAPPED)]
    rounds = sorted(g.rounds for g in finished)
    steps = sorted(g.steps for g in finished)
    assert list(stats.rounds) == rounds and list(stats.steps) == steps
    for values, hist in ((rounds, stats.rounds), (steps, stats.steps)):
        assert spread(hist) == {
            "mean": round(sum(values) / len(values), 6),
            "median": round(quantile(values, 0.5), 6),
            "p10": round(quantile(values, 0.1), 6),
            "p90": round(quantile(values, 0.9), 6),
            "min": values[0],
            "max": values[-1],
        }
    for house in "abcde":
        played = [(g, s) for g in completed for s, f in enumerate(g.factions) if f == house]
        assert stats.houses[house].games == len(played)
        assert stats.houses[house].wins == sum(s in g.winners for g, s in played)
    for seat in range(4):
        assert stats.seats[seat].wins == sum(seat in g.winners for g in completed)
    endings: dict[str, int] = {}
    for g in completed:
        endings[g.ending or "unknown"] = endings.get(g.ending or "unknown", 0) + 1
    assert stats.endings == endings
    for card, counts in stats.cards.items():
        assert counts.played == sum(p.get(card, 0) for g in games for p in g.played)
        # per seat-game, drawn at least as often as played (a play is a sight of it)
        assert counts.drawn == sum(
            max(d.get(card, 0), p.get(card, 0))
            for g in games
            for d, p in zip(g.drawn, g.played, strict=True)
        )
    gold = stats.kit["gold"]
    assert gold.top == max(g.peaks["gold"] for g in completed)
    assert sum(gold.games.values()) == len(completed)


def test_a_histogram_reads_as_its_sorted_values() -> None:
    from pnp.playtest.stats import Histogram

    values = [7, 3, 3, 9, 5, 3, 12]
    h = Histogram.of(values)
    assert len(h) == 7 and list(h) == sorted(values) and h.total() == sum(values)
    assert [h[i] for i in range(7)] == sorted(values) and h[-1] == 12
    for q in (0.0, 0.1, 0.5, 0.9, 1.0):
        assert quantile(h, q) == quantile(sorted(values), q)
    copy = h.copy()
    h.add(1)
    assert len(copy) == 7 and copy != h and h[0] == 1
    with pytest.raises(IndexError):
        h[8]


def test_wilson_ends_are_exact_and_one_game_counts() -> None:
    # no wins: exactly 0 below (floating point alone would miss it by a hair);
    # one win of ten is not 0; one game already narrows the interval
    assert [wilson(0, games)[0] for games in (3, 6, 7, 10)] == [0.0] * 4
    assert wilson(1, 10)[0] > 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(1, 1) != (0.0, 1.0)
    assert wilson(1, 1)[1] == 1.0


def test_empty_values_give_zeros() -> None:
    assert quantile([], 0.5) == 0.0
    assert spread([]) == {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "min": 0, "max": 0}


def test_a_rate_in_json() -> None:
    low, high = wilson(1, 4)
    assert Rate(games=4, wins=1).to_json() == {
        "games": 4,
        "wins": 1,
        "rate": 0.25,
        "ci_low": round(low, 6),
        "ci_high": round(high, 6),
    }
    assert Rate(games=0, wins=0).to_json() == {
        "games": 0,
        "wins": 0,
        "rate": 0.0,
        "ci_low": 0.0,
        "ci_high": 1.0,
    }


def test_a_histogram_names_its_counts_and_a_missing_position() -> None:
    values = Histogram.of([2, 1, 1])
    assert repr(values) == "Histogram({1: 2, 2: 1})"
    assert [values[0], values[-1]] == [1, 2]
    with pytest.raises(IndexError, match=r"^3$"):
        values[3]


def test_card_counts_per_seat_game_and_house_by_hand() -> None:
    """Every count a card keeps, against three games counted by hand."""
    tally = Tally(2, ("heuristic", "heuristic"))
    one = game(0, winners=(0,), factions=("a", "b"), played=[{"x": 2}, {"x": 1, "y": 1}])
    one.drawn = [{"x": 3}, {"y": 1, "z": 2}]
    two = game(1, winners=(1,), factions=("b", "a"), played=[{"y": 1}, {}])
    two.drawn = [{"y": 2}, {"x": 1}]
    crashed = game(2, status=CRASHED, winners=(), played=[{"x": 4}, {}])
    crashed.drawn = [{"x": 1}, {}]
    for summary in (one, two, crashed):
        tally.add(summary)
    x, y, z = (tally.cards[c] for c in "xyz")
    # drawn and played copies, every game (a crashed one too); per seat-game a card is
    # drawn at least as often as played (the crashed game's seat 0 played x 4 times)
    assert (x.drawn, x.played, y.drawn, y.played, z.drawn, z.played) == (9, 7, 3, 2, 2, 0)
    # seat-games it was played in, and those the seat won (game 0 seat 0, nothing else)
    assert (x.played_games, x.winner_played) == (3, 1)
    assert (y.played_games, y.winner_played) == (2, 0)
    # strength counts per House of the seat, games with a result only:
    # [drawn or played, of those won, played, of those won]
    assert x.houses == {"a": [2, 2, 1, 1], "b": [1, 0, 1, 0]}  # game 1: House a drew x, won
    assert y.houses == {"b": [2, 0, 2, 0]}
    assert z.houses == {"b": [1, 0, 0, 0]}
    assert x.seen(DRAWN_GAMES) == 3 and x.seen(PLAYED_WINS) == 1


# --- counts at their edges (issue 36) -----------------------------------------------


def test_a_peak_keeps_the_first_game_that_reached_it_whatever_the_order() -> None:
    peaks = PeakStats()
    for index, seed in ((5, 50), (7, 70), (2, 20), (9, 90)):
        peaks.add(3, index, seed)
    assert (peaks.top, peaks.top_index, peaks.top_seed) == (3, 2, 20)
    peaks.add(4, 11, 110)
    assert (peaks.top, peaks.top_index, peaks.top_seed) == (4, 11, 110)
    assert peaks.games_over(3) == 1 and peaks.games_over(4) == 0 and peaks.games_over(2) == 5


def test_the_kit_remembers_the_seed_of_the_game_that_used_the_most() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(replace(game(3), seed=99, peaks={"coin": 4}))
    tally.add(replace(game(1), seed=77, peaks={"coin": 2}))
    coin = tally.statistics(None).kit["coin"]
    assert (coin.top, coin.top_index, coin.top_seed) == (4, 3, 99)


def test_a_game_without_an_ending_counts_as_unknown() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(replace(game(0), ending=None))
    assert tally.statistics(None).endings == {"unknown": 1}


def test_endings_and_ways_to_win_list_the_commonest_first_then_by_name() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    for i, (ending, path) in enumerate(
        [("round_cap", "z"), ("points", "b"), ("round_cap", "z"), ("points", "a"), ("draw", "y")]
    ):
        tally.add(replace(game(i), ending=ending, paths=(path,)))
    stats = tally.statistics(None)
    assert list(stats.endings.items()) == [("points", 2), ("round_cap", 2), ("draw", 1)]
    assert stats.paths["a"] == [("z", 2), ("a", 1), ("b", 1), ("y", 1)]


def test_a_winner_without_a_house_adds_no_way_to_win() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(replace(game(0), winners=(1,), factions=("a",), paths=("x",)))
    assert tally.statistics(None).paths == {}


def test_a_game_that_lists_fewer_seats_plays_than_houses_is_counted() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(replace(game(0), drawn=[{"x": 1}], played=[{"x": 1}]))
    x = tally.statistics(None).cards["x"]
    assert x.houses == {"a": [1, 1, 1, 1]}


def test_cards_not_in_the_content_follow_in_name_order() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(replace(game(0), drawn=[{"z": 1, "y": 1}, {}], played=[{}, {}]))
    assert list(tally.statistics(["w"]).cards) == ["w", "y", "z"]


def test_seats_playing_the_same_agent_add_up() -> None:
    tally = Tally(3, ("heuristic", "random", "heuristic"))
    for i in range(4):
        tally.add(game(i, winners=(i % 3,), factions=("a", "b", "c")))
    agents = tally.statistics(None).agents
    assert agents == {"heuristic": Rate(8, 3), "random": Rate(4, 1)}


def test_a_run_with_no_result_has_no_fair_rate_and_no_first_player_figure() -> None:
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(game(0, status=CRASHED, winners=()))
    stats = tally.statistics(None)
    assert stats.fair_rate == 0.0 and stats.first_player is None
    tally = Tally(2, ("heuristic", "heuristic"))
    tally.add(replace(game(0), first_player=None))
    assert tally.statistics(None).first_player is None


def test_the_fair_rate_is_the_winners_over_the_seats_as_the_readme_says() -> None:
    """The README called the fair rate 1/players; it is the winners over the seats of the
    games with a result, so caps lower it and shared wins raise it."""
    from pathlib import Path

    from pnp.playtest.verdict import fair_band

    capped = Tally(2, ("heuristic", "heuristic"))
    capped.add(game(0))
    for index in (1, 2, 3):  # three games in four stopped at the cap: nobody won
        capped.add(game(index, status=CAPPED, winners=()))
    capped.add(game(4, status=CRASHED, winners=()))  # no result: left out
    stats = capped.statistics([])
    assert stats.fair_rate == pytest.approx(0.125)
    assert fair_band(stats, Thresholds(fair_margin=0.05)) == pytest.approx((0.075, 0.175))
    shared = Tally(2, ("heuristic", "heuristic"))
    shared.add(game(0, winners=(0, 1)))  # a shared victory
    shared.add(game(1))
    assert shared.statistics([]).fair_rate == pytest.approx(3 / 4)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    assert "fair rate (1/players)" not in readme
    assert "fair rate of 12.5%" in readme and "a band of 7.5–17.5%" in readme
