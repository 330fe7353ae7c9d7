"""The ``heuristic`` bot: a player who builds a realm Fief by Fief and plays politics.

It decides from its view only (a redacted copy of the state). Its plan, made
afresh at every decision:

- a **target Fief**: its home Fief until it holds that Title, then the
  unclaimed Fief it is closest to holding;
- **move** Nobles into the target Fief's Villages it does not hold, leaving a
  garrison behind (a Noble alone with one troop leaves the troop and walks on),
  and attack only with a clear edge (a lone Noble is always worth catching),
  never piling onto a fight his Nobles already there will win; a Village that
  matters (in the target Fief, with a Stronghold, or its last one in a Fief
  whose Title it holds) with a rival army in reach that may still move keeps
  the weakest garrison that army would not attack, and the Noble takes the
  rest;
- **buy** a Fief Title as soon as it may (given to a Lord without one, who then
  votes for King and may stand), a Stronghold where the target Fief lacks one,
  then troops (Knights when it can), Mills early on; one VP short of victory
  with the Hand's chair empty, it bids all it may for the Council seat; as
  Protector it gives a Fief Title to its own side, or to a rival for whom it
  is not the winning VP;
- **vote** for its own candidate, then its ally's, else for the weakest
  player's (never for a candidate whose title would win that player the game);
  when its side and a rival's tie, both settle on the same candidate (the side
  with fewer VP, then the earlier seat) rather than elect nobody;
- **bribe** a voter with no candidate who can still win (a side whose own
  man leads or ties the vote refuses a rival's gold: selling the vote only
  helps the rival, and two such sales tie the election), and sell its vote
  only when its own side's candidate cannot win;
- **marry** (4+ players) the strongest player who will have it, to win as an
  alliance; a side short of victory whose VP and a rival's would make a
  winning Alliance asks the Master of Laws for a divorce, proposes that match
  first and turns down a marriage that wins nothing while it is free (both
  players win by it, so both want it); a Master of Laws grants a divorce
  only when the match it opens is his own or he is out of the race;
- **play** Tax, new Nobles, Council seats (for its own or its ally's Wardens,
  the one seat a rival Hand cannot refuse; with none and the Hand's chair
  empty, for the Warden of the side furthest from victory, so that a Hand
  can be elected) and harmful cards on the leader; an Assassination
  waits for a rival Noble whose death costs his side VP, the side nearest
  victory first;
- **rob** (Greyjoy's once-a-game theft) the richest rival once his purse
  holds 10 Gold Dragons or more (any purse in the last two rounds);
- **the Night's Watch**: while the Lord Commander's chair is empty it sends
  an untitled Lord it can spare to the Wall in the Draw phase (now and then
  to start, at once when a rival's Brother is there to make the election
  winnable); an outlawed Lord takes the black; it bids at the Wall what the
  Watch lacks against the wildlings rolled (the die is cast before the bids)
  when it has troops at a gate or holds the Lord Commander (whose side gets
  the unneeded gold back as supplies), and keeps its oaths;
- **start** (Targaryen) in a rich Fief with room between it and the others;
- **sell out** once it is out of contention: in the last five rounds
  (:data:`OUT_ROUNDS`; from round 8 of 12), a side that is further from
  victory (VP it still needs, solo or alliance) than some rival side has
  nothing left to protect, as a player at a table who has lost the race:
  it takes any bribe (its vote goes to whoever pays, even for the Title
  that wins the payer the game), votes for the rival it prefers without
  striking out a candidate whose Title would win, keeps its Assassination
  (a dagger spent only to stop the leader), and as Protector grants a Fief
  Title to whoever occupies it for the Protector's favour, winning VP or
  not. A side whose candidate's Title
  would win the game offers its bribe, with all its gold if need be, only to
  such a side (one still in the race refuses). A side in contention plays
  as above. In 6-player heuristic games (seeds 0–799) a side so placed from
  round 8 went on to win 8–16% of the time; the policy lifted victories
  before the round limit from 78.8% to 84.5% there (before the marriages
  above, which took them past 90%).

Options it does not care about get the first option, which every fief
decision makes the cautious one ("pass", "no bribe", "keep" …).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import mul
from typing import Any

from pnp.compiled import mypyc_attr
from pnp.engine.bots import KindBot
from pnp.engine.game import Decision
from pnp.rulesets.fief.rules.battle import dice_for, noble_strength, strength, wall_penalty
from pnp.rulesets.fief.rules.movement import SHORTCUTS, cheapest_unit, destinations, shortcut_split
from pnp.rulesets.fief.rules.watch import watch_strength
from pnp.rulesets.fief.state import LORD_COMMANDER, FiefState, Noble
from pnp.rulesets.fief.view import FiefView

#: how much stronger the bot wants to be before it attacks
ATTACK_EDGE = 1.3
#: the last rounds before the round limit, counting it, in which a side trailing
#: the race counts itself out of contention (rounds 8-12 of 12)
OUT_ROUNDS = 5
#: the purse worth the once-a-game robbery (the thief takes one of two hands)
ROB_PURSE = 10
#: the cards the bot gives up first over the hand limit, by effect word and
#: parameter (``None``: any): Good Weather, Secret Passage, Good Harvest, Ambush, Justice
_DISCARD_FIRST: tuple[tuple[str, Any], ...] = (
    ("cancel_disaster", "heavy_rain"),
    ("secret_passage", None),
    ("cancel_disaster", "famine"),
    ("ambush", None),
    ("justice", None),
)


# a compiled class takes no interpreted subclass unless it says so, and a bot is a class
# to build on: a subclass's handlers (``on_<kind>``, found by name) are the ones asked
@mypyc_attr(allow_interpreted_subclasses=True)
class HeuristicBot(KindBot):
    """A sensible fief player (see the module docstring)."""

    needs_view = True

    def __init__(self) -> None:
        # Judgements worked out once per decision (each seat's target Fief, what a
        # Noble leaves behind, whether an enemy army stands by a Village): a move is
        # weighed against them for every Noble and destination. Valid only while
        # choose() runs, for that view's state (which nothing changes).
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._memo_of: FiefState | None = None

    def choose(self, view: FiefView, decision: Decision, rng: random.Random) -> int:
        """The index of the option this bot picks."""
        handler = self.handler(decision.kind)
        self._memo_of = view.state
        try:
            pick = handler(view, decision, rng)
        finally:
            self._memo_of = None
            self._memo = {}
        if pick is None or not 0 <= pick < len(decision.options):
            return 0
        return int(pick)

    # -- decisions the bot answers the same way every time ------------------------

    def on_black_or_outlaw(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """An outlawed Noble takes the black (offered first): a Brother serves on, an
        Outlaw only loses his Titles."""
        return 0

    def on_castle_falls(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """The first castle still standing falls: the bot does not weigh the Wall's castles."""
        return 0

    def on_concede(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """Concede nothing (offered first): the bot never hands a Title on between its own
        Nobles."""
        return 0

    def on_oathbreak(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """A Brother keeps his oath (offered first): breaking it costs the Noble."""
        return 0

    def on_recruit_for(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """The recruit serves under the first Brother offered."""
        return 0

    def on_wall_supplies(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """The Lord Commander takes the supplies (offered first): gold in hand."""
        return 0

    # -- shared judgement ----------------------------------------------------------

    @staticmethod
    def _friendly(s: FiefState, me: int, other: int) -> bool:
        return s.friendly(me, other)

    @staticmethod
    def _leader(s: FiefState, me: int) -> int | None:
        """The strongest rival (most VP, then Villages, then gold), not an ally.

        Rivals still level are taken clockwise from the bot's own seat, so no
        seat number is everyone's target.
        """
        n = s.players
        rivals = [(me + k) % n for k in range(1, n) if not s.friendly(me, (me + k) % n)]
        if not rivals:
            return None
        return max(rivals, key=lambda o: (s.vp(o), len(s.controlled(o)), s.seats[o].gold))

    def _per_decision(self, s: FiefState, key: tuple[Any, ...], work: Callable[[], Any]) -> Any:
        """``work()``, remembered under ``key`` while :meth:`choose` weighs ``s``."""
        if s is not self._memo_of:
            return work()
        memo = self._memo
        if key not in memo:
            memo[key] = work()
        return memo[key]

    def _target_fief(self, s: FiefState, me: int) -> str | None:
        """The Fief whose Title this player works towards: the least effort to complete."""
        return self._per_decision(s, ("target", me), lambda: self._work_out_target(s, me))

    def _work_out_target(self, s: FiefState, me: int) -> str | None:
        """:meth:`_target_fief` from scratch (a method, not static, so a subclass may
        override it: compiled, a static method is called directly)."""
        cat = s.cat
        home = s.seats[me].home
        if home is not None and s.holder[cat.fief_title[home]] is None:
            return home
        mine = [n.at for n in s.seat_nobles(me)]
        if not mine:
            return home
        best, best_effort = None, 1e9
        dist = cat.map.distance
        partner = s.seats[me].partner
        vils, nobles, unit_strength = s.villages, s.nobles, cat.strength
        for fief, villages in cat.map.fief_villages.items():
            if s.holder[cat.fief_title[fief]] is not None:
                continue
            if partner is not None:
                if fief == s.seats[partner].home:
                    continue
                theirs = sum(1 for v in villages if s.villages[v].controller == partner)
                mine_here = sum(1 for v in villages if s.villages[v].controller == me)
                if theirs > mine_here:
                    continue  # the ally is ahead there: leave it to him
            missing = 0
            hostile = own = 0
            for v in villages:
                vil = vils[v]
                c = vil.controller
                if c != me:
                    missing += 1
                    if c >= 0 and c == partner:
                        missing += 3  # an ally's Village cannot be taken
                # every side's battle strength here (battle.strength, summed straight
                # from the troops and free Nobles present rather than seat by seat)
                for p, counts in vil.units.items():
                    if p == me:
                        own += sum(map(mul, counts, unit_strength))
                    elif p != partner:
                        hostile += sum(map(mul, counts, unit_strength))
                for nid in vil.nobles:
                    n = nobles[nid]
                    if n.seat == me:
                        own += noble_strength(s, n)
                    elif n.seat != partner:
                        hostile += noble_strength(s, n)
            near = min(dist[a][v] for a in mine for v in villages)
            stronghold = 0 if any(s.villages[v].stronghold for v in villages) else 2
            crowd = max(0.0, hostile - 0.8 * own)
            effort = missing + 0.7 * near + 0.5 * crowd + stronghold
            if effort < best_effort:
                best, best_effort = fief, effort
        return best

    def _partner_target(self, s: FiefState, me: int) -> str | None:
        """The Fief the bot's ally works towards (the bot keeps out of its way)."""
        partner = s.seats[me].partner
        if partner is None:
            return None
        return self._target_fief(s, partner)

    @staticmethod
    def _edge(s: FiefState, v: int, target: str | None) -> float:
        """How much stronger the bot wants to be to attack at ``v``.

        Late in the game a Village of the Fief it needs is worth an even fight.
        """
        if target is not None and s.cat.map.fief_of[v] == target and s.round >= 6:
            return 1.0 if s.round < 9 else 0.8
        return ATTACK_EDGE

    @staticmethod
    def _goal_villages(s: FiefState, me: int, target: str | None) -> list[int]:
        """Villages of the target Fief this player does not hold yet."""
        if target is None:
            return []
        return [v for v in s.cat.map.fief_villages[target] if s.villages[v].controller != me]

    @staticmethod
    def _noble_value(s: FiefState, n: Noble) -> float:
        value = 1.0 + 0.5 * (not n.lady)
        for t in n.titles:
            value += 3 * s.cat.titles[t].vp + 1
        return value

    def _threat(self, s: FiefState, seat: int, title: str) -> bool:
        """Whether giving ``title`` to ``seat`` would win it the game."""
        vp = s.cat.titles[title].vp
        partner = s.seats[seat].partner
        if partner is None:
            return s.vp(seat) + vp >= s.cat.rules.solo_vp
        return s.vp(seat) + s.vp(partner) + vp >= s.alliance_vp()

    @staticmethod
    def _team_vp(s: FiefState, seat: int) -> tuple[int, int]:
        """``seat``'s side's VP and the VP it needs to win (solo or alliance)."""
        partner = s.seats[seat].partner
        if partner is None:
            return s.vp(seat), s.cat.rules.solo_vp
        return s.vp(seat) + s.vp(partner), s.alliance_vp()

    def _out_of_contention(self, s: FiefState, seat: int) -> bool:
        """Whether ``seat``'s side trails a rival side in the race in the last rounds.

        "Further" counts the VP each side still needs (solo or alliance). Such a
        side rarely wins any more, and it sells what it has instead of blocking
        the leader for nothing (see the module docstring).
        """
        if s.round <= s.cat.rules.round_limit - OUT_ROUNDS:
            return False
        have, need = self._team_vp(s, seat)
        rivals = [self._team_vp(s, o) for o in range(s.players) if not s.friendly(seat, o)]
        return any(n - h < need - have for h, n in rivals)

    @staticmethod
    def _vp_at_stake(s: FiefState, n: Noble) -> int:
        """The VP ``n``'s side would lose if he died now (titles nobody of his House inherits)."""
        lost = 0
        heirs = [o for o in s.seat_nobles(n.seat, ("board", "captive")) if o is not n]
        spare = sum(s.slots_free(o, "fief") for o in heirs)
        for t in sorted(n.titles):
            vp = s.cat.titles[t].vp
            if not vp:
                continue
            if s.kind_of(t) == "fief" and spare > 0:
                spare -= 1
                continue
            lost += vp
        return lost

    def _kill_value(self, s: FiefState, me: int, n: Noble) -> float:
        """How much killing rival Noble ``n`` is worth now; 0 if it is not worth a card.

        A sensible player spends his dagger on a Noble whose death costs a rival
        side VP, the nearer that side is to victory the better: killing a Noble
        whose Titles pass to his kin only wastes the card.
        """
        if s.friendly(me, n.seat):
            return 0.0
        stake = self._vp_at_stake(s, n)
        if stake <= 0:
            return 0.0
        have, need = self._team_vp(s, n.seat)
        return 10.0 * stake + 5.0 * max(0, have - need + 3)

    # -- set-up and placement ----------------------------------------------------------

    def on_start_village(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        m = s.cat.map
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            v = opt.data
            fief = m.fief_of[v]
            same = sum(1 for w, _ in m.neighbours[v] if m.fief_of[w] == fief)
            spread = -sum(m.distance[v][w] for w in m.fief_villages[fief]) / len(
                m.fief_villages[fief]
            )
            sc = same + spread + (0.5 if s.villages[v].stronghold else 0)
            if s.seats[view.seat].home is None:
                # a House free to choose its Fief wants a rich one (Villages, Septs,
                # Strongholds already built) with room between it and the others
                others = [w for w in range(len(m.ids)) if s.present(w)]
                room = min((m.distance[v][w] for w in others), default=5)
                wealth = sum(
                    1 + s.villages[w].sept + (s.villages[w].stronghold > 0)
                    for w in m.fief_villages[fief]
                )
                sc += 1.0 * min(room, 4) + 0.5 * wealth
            if sc > score:
                best, score = i, sc
        return best

    def on_place_noble(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        target = self._target_fief(s, view.seat)
        for i, opt in enumerate(d.options):
            if target is not None and s.cat.map.fief_of[opt.data] == target:
                return i
        return 0

    # -- Hear Ye -------------------------------------------------------------------

    @staticmethod
    def _wins_together(s: FiefState, a: int, b: int) -> bool:
        """Whether ``a`` and ``b``, married, would hold an Alliance's winning VP."""
        return s.vp(a) + s.vp(b) >= s.alliance_vp()

    @staticmethod
    def _winning_match(s: FiefState, me: int) -> int | None:
        """A rival whose VP and ``me``'s make an Alliance victory that ``me``'s side lacks.

        Both would win together at the end of the round, so both want the
        marriage; it needs a Lord of one and a Lady of the other who may wed
        (``me``'s current spouse counts: a divorce frees him). The seat with
        the most VP wins the tie, then the earlier seat.
        """
        if s.players < s.cat.rules.alliances_from:
            return None
        have, need = HeuristicBot._team_vp(s, me)
        if have >= need:
            return None  # this side wins already
        partner = s.seats[me].partner
        mine = [n for n in s.seat_nobles(me) if not n.card.cannot_marry]
        best: int | None = None
        for o in range(s.players):
            if o in (me, partner) or not HeuristicBot._wins_together(s, me, o):
                continue
            theirs = [n for n in s.seat_nobles(o) if not n.card.cannot_marry]
            if not any(a.lady != b.lady for a in mine for b in theirs):
                continue
            if best is None or s.vp(o) > s.vp(best):
                best = o
        return best

    def on_divorce(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        # a marriage that would win the game for both is worth ending this one
        return 0 if self._winning_match(view.state, view.seat) is not None else 1

    def on_grant_divorce(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        # the Master of Laws frees a spouse only when that costs him nothing: he
        # is out of the race, or the winning match it opens is his own
        if self._out_of_contention(s, me):
            return 0
        asker = s.focus.get("divorce")
        if asker is None:
            return 1
        return 0 if self._winning_match(s, asker) == me else 1

    def on_propose_marriage(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        king = s.holder.get("king")
        best, score = 0, 0.0
        for i, opt in enumerate(d.options):
            if opt.data is None:
                continue
            mine, theirs = s.nobles[opt.data[0]], s.nobles[opt.data[1]]
            other = theirs.seat
            sc = 0.0
            if s.players >= s.cat.rules.alliances_from:
                sc = 1.0 + s.vp(other) + 0.1 * len(s.controlled(other))
                if self._wins_together(s, me, other):
                    sc += 10  # this Alliance wins at the end of the round
            if (king is not None and theirs.id == king) or (king is not None and mine.id == king):
                sc += 3
            sc -= 0.5 * (mine.card.marriage_fee + theirs.card.marriage_fee)
            if mine.titles:
                sc -= 0.2
            if sc > score:
                best, score = i, sc
        return best

    def on_marriage_terms(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_answer_proposal(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        suitor = d.options[0].label.removeprefix("accept ")
        if s.players < s.cat.rules.alliances_from:
            # no Alliance comes of it: wed only into the royal family (a Queen earns gold)
            king = s.holder.get("king")
            mine_king = king is not None and s.nobles[king].seat == me
            return 0 if suitor == king or mine_king else 1
        # hold out for a marriage that wins the game when one is to be had
        if self._wins_together(s, me, s.nobles[suitor].seat):
            return 0
        match = self._winning_match(s, me)
        if match is not None and s.seats[match].marriage is None:
            return 1
        return 0

    def on_give_card(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return len(d.options) - 1

    def on_false_idols(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 1  # keep the old gods: a cursed King may die any round

    def on_join_conversion(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 1

    def on_burn(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_pardon(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        for i, opt in enumerate(d.options):
            if opt.data is not None and s.friendly(view.seat, s.nobles[opt.data].seat):
                return i
        return 0

    def on_outlaw(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        best, score = 0, -1.0
        for i, opt in enumerate(d.options):
            if opt.data is None:
                continue
            n = s.nobles[opt.data]
            if s.friendly(view.seat, n.seat):
                continue
            sc: float = sum(
                1 for t in n.titles if s.kind_of(t) != "fief" and t not in ("king", "queen")
            )
            sc += 0.1 * s.vp(n.seat) + 0.05 * len(n.titles)
            if sc > score:
                best, score = i, sc
        return best

    def on_execute(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        for i, opt in enumerate(d.options):
            if opt.data is not None and s.nobles[opt.data].titles:
                return i
        return 0

    def on_cancel_death(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        # save a friendly Noble, the most valuable when several die together;
        # the last option lets them all die
        s = view.state
        best, score = len(d.options) - 1, -1e9
        for i, opt in enumerate(d.options[:-1]):
            n = s.nobles.get(opt.data)
            if n is not None and s.friendly(view.seat, n.seat):
                value = self._noble_value(s, n)
                if value > score:
                    best, score = i, value
        return best

    # -- elections -------------------------------------------------------------------

    def on_nominate(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        votes = s.focus.get("votes", {})
        partner = s.seats[me].partner
        if partner is not None:
            mine, theirs = votes.get(me, 0), votes.get(partner, 0)
            # one candidate per alliance: the partner with more votes stands
            if (theirs, -partner) > (mine, -me) and self._may_stand(s, partner, s.election):
                return 0
        best, score = 0, -1.0
        for i, opt in enumerate(d.options):
            if opt.data is None:
                continue
            n = s.nobles[opt.data]
            sc = 1.0 - 0.6 * len([t for t in n.titles if s.kind_of(t) == "military"])
            sc -= 0.6 * len([t for t in n.titles if s.kind_of(t) == "high"])
            if sc > score:
                best, score = i, sc
        return best

    @staticmethod
    def _may_stand(s: FiefState, seat: int, title: str | None) -> bool:
        """Whether ``seat`` has a Lord who could stand for ``title`` (roughly)."""
        for n in s.seat_nobles(seat):
            if n.lady or n.outlaw:
                continue
            if title == "king" and any(s.kind_of(t) == "fief" for t in n.titles):
                return True
            if title == "hand" and s.is_warden(n) and not s.is_royal_family(n):
                return True
            if title not in ("king", "hand"):
                return True
        return False

    def on_vote(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        title = s.election or ""
        choices = {}
        for i, opt in enumerate(d.options):
            f, decoy = opt.data
            if decoy is None:
                choices[f] = i
        fors = [f for f in choices if f is not None]

        own = [f for f in fors if s.nobles[f].seat == me]
        friends = [f for f in fors if s.friendly(me, s.nobles[f].seat) and f not in own]
        rivals = [f for f in fors if not s.friendly(me, s.nobles[f].seat)]
        best_rival = max((self._side_votes(s, s.nobles[f].seat) for f in rivals), default=0)
        for f in own + friends:
            # stand firm only when clearly ahead; a tie would elect nobody
            if self._side_votes(s, me) > best_rival or not rivals:
                return choices[f]
        if own + friends and rivals and self._side_votes(s, me) == best_rival:
            # a dead heat elects nobody: the tied sides settle on one candidate that
            # each of them can work out alike (the side with fewer VP, then the
            # earlier in this round's turn order, which moves on every round: a seat
            # number would favour one seat all game), as players at a table would
            # agree across it
            tied = [
                s.nobles[f].seat
                for f in rivals
                if self._side_votes(s, s.nobles[f].seat) == best_rival
            ]
            turn = s.order()

            def focal(seat: int) -> tuple[int, int]:
                return (self._team_vp(s, seat)[0], turn.index(seat))

            pick = min([me, *tied], key=focal)
            if pick == me or s.friendly(me, pick):
                return choices[(own + friends)[0]]
            theirs = [f for f in rivals if s.nobles[f].seat == pick]
            if not (title in s.cat.titles and self._threat(s, pick, title)):
                return choices[theirs[0]]
            return choices[(own + friends)[0]]
        safe = [
            f
            for f in rivals
            if not (title in s.cat.titles and self._threat(s, s.nobles[f].seat, title))
        ]
        if self._out_of_contention(s, me):
            safe = rivals  # nothing left to protect: no candidate is struck out as a threat
        if safe:
            weakest = min(
                safe, key=lambda f: (s.vp(s.nobles[f].seat), len(s.controlled(s.nobles[f].seat)), f)
            )
            return choices[weakest]
        for f in own + friends:
            return choices[f]
        return choices.get(None, 0)

    def on_bribe(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        gold = s.seats[me].gold
        title = s.election or ""
        # for the Title that wins the game, every coin is well spent, but only a
        # side out of the race sells that vote
        winning = title in s.cat.titles and self._threat(s, me, title)
        if gold < 6 and not winning:
            return 0
        votes = s.focus.get("votes", {})
        budget = gold if winning else max(2, gold // 3)
        best, score = 0, 0.0
        for i, opt in enumerate(d.options):
            if opt.data is None:
                continue
            target, amount = opt.data
            if s.friendly(me, target) or amount > budget:
                continue
            if self._candidate_may_win(s, target):
                continue  # he votes for his own man whatever we pay (see _answer_bribe)
            if winning and not self._out_of_contention(s, target):
                continue
            sc = votes.get(target, 0) * 10 + amount
            if sc > score:
                best, score = i, sc
        return best

    def on_answer_bribe(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        title = s.election or ""
        label = d.options[0].label
        candidate = label.rsplit(" for ", 1)[-1]
        if candidate not in s.nobles:
            return 1
        owner = s.nobles[candidate].seat
        if self._out_of_contention(s, me):
            return 0  # out of the race: the vote goes to whoever pays for it
        if title in s.cat.titles and self._threat(s, owner, title):
            return 1
        if self._candidate_may_win(s, me):
            # selling his votes to a rival candidate while his own side's man can
            # still win only helps the rival (and two such sales tie the vote)
            return 1
        return 0

    @staticmethod
    def _candidate_may_win(s: FiefState, seat: int) -> bool:
        """Whether ``seat``'s side has a nominee in this election who can still win.

        He can when his side's votes are at least those of every rival side
        with a nominee (a tie is settled by the tied sides, see ``_vote``).
        """
        sides = {s.nobles[n].seat for n in s.focus.get("nominees", ())}
        if not any(s.friendly(seat, o) for o in sides):
            return False
        rivals = [HeuristicBot._side_votes(s, o) for o in sides if not s.friendly(seat, o)]
        return HeuristicBot._side_votes(s, seat) >= max(rivals, default=0)

    @staticmethod
    def _side_votes(s: FiefState, seat: int) -> int:
        """The votes ``seat`` and his ally have in the election under way."""
        votes = s.focus.get("votes", {})
        partner = s.seats[seat].partner
        return votes.get(seat, 0) + (votes.get(partner, 0) if partner is not None else 0)

    def on_break_tie(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        best, score = 0, -1_000_000_000
        for i, opt in enumerate(d.options):
            owner = s.nobles[opt.data].seat if isinstance(opt.data, str) else opt.data
            sc = 10 if owner == view.seat else 5 if s.friendly(view.seat, owner) else -s.vp(owner)
            if sc > score:
                best, score = i, sc
        return best

    # -- titles ---------------------------------------------------------------------------

    def on_title_overflow(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            action, old, to = opt.data
            if action == "decline":
                sc = 0.0
            else:
                sc = 1.0 - 3 * s.cat.titles[old].vp
                if action == "pass" and to is not None and s.nobles[to].seat == me:
                    sc += 2 + 3 * s.cat.titles[old].vp
            if sc > score:
                best, score = i, sc
        return best

    def on_accept_title(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_inherit_title(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            n = s.nobles[opt.data]
            sc = 2.0 * (n.zone == "board") + 1.0 * (not n.lady)
            sc -= sum(1 for t in n.titles if s.kind_of(t) == "fief")
            if sc > score:
                best, score = i, sc
        return best

    # -- cards -------------------------------------------------------------------------

    def on_discard(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0  # keep everything

    def on_discard_down(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        cards = view.state.cat.cards
        for word, param in _DISCARD_FIRST:
            for i, opt in enumerate(d.options):
                card = cards.get(opt.data)
                if card is not None and card[1] == word and param in (None, card[2]):
                    return i
        return 0

    def on_draw(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        picks = {opt.data: i for i, opt in enumerate(d.options)}
        brother = self._brother_to_send(s, view.seat, [o.data for o in d.options], rng)
        if brother is not None:
            return picks[brother]
        deck = s.seats[view.seat].deck
        return picks.get(True, 0) if deck else 0

    def on_stark_discard(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        label = d.options[0].label
        if label == "discard the unseen disaster":
            return 0
        return 1  # keep a card it has seen

    def on_play(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        ranks = {
            "new_noble": 9,
            "tax": 8,
            "join_small_council": 7,
            "mother_of_dragons": 7,
            "royal_heir": 7,
            "maester": 5,
            "free_troops": 6,
            "assassination": 4,
            "justice": 4,
            "uprising": 3,
            "cancel_disaster": 2,
        }
        best, score = 0, 0.0
        for i, opt in enumerate(d.options):
            if opt.data is None:
                continue
            kind, what = opt.data
            sc = 0.0
            if kind == "card":
                word = s.cat.cards[what][1]
                sc = ranks.get(word, 0.0)
                if word == "join_small_council" and not self._council_seat_worth(s, me):
                    sc = 0.0
                if word == "cancel_disaster" and not self._hurts_me(s, me, s.cat.cards[what][2]):
                    sc = 0.0
                if word in ("assassination", "uprising") and self._leader(s, me) is None:
                    sc = 0.0
                if word == "assassination" and self._out_of_contention(s, me):
                    sc = 0.0  # out of the race: nobody left worth a dagger to stop
                if word == "assassination" and not any(
                    self._kill_value(s, me, n) > 0 for n in s.nobles.values() if n.zone == "board"
                ):
                    sc = 0.0  # keep the dagger until a rival has VP to lose
                if word == "uprising" and not self._uprising_target(s, me):
                    sc = 0.0
                if word == "justice" and not any(
                    n.outlaw and n.in_play and not s.friendly(me, n.seat) for n in s.nobles.values()
                ):
                    sc = 0.0
            elif kind == "rob":
                sc = self._rob_value(s, me, what)
            elif kind == "relief":
                sc = 5.0 if self._hurts_me(s, me, "famine", what) else 0.0
            if sc > score:
                best, score = i, sc
        return best

    @staticmethod
    def _rob_value(s: FiefState, me: int, victim: int) -> float:
        """How much robbing ``victim`` (Greyjoy's once-a-game theft) is worth now; 0: wait.

        The thief takes one of the two hands the victim splits his gold into,
        half the purse on average, so he waits for the richest rival to sit on
        a fat one (idle gold piles up in mid-game) rather than snatch a coin or
        two in the first round; in the last rounds any purse is better than none.
        """
        if s.friendly(me, victim):
            return 0.0
        gold = s.seats[victim].gold
        richest = max(s.seats[o].gold for o in range(s.players) if not s.friendly(me, o))
        if gold <= 0 or gold < richest:
            return 0.0
        if gold < ROB_PURSE and s.round < s.cat.rules.round_limit - 1:
            return 0.0
        return 3.0 + gold / 10

    def _council_seat_worth(self, s: FiefState, me: int) -> bool:
        """Whether a "Join the Small Council" card is worth playing now.

        For its own or its ally's Warden, always, unless a rival Hand would
        refuse the seat (only the Master of Laws needs no consent): the card
        would be spent for nothing. With no Warden of its side to seat and
        the Hand's chair empty, it seats the Warden of the side furthest from
        victory: a Council too small to elect a Hand leaves that VP to nobody.
        """
        hand = s.holder_of("hand")
        refused = hand is not None and not s.friendly(me, hand.seat)
        if refused and s.holder["master-of-laws"] is not None:
            return False
        if self._own_warden_free(s, me):
            return True
        return hand is None and self._weak_warden(s, me) is not None

    def _weak_warden(self, s: FiefState, me: int) -> Noble | None:
        """The free Warden of the rival side furthest from victory (never one VP short)."""
        best, key = None, None
        for n in sorted(s.nobles.values(), key=lambda n: n.id):
            if s.friendly(me, n.seat) or n.zone != "board" or n.outlaw:
                continue
            if not s.is_warden(n) or s.is_council(n) or s.slots_free(n, "high") <= 0:
                continue
            have, need = self._team_vp(s, n.seat)
            if need - have < 2:
                continue
            k = (need - have, -have)
            if key is None or k > key:
                best, key = n, k
        return best

    @staticmethod
    def _own_warden_free(s: FiefState, me: int) -> bool:
        """Whether a Warden of this side (the bot's or its ally's) could take a Council seat."""
        return any(
            s.friendly(me, n.seat)
            and n.zone == "board"
            and s.is_warden(n)
            and not s.is_council(n)
            and s.slots_free(n, "high") > 0
            for n in s.nobles.values()
        )

    @staticmethod
    def _hurts_me(s: FiefState, me: int, word: str, region: str | None = None) -> bool:
        regions = [region] if region else list(s.disasters)
        for r in regions:
            if not any(s.cat.cards[c][1] == word for c in s.disasters[r]):
                continue
            if sum(1 for v in s.cat.map.region_villages[r] if s.villages[v].controller == me) >= 2:
                return True
        return False

    def _uprising_target(self, s: FiefState, me: int) -> int | None:
        best, score = None, 0
        for v, vil in enumerate(s.villages):
            if vil.controller < 0 or s.friendly(me, vil.controller):
                continue
            if any(s.friendly(me, p) for p in vil.units):
                continue
            if any(s.nobles[n].card.uprising_shield for n in vil.nobles):
                continue
            troops = sum(sum(c) for c in vil.units.values())
            sc = troops + 2 * s.vp(vil.controller)
            if sc > score:
                best, score = v, sc
        return best

    def on_target(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        best, score = 0, -1e9
        leader = self._leader(s, me)
        target = self._target_fief(s, me)
        hand = s.holder_of("hand")
        weak = None
        if any(o.label.startswith("seat ") for o in d.options) and not self._own_warden_free(s, me):
            weak = self._weak_warden(s, me)
        for i, opt in enumerate(d.options):
            data = opt.data
            label = opt.label
            sc = 0.0
            if label.startswith("tax "):
                where = data[1]
                if where == "*":
                    sc = sum(
                        len(s.cat.map.region_villages[r]) for r in s.disasters if s.governed(r)
                    )
                elif where in s.cat.map.region_villages:
                    sc = float(len(s.cat.map.region_villages[where]))
                else:
                    sc = float(len(s.cat.map.fief_villages[where]))
                sc -= 0.1 * i
            elif label.startswith("seat "):
                nid, title = data
                n = s.nobles[nid]
                sc = 10.0 if n.seat == me else 5.0 if s.friendly(me, n.seat) else -5.0
                if weak is not None and nid == weak.id:
                    sc = 1.0
                sc += {"master-of-coin": 0.3, "master-of-laws": 0.2}.get(title, 0)
                if hand is not None and not s.friendly(me, hand.seat) and title == "master-of-laws":
                    sc += 1  # the only seat a rival Hand cannot refuse
            elif label.startswith("assassinate "):
                sc = self._kill_value(s, me, s.nobles[data])
            elif label.startswith("judge "):
                n = s.nobles[data]
                if s.friendly(me, n.seat):
                    sc = -100.0
                else:
                    sc = self._noble_value(s, n) + (3 if n.seat == leader else 0)
            elif label.startswith("uprising at "):
                v = data[1]
                vil = s.villages[v]
                if any(s.friendly(me, p) for p in vil.units) or any(
                    s.friendly(me, s.nobles[n].seat) for n in vil.nobles
                ):
                    sc = -100.0
                else:
                    sc = sum(sum(c) for c in vil.units.values()) + (
                        2 if vil.controller == leader else 0
                    )
                    if target is not None and s.cat.map.fief_of[v] == target:
                        sc += 3
            elif label.startswith("uprising on "):
                n = s.nobles[data[1]]
                sc = -100 if s.friendly(me, n.seat) else self._noble_value(s, n) + 1
            elif label.startswith("crown "):
                n = s.nobles[data]
                sc = 1.0 + (n.zone == "board")
            elif label.startswith("end "):
                r = data
                sc = sum(1 for v in s.cat.map.region_villages[r] if s.villages[v].controller == me)
            elif label.startswith(("maester at ", "troops at ")):
                v = data
                sc = 1.0 if target is not None and s.cat.map.fief_of[v] == target else 0.0
            if sc > score:
                best, score = i, sc
        return best

    def on_hand_consent(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        nid = d.options[0].label.split(" ")[2]
        n = s.nobles.get(nid)
        return 0 if n is not None and s.friendly(view.seat, n.seat) else 1

    def on_void_tax(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 1  # turning Outlaw costs the Warden his seat

    def on_stop_uprising(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        v = s.focus.get("uprising")
        if v is None:
            return 0
        target = s.focus.get("target")
        if target is not None:
            at_risk = s.friendly(me, s.nobles[target].seat)
        else:
            at_risk = any(s.friendly(me, p) and sum(c) >= 2 for p, c in s.villages[v].units.items())
        if not at_risk:
            return 0
        for i, opt in enumerate(d.options):
            if opt.data == "council":
                return i
        return 0

    def on_trade(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_second_look(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_hide_gold(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return rng.randrange(len(d.options))

    def on_pick_hand(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return rng.randrange(2)

    # -- the Night's Watch --------------------------------------------------------------

    @staticmethod
    def _brother_to_send(
        s: FiefState, me: int, offered: list[Any], rng: random.Random
    ) -> str | None:
        """The Lord to send to the Wall in the Draw phase, if any.

        Only while the Lord Commander's chair is empty, only an untitled Lord
        whose House keeps another Lord on the board; when another House has a
        Brother already his vote makes the election winnable, else now and
        then, so that someone starts.
        """
        if s.holder.get(LORD_COMMANDER) is not None:
            return None
        lords = [nid for nid in offered if isinstance(nid, str) and not s.nobles[nid].titles]
        if not lords:
            return None
        others = [n for n in s.seat_nobles(me) if not n.lady and n.id != lords[-1]]
        if not others:
            return None
        rivals = any(n.zone == "wall" and n.seat != me for n in s.nobles.values())
        if rivals or rng.random() < 0.3:
            return lords[-1]  # the last to join the House: the least useful in the field
        return None

    def on_wall_bid(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        """Bid what the Watch lacks against the wildlings that came, when the bot has
        something to lose at a gate, or as the Lord Commander's side (unneeded gold comes
        back as supplies)."""
        s = view.state
        me = view.seat
        gold = s.seats[me].gold
        nw = s.cat.rules.nights_watch
        lc = s.holder_of(LORD_COMMANDER)
        base = watch_strength(s) + (nw.lc_bid_bonus if lc is not None else 0)
        # the wildlings' die is rolled before the bids, in the open: bid against the host
        # that came (a position without it reckons with the marker plus a 5)
        host = s.focus.get("wildlings", s.wall_marker + 5)
        short = host - base
        at_gate = any(
            s.villages[v].controller == me or me in s.villages[v].units for v in s.cat.map.gates
        )
        mine = lc is not None and lc.seat == me
        if short <= 0 or not (at_gate or mine):
            return 0
        budget = gold if mine else gold // 2
        best = 0
        for i, opt in enumerate(d.options):
            if opt.data <= budget:
                best = i
                if opt.data >= short:
                    break
        return best

    # -- purchases -----------------------------------------------------------------

    def on_council_bid(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        gold = s.seats[view.seat].gold
        have, need = self._team_vp(s, view.seat)
        if have + 1 >= need and s.holder["hand"] is None:
            # one VP short and the Hand's chair is empty: a Council vote is worth all it costs
            return len(d.options) - 1
        best = 0
        for i, opt in enumerate(d.options):
            if opt.data and opt.data + 3 <= gold and opt.data <= max(6, gold - 6):
                best = i
        return best

    def on_council_seat(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_purchase(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        gold = s.seats[me].gold
        cat = s.cat
        options = {opt.label: i for i, opt in enumerate(d.options)}
        for label, i in options.items():
            if label.startswith("buy ") and label[4:] in cat.titles:
                return i
        for label, i in options.items():
            if label.startswith("grant ") and self._grant_worth(s, me, d.options[i].data[1]):
                return i
        target = self._target_fief(s, me)
        if target is not None and "build stronghold" in options:
            villages = cat.map.fief_villages[target]
            if not any(s.villages[v].stronghold for v in villages):
                held = sum(1 for v in villages if s.villages[v].controller == me)
                if held >= len(villages) - 1 and any(
                    s.villages[v].controller == me for v in villages
                ):
                    return options["build stronghold"]
            if all(s.villages[v].controller == me for v in villages) and not any(
                s.villages[v].stronghold for v in villages
            ):
                return options["build stronghold"]
        # keep enough for a Fief Title that is within reach next round
        reserve = 0
        if target is not None:
            villages = cat.map.fief_villages[target]
            missing = sum(1 for v in villages if s.villages[v].controller != me)
            if missing <= 1 and any(s.villages[v].stronghold for v in villages):
                reserve = cat.rules.prices.fief_title
        troops = sum(sum(c) for vil in s.villages for p, c in vil.units.items() if p == me)
        nobles = len(s.seat_nobles(me))
        wanted = 4 + 3 * nobles
        if s.round <= 7 and "build mill" in options and gold - 3 >= reserve and troops >= 4:
            own_mills = sum(1 for v in s.controlled(me) if s.villages[v].mill)
            if own_mills < 2:
                return options["build mill"]
        if target is not None and "build stronghold" in options and gold - 6 >= reserve:
            villages = cat.map.fief_villages[target]
            held = sum(1 for v in villages if s.villages[v].controller == me)
            if held >= 2 and not any(s.villages[v].stronghold for v in villages):
                return options["build stronghold"]
        if troops < wanted or gold - reserve >= 6:
            for unit in ("knight", "unsullied", "man-at-arms", "whitecloak"):
                key = f"buy {unit}"
                if key in options and gold - cat.cost[cat.unit_index[unit]] >= reserve:
                    cheap = "buy man-at-arms" in options
                    if unit == "knight" and cheap and troops >= 3 and gold < 7:
                        continue
                    return options[key]
        return 0

    def on_place_units(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        target = self._target_fief(s, me)
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            v = opt.data
            sc = -s.troop_count(v, me) * 0.5
            if target is not None and s.cat.map.fief_of[v] == target:
                sc += 2
            hostile = sum(
                1 for w, _ in s.cat.map.neighbours[v] for p in s.present(w) if not s.friendly(me, p)
            )
            sc += 0.5 * hostile
            if sc > score:
                best, score = i, sc
        return best

    def on_place_building(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        target = self._target_fief(s, me)
        home = s.seats[me].home
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            v = opt.data
            fief = s.cat.map.fief_of[v]
            sc: float = (2.0 if fief == target else 0.0) + (1.0 if fief == home else 0.0)
            sc += 0.2 * s.troop_count(v, me)
            if sc > score:
                best, score = i, sc
        return best

    def on_title_to(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            n = s.nobles[opt.data]
            if s.slots_free(n, "fief") <= 0:
                continue
            # a Lord with no Fief yet: the Title makes him a King's voter and a
            # candidate for the crown, and spreads the House's Titles over more heads
            sc = 2.0 * (not n.lady) - sum(1 for t in n.titles if s.kind_of(t) == "fief")
            if sc > score:
                best, score = i, sc
        return best

    def _grant_worth(self, s: FiefState, me: int, fief: str) -> bool:
        """Whether the Protector should give ``fief``'s Title away now.

        Only the side that occupies the Fief can take it: always for his own
        side, and for a rival only when that VP does not win the rival the
        game (a favour in gold is welcome, a crown for the enemy is not). A
        Protector out of contention gives it to whoever can pay the favour.
        """
        occupant = next(o for o in range(s.players) if s.occupies_fief(o, fief))
        favour = s.cat.rules.prices.protector_favour
        if self._out_of_contention(s, me) and s.seats[occupant].gold >= favour:
            return True  # out of the race: the Title goes to whoever pays the favour
        return s.friendly(me, occupant) or not self._threat(s, occupant, s.cat.fief_title[fief])

    def on_grant_to(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        for i, opt in enumerate(d.options):
            if s.nobles[opt.data].seat == view.seat:
                return i
        for i, opt in enumerate(d.options):
            if s.friendly(view.seat, s.nobles[opt.data].seat):
                return i
        return 0

    def on_grant_terms(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return len(d.options) - 1

    def on_accept_grant(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    # -- movement --------------------------------------------------------------------

    def on_movement_order(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 2  # move last, seeing where the others went

    def on_ships_pass(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        for i, opt in enumerate(d.options):
            if opt.data is not None and s.nobles[opt.data].seat == view.seat:
                return i
        return 0

    def _move_value(
        self,
        s: FiefState,
        noble: Noble,
        to: int,
        target: str | None,
        goals: list[int] | None = None,
    ) -> float:
        """How much this seat gains by moving ``noble`` (with his troops) to ``to``."""
        me = noble.seat
        cat = s.cat
        frm = noble.at
        if goals is None:
            goals = self._goal_villages(s, me, target)
        vil = s.villages[to]
        hostile = [p for p in s.present(to) if not s.friendly(me, p)]
        mine, others_here, troops_here = self._leaving(s, frm, me)
        if hostile:
            theirs = max(strength(s, to, p) for p in hostile)
            edge = dice_for(s, mine) - max(wall_penalty(s, to, p) for p in hostile)
            if edge <= 0 or mine < self._edge(s, to, target) * theirs:
                return -10.0
            value = 6.0 + (4 if target and cat.map.fief_of[to] == target else 0)
            value += 2 * s.vp(hostile[0])
            there = strength(s, to, me)
            if there and there >= self._edge(s, to, target) * theirs:
                # his Nobles already there win that fight: he is worth more elsewhere
                # (sending every Noble at one lone enemy leaves the rest of the Fief bare)
                value = 0.0
        elif vil.controller == me:
            value = -1.0
        else:
            value = 2.0 + (5 if target and cat.map.fief_of[to] == target else 0)
            value += (1 if vil.mill else 0) + (1 if vil.sept else 0)
        if others_here == 0 and troops_here == 0:
            # he alone holds the Village: leaving gives it up (one troop would stay behind)
            value -= 2.0 + (3 if target and cat.map.fief_of[frm] == target else 0)
            if s.villages[frm].stronghold:
                value -= 2
        if goals:
            dist = cat.map.distance
            value += 1.5 * (min(dist[frm][g] for g in goals) - min(dist[to][g] for g in goals))
        ally_goal = self._partner_target(s, me)
        if ally_goal is not None:
            stranded = s.troop_count(to, me) > 0 and not s.nobles_at(to, me)
            if cat.map.fief_of[frm] == ally_goal and cat.map.fief_of[to] != ally_goal:
                value += 5  # make way for the ally
            elif cat.map.fief_of[to] == ally_goal and stranded:
                value += 6  # fetch troops left behind there, to lead them out
            elif cat.map.fief_of[to] == ally_goal and cat.map.fief_of[frm] != ally_goal:
                value -= 5
        # a lone Noble walking next to an enemy army is a prize for them
        if troops_here == 0:
            for w, _ in cat.map.neighbours[to]:
                if self._enemy_army_at(s, w, me):
                    value -= 3
                    break
        return value

    def _leaving(self, s: FiefState, frm: int, me: int) -> tuple[int, int, int]:
        """What ``me`` has at ``frm``: strength (but troops that marched there this phase,
        who cannot come along), free Nobles but one, troops (per decision)."""

        def count() -> tuple[int, int, int]:
            st = s.cat.strength
            tired = s.marched.get((frm, me), ())
            stay = sum(st[u] * n for u, n in enumerate(tired))
            others = len(s.nobles_at(frm, me)) - 1
            return strength(s, frm, me) - stay, others, s.troop_count(frm, me)

        return self._per_decision(s, ("leaving", frm, me), count)

    def _enemy_army_at(self, s: FiefState, w: int, me: int) -> bool:
        """Whether a rival of ``me`` has two troops or more at ``w`` (per decision)."""
        return self._per_decision(
            s,
            ("army", w, me),
            lambda: any(not s.friendly(me, p) and s.troop_count(w, p) >= 2 for p in s.present(w)),
        )

    def _best_move(
        self, s: FiefState, noble: Noble, target: str | None, goals: list[int]
    ) -> tuple[int | None, float]:
        best, score = None, 0.5
        for w in sorted(destinations(s, noble)):
            sc = self._move_value(s, noble, w, target, goals)
            if sc > score:
                best, score = w, sc
        return best, score

    def on_move(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        target = self._target_fief(s, view.seat)
        goals = self._goal_villages(s, view.seat, target)
        best, score = 0, 0.5
        for i, opt in enumerate(d.options):
            if opt.data is None or opt.data[0] != "move":
                continue
            noble = s.nobles[opt.data[1]]
            _, sc = self._best_move(s, noble, target, goals)
            if sc > score:
                best, score = i, sc
        return best

    def on_destination(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        target = self._target_fief(s, me)
        noble = s.nobles.get(s.focus.get("noble", ""))
        if noble is None:
            return 0
        goals = self._goal_villages(s, me, target)
        best, score = 0, -1e9
        for i, opt in enumerate(d.options):
            sc = self._move_value(s, noble, opt.data, target, goals)
            if sc > score:
                best, score = i, sc
        return best

    def on_take_troops(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        plan = self._focused_plan(s)
        if plan is None:
            return 0
        units = s.movable_troops(s.nobles[s.focus["noble"]].at, view.seat) or []
        labels = [o.data for o in d.options]
        for i, how in enumerate(labels):
            if how in SHORTCUTS and shortcut_split(s.cat, units, how) == plan:
                return i
        return labels.index("kinds") if "kinds" in labels else 0

    def on_take_unit(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        plan = self._focused_plan(s)
        if plan is None:
            return 0
        u = s.focus["unit"]
        return min(plan[0][u] + plan[1][u], len(d.options) - 1)

    def on_drop_unit(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        plan = self._focused_plan(s)
        return 0 if plan is None else min(plan[1][s.focus["unit"]], len(d.options) - 1)

    def _focused_plan(self, s: FiefState) -> tuple[list[int], list[int]] | None:
        """The troop plan of the Noble the movement questions are about (``s.focus``).

        The plan is worked out afresh at each of his troop questions; nothing
        moves in between, so every answer follows the same plan.
        """
        noble = s.nobles.get(s.focus.get("noble", ""))
        if noble is None:
            return None
        return self._troop_plan(s, noble, s.focus.get("to", -1), s.focus.get("via", -1))

    def _troop_plan(
        self, s: FiefState, noble: Noble, to: int, via: int
    ) -> tuple[list[int], list[int]]:
        """The troops ``noble`` takes to ``to`` and drops at ``via``: ``(taken, dropped)``.

        What stays: a Village worth keeping with a rival army in reach keeps a
        garrison strong enough to deter it (:meth:`_garrison`); otherwise the old
        judgement: take everything out of the ally's Fief, and a Noble leaving
        alone keeps one troop behind (or, with one troop only, walks on alone
        when that is safe). Then, on the way to a Village no enemy holds, one
        of the troops he leads (the cheapest) stops in the Village he passes
        if that one is not his yet and he still keeps one at his side.
        """
        me = noble.seat
        cat = s.cat
        # FF-PH-13: troops that marched this phase stay; the plan is for the others
        units = s.movable_troops(noble.at, me) or [0] * len(cat.units)
        hostile = to >= 0 and s.hostile_at(to, me)
        take, drop = self._troops_leaving(s, noble, units, hostile)
        if via >= 0 and not hostile and s.villages[via].controller != me and sum(take) >= 2:
            u = cheapest_unit(cat, take)
            take[u] -= 1
            drop[u] += 1
        return take, drop

    def _troops_leaving(
        self, s: FiefState, noble: Noble, units: list[int], hostile: bool
    ) -> tuple[list[int], list[int]]:
        """The troops that leave with ``noble`` (see :meth:`_troop_plan`), of ``units``:
        those at his side that may still march this phase."""
        me = noble.seat
        cat = s.cat
        total = sum(units)
        ally_goal = self._partner_target(s, me)
        if ally_goal is not None and cat.map.fief_of[noble.at] == ally_goal:
            return shortcut_split(cat, units, "all")  # leave nothing behind in the ally's Fief
        if not hostile:
            garrison = self._garrison(s, noble, units)
            if garrison is not None:
                take = [have - keep for have, keep in zip(units, garrison, strict=True)]
                return take, [0] * len(units)
        # troops that marched there this phase stay and hold the Village all the same
        held = s.troop_count(noble.at, me) > total
        if len(s.nobles_at(noble.at, me)) == 1 and not held:
            # nobody else of his stays: leave a garrison so the Village stays held
            if total >= 2:
                return shortcut_split(cat, units, "one")
            if not hostile:
                return shortcut_split(cat, units, "none")  # his only troop holds it
        return shortcut_split(cat, units, "all")

    def _garrison(self, s: FiefState, noble: Noble, units: list[int]) -> list[int] | None:
        """The troops to leave where ``noble`` stands, or ``None`` for no particular need.

        Only a Village that matters (in the target Fief, with a Stronghold, or
        the last one the player holds in a Fief whose Title he owns) and only
        against a rival army, with a Noble still to move this phase to lead it,
        that could reach it in one move. A Mill alone does not call for one
        (garrisons on Mills cost House Greyjoy, who lives by pillage, its fair
        share of wins: 3p and 6p playtests). The garrison is the weakest set
        of troops (with his Nobles already moved there) that the strongest
        such army would not dare attack by the bot's own rule; if even all his troops would
        not deter it, there is nothing particular to do.
        """
        me = noble.seat
        cat = s.cat
        m = cat.map
        v = noble.at
        vil = s.villages[v]
        fief = m.fief_of[v]
        matters = vil.stronghold or fief == self._target_fief(s, me)
        if not matters:
            owner = s.holder_of(cat.fief_title[fief])
            matters = (
                owner is not None
                and owner.seat == me
                and not any(s.villages[w].controller == me for w in m.fief_villages[fief] if w != v)
            )
        if not matters:
            return None
        reach = cat.rules.move_steps
        dist = m.distance[v]
        threat = 0
        for w, other in enumerate(s.villages):
            if w == v or dist[w] > reach or not other.nobles:
                continue
            # only a Noble still to move this phase can come before the battles
            for p in {s.nobles[n].seat for n in other.nobles if not s.nobles[n].moved}:
                if not s.friendly(me, p):
                    threat = max(threat, strength(s, w, p))
        if not threat:
            return None
        edge = ATTACK_EDGE if s.round < 6 else 1.0
        penalty = wall_penalty(s, v, me)
        # the rival attacks only with edge x the garrison's strength, and never
        # without a die left after the walls' penalty (then one troop holds them)
        need = 1 if dice_for(s, threat) - penalty <= 0 else int(threat / edge) + 1
        # Nobles who already moved there stay, and so do troops that marched there this
        # phase (``units`` are the others); the rest may still leave this turn
        kept = sum(noble_strength(s, n) for n in s.nobles_at(v, me) if n is not noble and n.moved)
        st = cat.strength
        here = s.troops(v, me) or units
        kept += sum(st[u] * (here[u] - units[u]) for u in range(len(units)))
        kept_troops = sum(here) - sum(units)
        keep = [0] * len(units)
        for u in sorted(range(len(units)), key=lambda u: (st[u] == 0, st[u], cat.cost[u])):
            while keep[u] < units[u] and (kept < need or kept_troops == 0):
                keep[u] += 1
                kept += st[u]
                kept_troops += 1
        if kept < need:
            return None  # even everything he has would not deter it
        return keep

    def on_sail_to(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        target = self._target_fief(s, me)
        for i, opt in enumerate(d.options):
            v = opt.data
            if v is None:
                continue
            wanted = target and s.cat.map.fief_of[v] == target and s.villages[v].controller != me
            if wanted and all(s.friendly(me, p) for p in s.present(v)):
                return i
        return 0

    def on_landing(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 1

    def on_force_landing(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 1

    def on_pillage(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    # -- battles ------------------------------------------------------------------------

    def on_attack(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        best, score = 0, 0.0
        for i, opt in enumerate(d.options):
            if opt.data is None:
                continue
            v, enemy = opt.data
            mine, theirs = strength(s, v, me), strength(s, v, enemy)
            penalty = wall_penalty(s, v, enemy)
            if s.troop_count(v, enemy) == 0 and mine > theirs:
                sc = 10.0
            elif (
                dice_for(s, mine) - penalty > 0
                and mine >= self._edge(s, v, self._target_fief(s, me)) * theirs
            ):
                sc = 2.0 + mine - theirs
            else:
                continue
            if sc > score:
                best, score = i, sc
        return best

    def on_play_ambush(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_play_passage(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        return 0

    def on_casualty(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        cat = view.cat
        return min(
            range(len(d.options)),
            key=lambda i: (cat.cost[d.options[i].data] / cat.hits[d.options[i].data], i),
        )

    def on_noble_falls(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        return min(
            range(len(d.options)), key=lambda i: self._noble_value(s, s.nobles[d.options[i].data])
        )

    def on_battle_choice(self, view: FiefView, d: Decision, rng: random.Random) -> int:
        s = view.state
        me = view.seat
        v = s.focus.get("battle")
        if v is None:
            return 0
        enemies = [p for p in s.present(v) if not s.friendly(me, p)]
        mine = strength(s, v, me)
        theirs = max((strength(s, v, p) for p in enemies), default=0)
        if mine >= 0.7 * theirs:
            return 0
        for i, opt in enumerate(d.options):
            if opt.data[0] == "retreat":
                return i
        return 0
