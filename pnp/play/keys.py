"""The keys at a prompt, and reading one answer into an action.

At a decision a player types an option's number, or one of the keys of
:data:`DECISION_KEYS`; the replay viewer has its own (:data:`WATCH_KEYS`).
Anything else is refused with a short reason and asked again: a slip of the
finger never ends or loses a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: the keys at a decision, with what each does (shown by ``?`` and in the prompt)
DECISION_KEYS = {
    "?": "explain this decision and name its rules reference section",
    "c": "read the rules text of the cards on your screen",
    "l": "read all that happened since your last decision (a long list is shortened)",
    "u": "undo your last decision",
    "s": "save the game",
    "q": "quit (the game is saved; pnp play --resume FILE continues it)",
}

#: the keys as the prompt lists them
KEYS_SHORT = "? help, c cards, l log, u undo, s save, q quit"

#: the most characters of a refused answer said back (a pasted page is cut short)
ECHO_MOST = 40

#: a whole number as typed, with its sign ("-1" is a number, only not an option)
_NUMBER = re.compile(r"[+-]?[0-9]+")

#: the keys of the replay viewer
WATCH_KEYS = {
    "n": "next decision (Enter does the same)",
    "b": "back one decision",
    "r N": "jump to the start of round N",
    "g N": "go to decision N",
    "e": "go to the end",
    "q": "quit",
}


@dataclass(frozen=True)
class Answer:
    """What a player typed: an option index (0-based), or a key and its number."""

    key: str
    index: int = -1


def read_decision(raw: str, options: int) -> Answer | str:
    """The answer ``raw`` gives a decision of ``options`` options, or why it is refused."""
    text = raw.strip().lower()
    if not text:
        return f"type a number from 1 to {options}, or ? for help"
    if text in DECISION_KEYS:
        return Answer(text)
    if _NUMBER.fullmatch(text):
        # a number of many digits is no option either (and int() refuses thousands)
        n = int(text) if len(text) <= 18 else 0
        if 1 <= n <= options:
            return Answer("choose", n - 1)
        shown = text if len(text) <= ECHO_MOST else echo(text)
        return f"{shown} is not an option: type a number from 1 to {options}"
    return f"{echo(raw)} is not a number nor a key ({KEYS_SHORT})"


def echo(raw: str) -> str:
    """``raw`` quoted as a refusal says it back: stripped, and cut short past
    :data:`ECHO_MOST` characters (its length said after it), so a long paste does not
    fill the screen."""
    text = raw.strip()
    if len(text) <= ECHO_MOST:
        return repr(text)
    return f"{text[: ECHO_MOST - 1] + '…'!r} ({len(text)} characters)"


def read_watch(raw: str) -> Answer | str:
    """The replay viewer's answer ``raw``, or why it is refused."""
    text = raw.strip().lower()
    if text in ("", "n"):
        return Answer("n")
    if text in ("b", "e", "q", "?"):
        return Answer(text)
    key, _, rest = text.partition(" ")
    if key in ("r", "g"):
        number = rest.strip()
        if re.fullmatch("[0-9]+", number):  # ASCII: "²" is a digit int() refuses
            # past any game's end however many digits (int() refuses thousands)
            return Answer(key, int(number) if len(number) <= 18 else 10**18)
        return f"{key} needs a number: {key} 3"
    return f"{echo(raw)} is no key here (n next, b back, r N round, g N decision, e end, q quit)"
