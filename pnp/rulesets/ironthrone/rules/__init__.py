"""The Iron Throne referee: a turn as a generator of decisions.

:meth:`Referee.flow` runs the game from a starting point and *yields* a
:class:`~pnp.engine.game.Decision` whenever a player must choose; the chosen
option index is sent back in. Decisions with a single option are never
asked, and a timing window is only opened for players who could act in it,
so a game never stalls on a pointless prompt.

A turn (rulebook, "Turn Overview"): release or torment hostages, "before your
turn" abilities, then

1. preparation — the event card names the defender; both active players draw
   and distribute power; each commits a character;
2. support — every other player, clockwise from the challenger's left, may
   offer a character to either side, which that side's active player accepts
   or declines;
3. encounter — both active players place a house card facedown, then reveal:
   hostility, truce or betrayal;
4. resolution — rewards, penalties and hostages, or the truce bargaining;

and the cleanup (discard played cards, refill hands to five, check the end).
Leader abilities resolve before character cards in every window, each group
clockwise from the challenger (IT-ORDER-01/02).

The rules are one module per phase, each a class on the one before, so the
whole referee is one compiled class chain: :class:`~.moves.Moves` (the
board's helpers and primitives) ← :class:`~.windows.Windows` (ability
windows) ← :class:`~.resolution.Resolution` ← :class:`~.encounter.Encounter`
← :class:`~.support.Support` ← :class:`~.preparation.Preparation` ←
:class:`~.turn.Referee` (the turn itself). A phase calls only the phases
and helpers below it in the chain.
"""

from __future__ import annotations

from pnp.rulesets.ironthrone.rules.turn import Referee

__all__ = ["Referee"]
