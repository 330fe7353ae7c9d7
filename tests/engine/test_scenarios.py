"""The scenario runner on the haggle fixture: passing files, clear diffs, located errors."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from pnp.content import ContentError
from pnp.engine.scenarios import ScenarioRunner
from pnp.engine.scenarios.matching import matches
from pnp.engine.scenarios.paths import FieldDefaults, PathError, StatePath
from pnp.rulesets import find_ruleset
from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE, SCENARIOS

BASE = """
ruleset: haggle
covers: [HG-TURN-02]
about: Playing a card pays its cost and scores its value.
setup:
  players: 2
  seats:
    - {hand: [silk-scarf, spice-jar], gold: 2}
    - {hand: [copper-ring], gold: 0}
  deck: [copper-ring]
  dice: [4]
"""


def fail_text(runner: ScenarioRunner, path: Path) -> str:
    outcome = runner.run(path)
    assert not outcome.passed, "the scenario should have failed"
    return "\n".join(outcome.lines())


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.yaml")), ids=lambda p: p.name)
def test_fixture_scenarios_pass(runner: ScenarioRunner, path: Path) -> None:
    outcome = runner.run(path)
    assert outcome.passed, "\n".join(outcome.lines())
    assert outcome.covers and all(c.startswith("HG-") for c in outcome.covers)


def test_passing_script_with_checkpoint(runner: ScenarioRunner, write) -> None:
    path = write(
        BASE
        + """
script:
  - expect: {decision: {seat: 0, options: [play silk-scarf, play spice-jar, draw, pass]}}
  - {seat: 0, choose: play spice-jar}
  - expect:
      events: [{kind: card_played, seat: 0, card: spice-jar}]
      state:
        seats[0].gold: 0
        seats[0].points: 3
expect:
  events: [{kind: gold_gained, seat: 1, amount: 2}]
  state:
    seats[1].gold: 2
"""
    )
    outcome = runner.run(path)
    assert outcome.passed, "\n".join(outcome.lines())
    assert outcome.lines() == [f"PASS  {path}"]


def test_wrong_event_shows_the_event_list_and_the_near_miss(runner, write) -> None:
    path = write(
        BASE
        + """
script:
  - {seat: 0, choose: play spice-jar}
expect:
  events:
    - {kind: card_played, seat: 0, card: spice-jar}
    - {kind: gold_gained, seat: 1, amount: 3}
"""
    )
    text = fail_text(runner, path)
    assert "FAIL" in text and str(path.name) in text
    assert "expect.events[1] (line 17): no matching event after event #1" in text
    assert "expected: {kind: gold_gained, seat: 1, amount: 3}" in text
    assert "✓ #1 card_played seat 0 {card: spice-jar, value: 3}" in text
    assert "#3 gold_gained seat 1 {amount: 2}   ← amount 2 ≠ 3" in text


def test_wrong_state_shows_expected_and_actual(runner, write) -> None:
    path = write(
        BASE
        + """
script:
  - {seat: 0, choose: play silk-scarf}
expect:
  state:
    seats[0].points: 2
    seats[0].gold: 0
    seats[0].hand: [spice-jar]
    seats[3].gold: 1
"""
    )
    text = fail_text(runner, path)
    assert "expect.state.seats[0].gold (line 17):\n    expected: 0\n    actual:   1" in text
    assert "seats[0].points" not in text  # only what differs is shown
    assert "seats[3].gold (line 19): no such state: seats has 2 items, no [3]" in text


def test_unknown_label_suggests_and_lists_options(runner, write) -> None:
    path = write(BASE + "script:\n  - {seat: 0, choose: play silk-scraf}\n")
    text = fail_text(runner, path)
    assert "script[0] (line 12): no option 'play silk-scraf'" in text
    assert "did you mean 'play silk-scarf'?" in text
    assert "pending: seat 0, action, options:" in text and "3: pass" in text


def test_a_script_without_begin_is_told_to_start_with_it(write) -> None:
    """A ruleset's scenario game opens with a one-option ``begin``; a script that
    skips it fails with a hint (scripts written before that opening existed)."""
    path = write(
        """
        ruleset: thrones
        covers: [TH-TAX-01]
        about: A script that forgets the opening begin.
        setup:
          players: 2
          phase: taxation
          seats: [{house: stark, gold: 1}, {house: lannister}]
        script:
          - {seat: 0, choose: pass}
        """
    )
    text = fail_text(ScenarioRunner(find_ruleset), path)  # the shipped rulesets and content
    assert "script[0] (line 9): no option 'pass'" in text
    assert "start the script with `- {choose: begin}`" in text
    assert "pending: seat 0, scenario_start, options:" in text and "0: begin" in text


def test_wrong_seat_fails(runner, write) -> None:
    path = write(BASE + "script:\n  - {seat: 1, choose: pass}\n")
    text = fail_text(runner, path)
    assert "expected seat 1 to choose 'pass', but the pending decision is seat 0's" in text


def test_choosing_after_the_end_fails(runner, write) -> None:
    path = write(
        BASE.replace("gold: 2}", "gold: 2, played: [gold-crown, silver-cup]}")
        + "script:\n  - {choose: play spice-jar}\n  - {choose: pass}\n"
    )
    text = fail_text(runner, path)
    assert "script[1] (line 13): cannot choose 'pass': the game is over" in text
    assert "ending: target" in text


def test_decision_expectations(runner, write) -> None:
    path = write(
        BASE
        + """
expect:
  decision:
    seat: 1
    kind: respond
    options: [pass]
    includes: [draw, play gold-crown]
    excludes: [pass]
"""
    )
    text = fail_text(runner, path)
    for line in (
        "seat: expected 1, actual 0",
        "kind: expected respond, actual action",
        "options: expected [pass]",
        "actual   [play silk-scarf, play spice-jar, draw, pass]",
        "includes: missing [play gold-crown]",
        "excludes: present [pass]",
    ):
        assert line in text


def test_no_decision_and_result_expectations(runner, write) -> None:
    path = write(BASE + "expect:\n  decision: null\n  result: {winners: [0], ending: target}\n")
    text = fail_text(runner, path)
    assert "expect.decision (line 12): expected no pending decision" in text
    assert "expect.result (line 13): expected the game to be over" in text
    path = write(BASE + "expect:\n  result: null\n  decision: {seat: 0}\n", "ok.yaml")
    assert runner.run(path).passed


def test_absent_event_that_occurred(runner, write) -> None:
    path = write(
        BASE + "script:\n  - {choose: play silk-scarf}\nexpect:\n  absent: [{kind: card_played}]\n"
    )
    text = fail_text(runner, path)
    assert "expect.absent[0] (line 14): an event that must not occur did" in text
    assert "occurred: #1 card_played seat 0 {card: silk-scarf, value: 2}" in text


def test_checkpoint_events_are_not_matched_twice(runner, write) -> None:
    path = write(
        BASE
        + """
script:
  - {choose: play silk-scarf}
  - expect: {events: [{kind: card_played, seat: 0}]}
  - {choose: pass}
expect:
  events: [{kind: card_played, seat: 0}]
"""
    )
    text = fail_text(runner, path)
    assert "expect.events[0] (line 17): no matching event after event #1" in text
    # the event the checkpoint took is marked, and why it is not searched again is said
    assert "    ^ #1 card_played seat 0" in text
    assert "^ matched or passed over by an earlier checkpoint" in text


def test_subset_and_strict_value_matching(runner, write) -> None:
    path = write(
        BASE
        + """
script:
  - {choose: play silk-scarf}
expect:
  events: [{kind: card_played, card: silk-scarf, value: 2}]
  state:
    seats[0]: {gold: 1, points: 2}
    len(seats[0].hand): 1
    offer: null
"""
    )
    assert runner.run(path).passed
    path = write(
        BASE + "expect:\n  state:\n    seats[0].gold: 2.0\n    len(deck): true\n", "b.yaml"
    )
    text = fail_text(runner, path)
    assert "len(deck)" in text and "expected: true" in text
    assert "seats[0].gold" not in text  # 2.0 equals 2


def test_an_empty_mapping_expects_nothing_there(runner, write) -> None:
    # {} says "empty", not "any mapping": seat 0 has fields, so this fails
    path = write(BASE + "expect:\n  state:\n    seats[0]: {}\n")
    assert "seats[0]" in fail_text(runner, path)
    assert matches({}, {}) and not matches({}, {"gold": 1}) and not matches({}, [])
    assert matches({"a": {}}, {"a": {}, "b": 2}) and not matches({"a": {}}, {"a": {"c": 1}})


def test_invariant_violation_fails_the_scenario(runner, write) -> None:
    path = write(
        BASE.replace("  dice: [4]", "  dice: [4]\n  options: {leak_on: silk-scarf}")
        + "script:\n  - {choose: play silk-scarf}\n  - {choose: pass}\n"
    )
    text = fail_text(runner, path)
    assert "after script[0] (line 13): invariant violated:" in text
    assert "- seat 0 has -99 gold" in text


def test_crash_in_the_ruleset_fails_with_its_traceback(runner, write) -> None:
    path = write(
        BASE.replace("  dice: [4]", "  dice: [4]\n  options: {crash_on: silk-scarf}")
        + "script:\n  - {choose: play silk-scarf}\n"
    )
    text = fail_text(runner, path)
    assert (
        "script[0] (line 13): choosing 'play silk-scarf': the ruleset raised RuntimeError" in text
    )
    assert "planted crash" in text and "game.py" in text


# -- malformed files: located errors ------------------------------------------------


def problems(runner: ScenarioRunner, path: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        runner.run(path)
    return [str(p) for p in info.value.problems]


def test_yaml_syntax_error_is_located(runner, write) -> None:
    path = write("ruleset: haggle\ncovers: [HG-TURN-01\n")
    (line,) = problems(runner, path)
    assert line.startswith(f"{path}:") and "YAML syntax error" in line


def test_schema_errors_are_located(runner, write) -> None:
    path = write(
        """
ruleset: haggle
covers: [hg-turn-01]
setup: {players: 2}
script:
  - {seet: 0, choose: pass}
  - {seat: 0}
expect:
  state: {"seats[0]..gold": 1}
  events: [{seat: 0}]
"""
    )
    found = problems(runner, path)
    text = "\n".join(found)
    assert f"{path}:2:10: covers[0]: " in text and "not a checklist ID" in text
    assert f"{path}:9:12: expect.events[0]: " in text
    assert f"{path}:1:1: about: required field is missing" in text
    assert "script[0].seet: unknown field (did you mean 'seat'?)" in text
    assert f"{path}:6:5: script[1]:" in text and "needs `choose`" in text
    assert "cannot read the state path 'seats[0]..gold'" in text
    assert "needs a `kind`" in text


def test_unknown_ruleset_is_located(runner, write) -> None:
    path = write(BASE.replace("ruleset: haggle", "ruleset: thornes"))
    (line,) = problems(runner, path)
    assert line.startswith(f"{path}:1:1: ruleset: unknown ruleset 'thornes'")


def test_setup_errors_from_the_ruleset_are_located(runner, write) -> None:
    path = write(BASE.replace("hand: [copper-ring]", "hand: [copper-ring, copper-rign]"))
    (line,) = problems(runner, path)
    assert line == f"{path}:8:28: setup.seats[1].hand[1]: unknown card 'copper-rign'"


def test_fixture_card_errors_are_located(runner, write) -> None:
    path = write(BASE + "cards:\n  - {id: test-x, name: X, cost: -1, value: 1, colour: red}\n")
    found = problems(runner, path)
    assert f"{path}:12:27: cards[0].cost: must be at least 0, got -1" in found
    assert f"{path}:12:47: cards[0].colour: unknown field" in found


def test_ruleset_without_scenario_support_is_located(write) -> None:
    import dataclasses

    from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE

    bare = dataclasses.replace(HAGGLE, scenario_game=None)
    path = write(BASE)
    with pytest.raises(ContentError) as info:
        ScenarioRunner(find=lambda name: bare, content_root=CONTENT_ROOT).run(path)
    assert str(info.value) == (
        f"{path}:1:1: ruleset: the haggle ruleset cannot run scenarios yet (no scenario_game)"
    )


def test_a_crash_while_building_the_setup_is_a_failure(write) -> None:
    import dataclasses

    from tests.fixtures.haggle import CONTENT_ROOT, HAGGLE

    def broken(content, setup, cards, seed):
        raise KeyError("seats")

    ruleset = dataclasses.replace(HAGGLE, scenario_game=broken)
    runner = ScenarioRunner(find=lambda name: ruleset, content_root=CONTENT_ROOT)
    text = fail_text(runner, write(BASE))
    assert "setup (line 4): the ruleset raised KeyError: 'seats'" in text


@pytest.mark.parametrize("seat", ["true", '"0"', "-1", "1.0"])
def test_a_step_seat_is_a_seat_number_as_written(runner, write, seat: str) -> None:
    path = write(BASE + f"script:\n  - {{seat: {seat}, choose: begin}}\n")
    (line,) = problems(runner, path)
    assert line.startswith(f"{path}:12:") and "script[0].seat: " in line


def test_a_scenario_that_checks_nothing_is_malformed(runner, write) -> None:
    """No script and no expect: it would pass having played and checked nothing."""
    path = write(BASE)
    with pytest.raises(ContentError) as info:
        runner.run(path)
    assert info.value.lines()[0].startswith(f"{path}:1:1: expect: the scenario checks nothing")


def test_a_script_that_never_begins_is_malformed_with_the_hint(write) -> None:
    """A scenario game opening with `begin` that the script never chooses played nothing."""
    runner = ScenarioRunner(find_ruleset)
    path = write(
        """
        ruleset: thrones
        covers: [TH-CHAL-12]
        about: nothing is played
        setup:
          players: 2
          phase: challenges
          seats:
            - {house: stark}
            - {house: lannister}
        expect:
          state:
            round: 1
        """
    )
    # known before anything runs: the file's mistake (exit 2), not a failed rule
    with pytest.raises(ContentError) as info:
        runner.run(path)
    line = info.value.lines()[0]
    assert line.startswith(f"{path}:1:1: script: the script never chooses `begin`")
    assert "- {choose: begin}" in line


def test_number_keys_find_the_snapshots_string_keys() -> None:
    """YAML reads `{0: …}` with a number key; a snapshot's keys are strings."""
    assert matches({0: {"knight": 2}}, {"0": {"knight": 2}})
    assert not matches({0: {"knight": 2}}, {"0": {"knight": 3}})
    assert not matches({True: 1}, {"True": 1})  # a boolean key is no seat number


def test_a_state_mapping_failure_points_at_the_key_that_differs(runner, write) -> None:
    path = write(
        BASE
        + """
script:
  - {seat: 0, choose: play spice-jar}
expect:
  state:
    seats[0]: {gold: 3, points: 3, nosuch: 1}
"""
    )
    text = fail_text(runner, path)
    assert "expect.state.seats[0] (line 16):" in text
    assert "  seats[0].gold: expected 3, actual 0" in text
    assert "  seats[0].nosuch: missing (keys here: gold, hand, house, played, points)" in text
    assert "points: expected" not in text  # the key that matches is not listed
    assert "actual:   {" not in text  # nor the whole seat


def test_a_failing_choice_shows_what_the_previous_step_caused(runner, write) -> None:
    """The game may run on by itself after a step; the failure shows how far."""
    path = write(
        BASE
        + """
script:
  - {seat: 0, choose: play spice-jar}
  - {seat: 0, choose: play silk-scarf}
"""
    )
    text = fail_text(runner, path)
    assert "expected seat 0 to choose 'play silk-scarf'" in text
    assert "since the previous step (a decision with one option is taken without a step):" in text
    assert "#1 card_played seat 0" in text


def test_a_position_that_breaks_an_invariant_is_a_malformed_setup(runner, write) -> None:
    """Before any decision nothing has been played: a broken invariant is the file's
    mistake (exit 2 at `setup:`), not a failed rule."""
    path = write(
        BASE.replace("{hand: [copper-ring], gold: 0}", "{hand: [copper-ring], gold: 0, points: 5}")
        + """
script:
  - {seat: 0, choose: pass}
"""
    )
    with pytest.raises(ContentError) as info:
        runner.run(path)
    assert info.value.lines()[0] == (
        f"{path}:4:1: setup: the position breaks a rule the referee checks: "
        "seat 1 has 5 points, but its cards score 0"
    )


def test_covering_another_rulesets_rule_is_located(runner, write) -> None:
    """A thrones scenario naming IT-ENC-07 would count toward no rule it shows."""
    path = write(
        BASE.replace("covers: [HG-TURN-02]", "covers: [HG-TURN-02, IT-ENC-07]")
        + """
script:
  - {seat: 0, choose: pass}
"""
    )
    with pytest.raises(ContentError) as info:
        runner.run(path)
    assert info.value.lines()[0] == (
        f"{path}:2:22: covers[1]: 'IT-ENC-07' is not a haggle rule: its checklist IDs begin HG-"
    )


def test_what_the_script_gets_wrong_before_it_runs_is_located(write) -> None:
    """An `absent` pattern with a misspelt kind could never fail (it passed, checking
    nothing); a step's seat the game lacks; a scenario with only `begin` and no expect."""
    runner = ScenarioRunner(find_ruleset)
    path = write(
        """
        ruleset: thrones
        covers: [TH-CHAL-12]
        about: typos
        setup:
          players: 2
          phase: challenges
          seats:
            - {house: stark}
            - {house: lannister}
        script:
          - {choose: begin}
          - {seat: 5, choose: "challenges: done"}
        expect:
          events:
            - {kind: challenge_wonn}
          absent:
            - {kind: power_gaind, seat: 0}
        """
    )
    with pytest.raises(ContentError) as info:
        runner.run(path)
    lines = info.value.lines()
    assert f"{path}:12:6: script[1].seat: no seat 5: the game's seats are 0–1" in lines
    assert (
        f"{path}:15:8: expect.events[0].kind: thrones emits no event 'challenge_wonn' "
        "(did you mean 'challenge_won'?)"
    ) in lines
    assert any(
        "expect.absent[0].kind: thrones emits no event 'power_gaind' (did you mean 'power_gained'?)"
        in line
        for line in lines
    ), lines


def test_covering_a_rule_the_checklist_lacks_is_located(write) -> None:
    """A typo in covers (TH-CHAL-99) passed and counted toward no rule."""
    runner = ScenarioRunner(find_ruleset)
    path = write(
        """
        ruleset: thrones
        covers: [TH-CHAL-12, TH-CHAL-99]
        about: a typo in covers
        setup:
          players: 2
          seats:
            - {house: stark}
            - {house: lannister}
        script:
          - {choose: begin}
        expect:
          result: null
        """
    )
    with pytest.raises(ContentError) as info:
        runner.run(path)
    assert info.value.lines()[0] == (
        f"{path}:2:22: covers[1]: 'TH-CHAL-99' is no rule of the checklist "
        "(did you mean 'TH-CHAL-19'?)"
    )


def test_a_step_for_a_decision_the_game_took_itself_is_told_so(write) -> None:
    """'attackers: done' after the last attacker (the game took it: one option) was met
    with "did you mean 'defenders: none'?", which points the wrong way."""
    runner = ScenarioRunner(find_ruleset)
    path = write(
        """
        ruleset: thrones
        covers: [TH-CHAL-13]
        about: a step too many
        setup:
          players: 2
          first_player: 0
          phase: challenges
          seats:
            - house: lannister
              plot: {income: 5, initiative: 0, claim: 2}
              in_play: [lannister-red-cloak, lannister-guard]
            - house: stark
              plot: {income: 5, initiative: 0, claim: 1}
              in_play: [stark-winterfell-guard, stark-northern-levies]
        script:
          - {choose: begin}
          - {seat: 0, choose: "challenge: military against seat 1"}
          - {seat: 0, choose: "attackers: lannister-red-cloak"}
          - {seat: 0, choose: "attackers: lannister-guard"}
          - {choose: "attackers: done"}
        """
    )
    text = fail_text(runner, path)
    assert "no option 'attackers: done'" in text
    assert "did you mean 'defenders" not in text
    assert "no option here begins 'attackers': if that decision had one option" in text


# A ruleset's snapshot_defaults: what its snapshot leaves out at the usual value


def defaults_runner(defaults: dict[str, dict[str, object]]) -> ScenarioRunner:
    """A runner whose haggle declares ``defaults`` as its snapshot_defaults."""
    haggle = dataclasses.replace(HAGGLE, snapshot_defaults=defaults)
    return ScenarioRunner(find=lambda name: haggle, content_root=CONTENT_ROOT)


def test_a_left_out_field_matches_its_declared_default(write) -> None:
    """`debt`, which haggle's snapshot never shows, reads 0 on every seat once declared:
    by path, inside an expected mapping, and inside an expected list."""
    runner = defaults_runner({"seats[*]": {"debt": 0, "marks": []}})
    path = write(
        BASE
        + """
expect:
  state:
    seats[0].debt: 0
    seats[-1].debt: 0
    len(seats[1].marks): 0
    seats[1]: {gold: 0, debt: 0}
    seats: [{debt: 0}, {gold: 0, debt: 0, marks: []}]
"""
    )
    outcome = runner.run(path)
    assert outcome.passed, "\n".join(outcome.lines())


def test_a_declared_default_still_fails_a_different_value(write) -> None:
    runner = defaults_runner({"seats[*]": {"debt": 0}})
    path = write(BASE + "expect:\n  state:\n    seats[0].debt: 1\n    seats[1]: {debt: 2}\n")
    text = fail_text(runner, path)
    assert "seats[0].debt (line 13):\n    expected: 1\n    actual:   0" in text
    assert "  seats[1].debt: expected 2, actual 0" in text


def test_a_default_holds_only_where_its_pattern_points(write, runner) -> None:
    """Elsewhere (and for a ruleset that declares none) a left-out key is missing."""
    path = write(BASE + "expect:\n  state:\n    debt: 0\n    offer: {debt: 0}\n")
    text = fail_text(defaults_runner({"seats[*]": {"debt": 0}}), path)
    assert "debt (line 13): no such state: the state has no key 'debt'" in text
    assert "expect.state.offer (line 14)" in text
    text = fail_text(runner, write(BASE + "expect:\n  state:\n    seats[0].debt: 0\n", "b.yaml"))
    assert "no such state: seats[0] has no key 'debt'" in text


def test_field_defaults_patterns() -> None:
    defaults = FieldDefaults.parse(
        {"seats[*].in_play[*]": {"kneeling": False}, "seats[1]": {"debt": 0}}
    )
    assert defaults.at(("seats", 0, "in_play", 3)) == {"kneeling": False}
    assert defaults.at(("seats", 1)) == {"debt": 0}
    assert defaults.at(("seats", 0)) == {} and defaults.at(("seats", 0, "in_play")) == {}
    assert defaults.at(("seats", "0", "in_play", 3)) == {}  # [*] is a list index, not a key
    with pytest.raises(PathError, match="cannot read the state path 'seats\\[x\\]'"):
        FieldDefaults.parse({"seats[x]": {"debt": 0}})
    with pytest.raises(PathError, match="cannot read the state path 'seats\\[\\*\\]'"):
        StatePath.parse("seats[*]")  # a scenario's own path names one place
    snapshot = {"seats": [{"in_play": [{"card": "a"}, {"card": "b", "kneeling": True}]}]}
    path = StatePath.parse("seats[0].in_play[-1].kneeling")
    assert path.locate(snapshot, defaults) == (True, ("seats", 0, "in_play", 1, "kneeling"))
    assert StatePath.parse("seats[0].in_play[0].kneeling").resolve(snapshot, defaults) is False
    assert matches(
        [{"card": "a", "kneeling": False}, {"kneeling": True}],
        snapshot["seats"][0]["in_play"],
        defaults,
        ("seats", 0, "in_play"),
    )
    assert not matches([{"kneeling": False}, {}], snapshot["seats"][0]["in_play"])
