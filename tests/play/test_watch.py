"""``pnp replay RECORD --watch`` and ``--to-text``: a recorded game shown step by step."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pnp.cli import app
from pnp.engine.record import read_records


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A playtest's record of an all-bot Iron Throne game."""
    folder = tmp_path_factory.mktemp("records")
    result = CliRunner().invoke(
        app,
        [
            "playtest",
            "ironthrone",
            "--games",
            "1",
            "--players",
            "3",
            "--workers",
            "1",
            "--records",
            str(folder),
            "--json",
        ],
    )
    assert result.exit_code in (0, 1, 3), result.output
    return folder / "game-000000.json"


def watch(record: Path, keys: str, *args: str) -> Result:
    return CliRunner().invoke(app, ["replay", str(record), "--watch", *args], input=keys)


def positions(output: str) -> list[int]:
    """The decision shown at each screen, in order."""
    return [int(n) for n in re.findall(r"decision (\d+) of \d+", output)]


def test_keys_go_forward_back_to_a_round_and_to_the_end(record: Path) -> None:
    last = len(read_records(record)[0].choices)
    result = watch(record, "\nn\nb\ng 10\nr 2\ne\nq\n")
    assert result.exit_code == 0, result.output
    seen = positions(result.output)
    assert seen[:5] == [0, 1, 2, 1, 10]
    assert seen[-1] == last
    assert "round 2" in result.output.split(f"decision {seen[5]} of")[1].split("\n")[0]
    assert "Game over" in result.output


def test_the_viewer_is_omniscient_unless_given_a_seat(record: Path) -> None:
    everything = watch(record, "q\n")
    assert everything.output.count("hand of ") == 3
    one = watch(record, "q\n", "--seat", "1")
    assert one.output.count("hand of ") == 1 and "hand of" in one.output
    assert "(seat 1)" in one.output.split("hand of ")[1].split("\n")[0]


def test_bad_keys_are_refused_with_a_reason(record: Path) -> None:
    result = watch(record, "x\n[/x]\nr\nr 99\nq\n")
    assert "'x' is no key here" in result.output
    assert "'[/x]' is no key here" in result.output  # shown as typed, not read as markup
    assert "r needs a number" in result.output
    assert "the game has no round 99: the record holds rounds 1 to " in result.output
    assert result.exit_code == 0


def test_a_jump_past_the_record_says_how_far_it_goes_and_stays(record: Path) -> None:
    """``g 999`` went to the end without a word, and ``r 99`` drew the same screen
    again: each now says what the record holds, and the viewer stays where it was."""
    last = len(read_records(record)[0].choices)
    result = watch(record, f"n\ng {last + 1}\nr 99\ng 999\nq\n")
    assert result.exit_code == 0, result.output
    assert positions(result.output) == [0, 1]  # no screen drawn after the refusals
    assert f"the record has {last} decisions: g 0 (the set-up) to g {last}" in result.output
    assert "the game has no round 99: the record holds rounds 1 to " in result.output


def test_to_text_writes_the_whole_game(record: Path, tmp_path: Path) -> None:
    out = tmp_path / "game.txt"
    result = CliRunner().invoke(app, ["replay", str(record), "--to-text", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    steps = len(read_records(record)[0].choices)
    assert text.startswith("ironthrone, seed ")
    assert f"\n{steps}. " in text  # every decision, numbered
    # the ending in words (no 'characters_dead'); the count is of rounds, one turn for
    # each player, which the Iron Throne calls rounds too (its round cap, IT-GAP-11),
    # while the log's "Turn 7" counts single turns (QA: "turn 3" after "Turn 7")
    assert re.search(r"\nGame over \([a-z ]+, round \d+\): won by [A-Z]", text), text[-300:]
    assert "[bold" not in text and "[/]" not in text  # markup drawn, never shown
    assert "\x1b[" not in text  # plain text, no colour codes
    assert max(map(len, text.splitlines())) <= 80


def test_a_seat_log_tells_the_other_seats_choices_by_what_they_caused(
    record: Path, tmp_path: Path
) -> None:
    """As ``pnp play`` tells them: a seat reads its own choices, and another's in the
    events it caused (a face-down card as "places a card face down"). Before, every
    other choice read "(hidden)", a public one too, over the line that said it."""
    out = tmp_path / "seat0.txt"
    CliRunner().invoke(app, ["replay", str(record), "--to-text", str(out), "--seat", "0"])
    text = out.read_text()
    assert "(hidden)" not in text
    assert re.search(r"^\d+\. \S+ \(seat 0\): [a-z ]+: \S", text, re.M)
    others = re.findall(r"^\d+\. \S+ \(seat [12]\).*$", text, re.M)
    assert others and all(re.fullmatch(r".* decides: [a-z ]+", ln) for ln in others), others
    # what another seat did in the open is told: its leader, once revealed
    assert re.search(r"^    \S+ \(seat [12]\) leads with ", text, re.M)
    # and its secrets are kept: the card it placed face down, until revealed
    assert re.search(r"^    \S+ \(seat [12]\) places a card face down\.$", text, re.M)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "5"], "--seat 5: the game's seats are 0 to 2"),
    ],
)
def test_bad_watch_options_exit_2(record: Path, args: list[str], message: str) -> None:
    result = watch(record, "q\n", *args)
    assert result.exit_code == 2 and message in result.output


def test_watch_takes_one_record_file(record: Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(record.parent), "--watch"])
    assert result.exit_code == 2
    assert "one record file at a time" in result.output
    seat = CliRunner().invoke(app, ["replay", str(record), "--seat", "1"])
    assert seat.exit_code == 2 and "--seat goes with --watch or --to-text" in seat.output


def test_a_record_that_does_not_reproduce_is_shown_as_far_as_it_goes_and_fails(
    record: Path, tmp_path: Path
) -> None:
    import json

    data = json.loads(record.read_text())
    at = len(data["choices"]) - 3
    data["choices"][at] = 63  # no decision offers 64 options
    edited = tmp_path / "game-000000.json"
    edited.write_text(json.dumps(data))
    out = tmp_path / "game.txt"
    result = CliRunner().invoke(app, ["replay", str(edited), "--to-text", str(out)])
    assert result.exit_code == 1, result.output
    assert "MISMATCH" in result.stderr
    text = out.read_text()
    assert f"\n{at}. " in text and f"\n{at + 1}. " not in text
    assert "The record does not reproduce" in text
    assert f"the record asks for option 63 at decision {at + 1}" in text
    shown = watch(edited, "e\nq\n")
    assert shown.exit_code == 1
    assert "The record does not reproduce" in shown.output


def test_a_log_names_each_decision_once_and_wraps_under_itself(tmp_path: Path) -> None:
    # thrones options name their decision ("setup: Doran Martell"): said once, not twice
    folder = tmp_path / "records"
    CliRunner().invoke(
        app,
        ["playtest", "thrones", "--games", "1", "--workers", "1", "--records", str(folder)],
    )
    out = tmp_path / "game.txt"
    result = CliRunner().invoke(
        app, ["replay", str(folder / "game-000000.json"), "--to-text", str(out)]
    )
    assert result.exit_code == 0, result.output
    lines = out.read_text().splitlines()
    decisions = [ln for ln in lines if re.match(r"^\d+\. ", ln)]
    assert any(": setup: " in ln for ln in decisions)
    assert [ln for ln in decisions if re.search(r": ([a-z ]+): \1: ", ln)] == []
    # until the final position, each line is the header, a decision, an event, or a
    # wrapped line going on indented under it (never back at the margin)
    log = lines[1 : next(i for i, ln in enumerate(lines) if ln.startswith("Round "))]
    shapes = (r"^Set-up$", r"^\d+\. \S", r"^    \S", r"^        \S", r"^ {9,}\S")
    assert [ln for ln in log if not any(re.match(s, ln) for s in shapes)] == []


def test_ctrl_c_in_the_viewer_after_to_text_says_the_log_is_written(
    record: Path, tmp_path: Path
) -> None:
    """``--watch --to-text FILE`` writes FILE before the viewer starts: a Ctrl-C in the
    viewer said "interrupted: nothing was written", untrue; it says where the log is (and
    without --to-text, where nothing was written, the usual words stay)."""
    import io

    from pnp import interrupt
    from pnp.play import draw
    from pnp.play.prompt import Terminal
    from pnp.play.watch import run_watch
    from pnp.rulesets import find_ruleset

    def ctrl_c(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    log = tmp_path / "game.txt"
    interrupt.reset()
    try:
        status = run_watch(
            record,
            find=find_ruleset,
            to_text=log,
            term=Terminal(draw.console(out, plain=True), read=ctrl_c),
        )
        assert status == interrupt.STATUS
        assert log.is_file()
        assert f"Stopped. The log was written before the viewer: {log}." in out.getvalue()
        assert interrupt.said()  # told in its own words: the generic line is not added
        interrupt.reset()
        with pytest.raises(KeyboardInterrupt):
            run_watch(record, find=find_ruleset, term=Terminal(draw.console(out), read=ctrl_c))
        assert not interrupt.said()
    finally:
        interrupt.reset()
