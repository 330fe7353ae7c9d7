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
        ("-1", "'-1' is not a number nor a key"),
        ("1.5", "'1.5' is not a number nor a key"),
    ],
)
def test_bad_input_is_refused_with_a_reason(raw: str, reason: str) -> None:
    answer = read_decision(raw, 4)
    assert isinstance(answer, str)
    assert answer.startswith(reason)


def test_the_viewer_reads_its_keys_and_numbers() -> None:
    assert read_watch("") == Answer("n")
    assert read_watch("b") == Answer("b")
    assert read_watch("r 3") == Answer("r", 3)
    assert read_watch("g 12") == Answer("g", 12)
    assert read_watch("r") == "r needs a number: r 3"
    refused = read_watch("z")
    assert isinstance(refused, str) and "no key here" in refused
