"""``--games auto``: play in growing batches until the verdict is decided.

After each batch the verdict looks at every game played so far. The run stops
when nothing is left undecided, as soon as it fails (a crash, a violation, a
House outside the band: the designer has something to fix, and hours more
play would only delay the news), or at ``--max-games``.
Otherwise the next batch brings the run to the games its undecided Houses,
seats and cards need by estimate (the most any of them needs), but at least a
quarter and at most twice as many games as played so far, rounded up to a
hundred, never past ``--max-games``.

Every figure the schedule uses comes from the statistics of games ``0 …
n-1``, which do not depend on how the games were spread over workers: the
same seed stops at the same game whatever ``--workers`` is.
"""

from __future__ import annotations

import math

from pnp.errors import UsageError

#: the games the first batch plays (fewer when ``--max-games`` is smaller)
FIRST_BATCH = 200
#: each later batch grows the run by at least this factor ...
MIN_GROWTH = 1.25
#: ... and at most this one
MAX_GROWTH = 2.0
#: batches end on a multiple of this many games
STEP = 100
#: ``--max-games`` unless given
DEFAULT_MAX_GAMES = 20_000
#: the ``--games`` value that asks for a schedule
AUTO = "auto"


def first_batch(max_games: int) -> int:
    """The games the first batch plays."""
    return min(FIRST_BATCH, max_games)


def next_total(played: int, wanted: int | None, max_games: int) -> int:
    """The games played once the next batch is done: ``played`` plus about ``wanted`` more
    (``None``: no estimate), growth bounded by :data:`MIN_GROWTH` and :data:`MAX_GROWTH`."""
    low = math.ceil(played * MIN_GROWTH)
    high = math.floor(played * MAX_GROWTH)
    target = high if wanted is None else min(high, max(low, played + wanted))
    target = -(-target // STEP) * STEP  # a round number of games
    return max(played + 1, min(target, max_games))


def parse_games(text: str | int) -> int | None:
    """``--games``: a number of games, or ``None`` for :data:`AUTO`; :class:`UsageError`
    for anything else."""
    if isinstance(text, int):
        value = text
    elif text.strip().lower() == AUTO:
        return None
    else:
        try:
            value = int(text.strip())
        except ValueError:
            raise UsageError(
                f"bad --games value {text!r} (expected a whole number or {AUTO})"
            ) from None
    if value < 1:
        raise UsageError("--games must be at least 1")
    return value
