"""Reading an answer at a prompt: a number, a key, or a refusal with a reason."""

from __future__ import annotations

import pytest

from pnp.play.keys import DECISION_KEYS, Answer, read_decision, read_watch


@pytest.mark.parametrize(("raw", "index"), [("1", 0), (" 3 ", 2), ("4", 3)])
def test_a_number_chooses_that_option_counted_from_one(raw: str, index: int) -> None:
    assert read_decision(raw, 4) == Answer("choose", index)


@pytest.mark.parametrize("key", list(DECISION_KEYS))
def test_each_key_is_read_in_any_case(key: str) -> None:
    assert read_decision(key.upper(), 4) == Answer(key)


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "type a number from 1 to 4"),
        ("0", "0 is not an option: type a number from 1 to 4"),
        ("5", "5 is not an option"),
        ("x", "'x' is not a number nor a key"),
        ("-1", "-1 is not an option: type a number from 1 to 4"),  # a number, out of range
        ("+9", "+9 is not an option"),
        ("1.5", "'1.5' is not a number nor a key"),
    ],
)
def test_bad_input_is_refused_with_a_reason(raw: str, reason: str) -> None:
    answer = read_decision(raw, 4)
    assert isinstance(answer, str)
    assert answer.startswith(reason)


def test_a_long_answer_is_said_back_cut_short() -> None:
    """A 5000-character paste was said back whole (a screenful); a number of 5000 digits
    raised ValueError (int() refuses more than 4300 digits)."""
    for raw in ("x" * 5000, "9" * 5000):
        answer = read_decision(raw, 4)
        assert isinstance(answer, str)
        assert len(answer) < 150 and "(5000 characters)" in answer
    number = read_decision("9" * 5000, 4)
    assert isinstance(number, str) and "is not an option" in number
    watched = read_watch("z" * 5000)
    assert isinstance(watched, str) and len(watched) < 150
    assert read_watch("g " + "9" * 5000) == Answer("g", 10**18)  # past any game's end
    assert read_watch("g ²") == "g needs a number: g 3"  # a digit int() refuses


def test_the_viewer_reads_its_keys_and_numbers() -> None:
    assert read_watch("") == Answer("n")
    assert read_watch("b") == Answer("b")
    assert read_watch("r 3") == Answer("r", 3)
    assert read_watch("g 12") == Answer("g", 12)
    assert read_watch("r") == "r needs a number: r 3"
    refused = read_watch("z")
    assert isinstance(refused, str) and "no key here" in refused
