"""Small English helpers shared by every ruleset's printed and generated text."""

from __future__ import annotations


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 card``, ``2 cards``; ``many`` for a word whose plural is not ``word + s``
    (``plural(3, "Man-at-Arms", "Men-at-Arms")``)."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"
