"""``pnp validate fief`` catches what would otherwise fail later, in the referee or the kit.

Each test breaks one thing in a copy of the shipped content and runs the
command: it must print the exact ``file:line:col: field: message`` line,
exit with status 2 and show no traceback.
"""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pnp.cli import app
from pnp.content import LoadedContent
from pnp.rulesets.fief import RULESET
from tests.content.copies import at as _at
from tests.content.copies import validate_problems
from tests.rulesets.fief.variants import edit

runner = CliRunner()


def _fails_with(folder: Path, line: str) -> None:
    """``pnp validate fief`` on ``folder`` reports ``line`` and exits with status 2."""
    result = runner.invoke(app, ["validate", "fief", "--content", str(folder)])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert line in result.output.splitlines(), result.output


# -- ids the referee relies on ---------------------------------------------------------


def test_a_renamed_building_the_referee_builds(content_copy: Path) -> None:
    units = content_copy / "units.yaml"
    edit(units, "{id: mill,", "{id: watermill,")
    _fails_with(
        content_copy,
        f"{_at(units, 'buildings:')}: buildings: the referee needs the building 'mill': "
        "it builds Mills by this id and pays them in the Income phase",
    )
    _fails_with(
        content_copy,
        f"{_at(units, 'id: watermill')}: buildings[0].id: the referee knows only the buildings "
        "mill, stronghold, fortified-city, sept, maester: 'watermill' would be printed but "
        "never built",
    )


def test_a_renamed_master_title(content_copy: Path) -> None:
    titles = content_copy / "titles.yaml"
    edit(titles, "{id: master-of-coin,", "{id: master-of-treasure,")
    _fails_with(
        content_copy,
        f"{_at(titles, 'titles:')}: titles: the referee needs the title 'master-of-coin': "
        "the Master of Coin's shield from taxes is played by this id",
    )


def test_a_master_title_off_the_council(content_copy: Path) -> None:
    titles = content_copy / "titles.yaml"
    edit(
        titles,
        "{id: master-of-laws, name: Master of Laws, kind: high, council: true,",
        "{id: master-of-laws, name: Master of Laws, kind: high, council: false,",
    )
    _fails_with(
        content_copy,
        f"{_at(titles, 'council: false')}: titles[21].council: 'master-of-laws' must be a "
        "Small Council seat (council: true): the referee seats its holder on the Council",
    )


# -- House abilities ---------------------------------------------------------------------


def test_start_anywhere_coastal_with_a_home(content_copy: Path) -> None:
    houses = content_copy / "houses.yaml"
    edit(
        houses,
        "      - cancel_death: {per: game}\n",
        "      - cancel_death: {per: game}\n      - start_anywhere_coastal: true\n",
    )
    _fails_with(
        content_copy,
        f"{_at(houses, 'start_anywhere_coastal')}: houses[1].abilities[1].start_anywhere_coastal: "
        "House 'baratheon' has a home Fief ('stormlands'): start_anywhere_coastal is for a "
        "House with home: null, which picks a coastal Village of a Fief nobody holds",
    )


def test_a_starting_title_the_referee_cannot_start_with(content_copy: Path) -> None:
    houses = content_copy / "houses.yaml"
    edit(houses, "starting_title: mother-of-dragons", "starting_title: master-of-coin")
    _fails_with(
        content_copy,
        f"{_at(houses, 'starting_title')}: houses[8].abilities[2].starting_title: only "
        "'mother-of-dragons' may be a starting Title: the referee takes its Court card out of "
        "the deck at set-up, and starts no game with 'master-of-coin' already held",
    )


def test_a_starting_title_its_initial_noble_may_not_hold(content_copy: Path) -> None:
    houses = content_copy / "houses.yaml"
    edit(
        houses,
        "      - cancel_death: {per: game}\n",
        "      - cancel_death: {per: game}\n      - starting_title: mother-of-dragons\n",
    )
    _fails_with(
        content_copy,
        f"{_at(houses, 'starting_title')}: houses[1].abilities[1].starting_title: "
        "'mother-of-dragons' is for ladies but the initial Noble 'baratheon-stannis' "
        "(lord_card) is a lord",
    )


# -- player counts -----------------------------------------------------------------------


def test_more_players_than_the_referee_plays(content_copy: Path) -> None:
    rules = content_copy / "rules.yaml"
    edit(rules, "max_players: 6", "max_players: 8")
    _fails_with(
        content_copy,
        f"{_at(rules, 'max_players')}: rules.max_players: the referee plays 3–6 players, "
        "not more than 6",
    )


def test_fewer_players_than_the_referee_plays(content_copy: Path) -> None:
    rules = content_copy / "rules.yaml"
    edit(rules, "min_players: 3", "min_players: 2")
    _fails_with(
        content_copy,
        f"{_at(rules, 'min_players')}: rules.min_players: the referee plays 3–6 players, "
        "not fewer than 3",
    )


def test_shipped_player_counts_are_the_command_lines(content: LoadedContent) -> None:
    """``pnp rulesets`` and ``--players`` offer exactly the shipped rules.yaml's range."""
    rules = content.model.rules
    assert RULESET.player_counts == tuple(range(rules.min_players, rules.max_players + 1))
    result = runner.invoke(app, ["rulesets"])
    line = next(x for x in result.output.splitlines() if x.startswith("fief "))
    assert f"{rules.min_players}–{rules.max_players} players" in line


# -- what printing needs -----------------------------------------------------------------


def test_title_token_count_that_misses_a_title(content_copy: Path) -> None:
    tokens = content_copy / "tokens.yaml"
    edit(tokens, "shape: square, count: 8}", "shape: square, count: 9}")
    _fails_with(
        content_copy,
        f"{_at(tokens, 'count: 9')}: tokens[35].count: 9 'lordship' token(s) but the content "
        "has 8 such Title(s); the kit prints one token per Title",
    )


def test_shared_unit_token_count(content_copy: Path) -> None:
    tokens = content_copy / "tokens.yaml"
    edit(tokens, "shape: round, count: 7}", "shape: round, count: 5}")
    _fails_with(
        content_copy,
        f"{_at(tokens, 'count: 5}')}: tokens[30].count: 5 'whitecloak' tokens but units.yaml "
        "shares 7",
    )


def test_building_without_counters(content_copy: Path) -> None:
    tokens = content_copy / "tokens.yaml"
    edit(tokens, "  - {id: sept-counter, name: Sept, shape: square, count: 39}\n", "")
    units = content_copy / "units.yaml"
    _fails_with(
        content_copy,
        f"{_at(units, '{id: sept,')}: buildings[3]: building 'sept' has no counters to print: "
        "give it a limit, or declare a 'sept-counter' token with its count in tokens.yaml",
    )


def test_decision_placeholder_naming_no_rule(content_copy: Path) -> None:
    decisions = content_copy / "decisions.yaml"
    edit(decisions, "no one may hold more than 6 cards", "no one may hold more than {rules.hand}")
    where = _at(decisions, 'text: "Each player may discard')
    _fails_with(
        content_copy, f"{where}: decisions[2].text: {{rules.hand}} names no number of the rules"
    )


def test_a_misspelt_decision_placeholder_gets_a_hint(content_copy: Path) -> None:
    decisions = content_copy / "decisions.yaml"
    edit(
        decisions,
        "no one may hold more than 6 cards",
        "no one may hold more than {rules.hand_limt} or {rules.battle.dice.face}",
    )
    where = _at(decisions, 'text: "Each player may discard')
    for line in (
        f"{where}: decisions[2].text: {{rules.battle.dice.face}} names no number of the rules "
        "(did you mean {rules.battle.dice.faces}?)",
        f"{where}: decisions[2].text: {{rules.hand_limt}} names no number of the rules "
        "(did you mean {rules.hand_limit}?)",
    ):
        _fails_with(content_copy, line)


def test_an_unknown_free_troops_unit_lists_the_units(content_copy: Path) -> None:
    court = content_copy / "cards" / "court.yaml"
    edit(court, "{free_troops: {unit: knight,", "{free_troops: {unit: sellsword,")
    _fails_with(
        content_copy,
        f"{_at(court, 'unit: sellsword')}: court[6].effect.free_troops.unit: unknown units id "
        "'sellsword' (known: man-at-arms, knight, archer, champion, siege-engine, unsullied, "
        "whitecloak)",
    )
    edit(court, "unit: sellsword", "unit: knigth")
    _fails_with(
        content_copy,
        f"{_at(court, 'unit: knigth')}: court[6].effect.free_troops.unit: unknown units id "
        "'knigth' (did you mean 'knight'?)",
    )


# -- one run reports every problem (a schema error does not hide the rest) -------------

#: the schema error of :func:`_break_sansa`
SANSA = "nobles[5].sex: Input should be 'lord' or 'lady', got 'ladyy' (did you mean 'lady'?)"


def _break_sansa(folder: Path) -> str:
    """Misspell Sansa Stark's sex (a schema error; she is House Stark's initial Lady);
    return where pnp reports it."""
    stark = folder / "nobles" / "stark.yaml"
    edit(
        stark,
        "house: stark, sex: lady, attributes: [heart",
        "house: stark, sex: ladyy, attributes: [heart",
    )
    return _at(stark, "sex: ladyy")


def test_a_schema_error_does_not_hide_the_problems_of_other_files(content_copy: Path) -> None:
    sansa = _break_sansa(content_copy)
    roads, units = content_copy / "map.yaml", content_copy / "units.yaml"
    edit(roads, "{a: last-hearth, b: winterfell}", "{a: last-hearth, b: winterfel}")
    edit(units, "{id: mill,", "{id: watermill,")
    assert validate_problems("fief", content_copy) == [
        f"{_at(roads, 'b: winterfel}')}: roads[1].b: unknown villages id 'winterfel' "
        "(did you mean 'winterfell'?)",
        f"{sansa}: {SANSA}",
        f"{_at(units, 'buildings:')}: buildings: the referee needs the building 'mill': "
        "it builds Mills by this id and pays them in the Income phase",
        f"{_at(units, 'id: watermill')}: buildings[0].id: the referee knows only the buildings "
        "mill, stronghold, fortified-city, sept, maester: 'watermill' would be printed but "
        "never built",
    ]


def test_a_broken_noble_is_neither_unknown_nor_missing_from_the_counts(
    content_copy: Path,
) -> None:
    """With Sansa left out for her schema error, Stark would have 2 Ladies, the game 71
    House Nobles and Stark's initial Lady would be unknown: none is reported; the rules
    problem in another file is."""
    sansa = _break_sansa(content_copy)
    rules = content_copy / "rules.yaml"
    edit(rules, "min_players: 3", "min_players: 2")
    assert validate_problems("fief", content_copy) == [
        f"{sansa}: {SANSA}",
        f"{_at(rules, 'min_players: 2')}: rules.min_players: the referee plays 3–6 players, "
        "not fewer than 3",
    ]
