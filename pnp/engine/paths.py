"""Ways to win: a short account of how a winner won, for the playtest report.

A ruleset fills :attr:`pnp.engine.game.Result.paths` with one such account
per winner. Fief names the VP Titles held; rulesets whose victory is a total
(power, influence) tally what brought it by reason and name the main ones
with :func:`main_sources`.
"""

from __future__ import annotations

from collections.abc import Mapping

#: a reason is named when it brought at least this share of the total
MAIN_SHARE = 0.25


def main_sources(gains: Mapping[str, int], share: float = MAIN_SHARE) -> str:
    """The reasons that brought at least ``share`` of all the gains, by name.

    ``{"power claim": 7, "dominance": 4, "renown": 1}`` gives ``"dominance +
    power claim"``. Named in alphabetical order, not by amount, so that two
    winners who won the same way get the same text and the report counts
    them together. When the gains are so spread that no reason reaches
    ``share``, the largest (the first by name among equals) is named alone;
    ``-`` when nothing was gained.
    """
    ranked = sorted((-n, reason) for reason, n in gains.items() if n > 0)
    if not ranked:
        return "-"
    total = -sum(n for n, _ in ranked)
    main = [reason for n, reason in ranked if -n >= share * total] or [ranked[0][1]]
    return " + ".join(sorted(main))
