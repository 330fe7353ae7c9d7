"""The Iron Throne game state: mutable, compact, plain integers and lists.

Cards, characters and events are small integers indexing per-game tables
(:class:`Tables`); zones are lists of those integers (a deck's top card is
its last item). The referee (:class:`pnp.rulesets.ironthrone.rules.Referee`)
subclasses :class:`State`, so rules read ``self.hand[seat]`` directly.
:meth:`State.snapshot` turns all of it into plain data with content ids, and
:meth:`State.invariant_violations` checks conservation and order cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from pnp.rulesets.ironthrone.abilities import Compiled

# The constants are Final so that a compiled build (mypyc, see
# pnp/compiled.py) inlines them instead of looking them up.

# card kinds
HOSTILITY: Final = 0
TRUCE: Final = 1
CHARACTER: Final = 2
KIND_NAMES: Final = ("hostility", "truce", "character")
# character token states: OUT = back in the box (the leader's own token)
OUT: Final = 0
ALIVE: Final = 1
DEAD: Final = 2
STATUS_NAMES: Final = ("out", "alive", "dead")
# sides of an encounter
NO_SIDE: Final = 0
CHALLENGER: Final = 1
DEFENDER: Final = 2
SIDE_NAMES: Final = ("none", "challenger", "defender")
# encounter outcomes
NO_OUTCOME: Final = 0
HOSTILE: Final = 1
TRUCED: Final = 2
BETRAYAL: Final = 3
OUTCOME_NAMES: Final = (None, "hostility", "truce", "betrayal")
# who lost or won once the resolution starts
UNDECIDED: Final = 0
CHALLENGER_WON: Final = 1
DEFENDER_WON: Final = 2
BOTH_LOST: Final = 3
NOBODY: Final = 4
WINNER_NAMES: Final = (None, "challenger", "defender", "both_lost", "nobody")


def round_of(turn: int, players: int) -> int:
    """The round a turn belongs to: one turn per player, round 1 holds turns 1 to
    ``players`` (turn 0, before the first, counts as round 1)."""
    return (turn - 1) // players + 1 if turn > 0 else 1


def other_side(side: int) -> int:
    """The opposing side of an encounter: the defender's for the challenger's and back."""
    return DEFENDER if side == CHALLENGER else CHALLENGER


def losing_side(winner: int) -> int:
    """The side that lost when ``winner`` (``CHALLENGER_WON`` or ``DEFENDER_WON``) won."""
    return DEFENDER if winner == CHALLENGER_WON else CHALLENGER


# phases, in turn order; PHASE_ORDER of a phase only grows within a turn
PHASES: Final = (
    "leaders",
    "turn_start",
    "preparation",
    "support",
    "encounter",
    "resolution",
    "end_of_turn",
    "game_over",
)
P_LEADERS: Final = 0
P_TURN_START: Final = 1
P_PREPARATION: Final = 2
P_SUPPORT: Final = 3
P_ENCOUNTER: Final = 4
P_RESOLUTION: Final = 5
P_END: Final = 6
P_OVER: Final = 7
assert len(PHASES) == P_OVER + 1


@dataclass(frozen=True)
class Numbers:
    """The numbers of the rules the referee reads every turn, as plain ints: a
    compiled referee reads a field here instead of looking an attribute up on
    the content model."""

    hand_size: int
    character_power: int
    influence_tokens: int
    preparation_draw: int
    preparation_distribute: int
    defender_draw: int
    defender_distribute: int
    release_draw: int
    torment_leader: int
    torment_character: int
    torment_other: int

    @classmethod
    def of(cls, rules: Any) -> Numbers:
        """The numbers of ``rules`` (the content's ``Rules``)."""
        return cls(
            hand_size=rules.hand_size,
            character_power=rules.character_power,
            influence_tokens=rules.influence_tokens,
            preparation_draw=rules.preparation_draw,
            preparation_distribute=rules.preparation_distribute,
            defender_draw=rules.defender_reward.draw,
            defender_distribute=rules.defender_reward.distribute,
            release_draw=rules.release_draw,
            torment_leader=rules.torment.leader,
            torment_character=rules.torment.character,
            torment_other=rules.torment.other,
        )


@dataclass
class Tables:
    """Per-game lookup tables built from the content (see :mod:`setup`).

    Card, character and event numbers of a new game are those of the whole
    content (every House, seated or not: see ``setup.catalog``), so every
    seating shares the tables that depend only on them, and the option
    caches keyed by them (``options``, ``choices``) and the pool of events
    (``seat_events``, keyed by all an event says, its seat included); a
    seating has its own copy of what names seats (owners, its tables of the
    commonest events, seat-valued options in ``seat_options`` and
    ``seat_choices``). A scenario's tables number only its own components and
    share nothing.
    """

    houses: tuple[str, ...]
    house_names: tuple[str, ...]
    # cards, by card number
    card_id: list[str]
    card_kind: list[int]
    card_value: list[int]
    card_char: list[int]  # character number, or -1
    card_owner: list[int]  # seat, or -1 for a House not seated
    card_ability: list[Compiled | None]
    card_window: list[int]  # window index of its ability, or -1
    # characters, by character number
    char_id: list[str]
    char_name: list[str]
    char_seat: list[int]  # seat, or -1 for a House not seated
    char_leader: list[Compiled | None]
    seat_chars: list[list[int]]
    # events, by event number
    event_id: list[str]
    event_house: list[int]  # the seat of its House, or -1 (special, or House not seated)
    event_rule: list[str]  # "house" or the special rule
    # numbers of the game: the content's Rules, and the ones read every turn
    rules: Any
    num: Numbers
    # per seat: its House's cards, one per physical copy, in content order
    seat_cards: list[list[int]] = field(default_factory=list)
    # the events in play (specials and the seated Houses'), in content order
    event_pool: list[int] = field(default_factory=list)
    # card number -> the House id on its back
    card_house: list[str] = field(default_factory=list)
    # option caches: label -> Option, and option tuples by structural key; a
    # label or key names its meaning, so games share them (seat-free ones
    # across seatings, the ``seat_`` ones within a seating)
    options: dict[str, Any] = field(default_factory=dict)
    choices: dict[Any, Any] = field(default_factory=dict)
    seat_options: dict[str, Any] = field(default_factory=dict)
    seat_choices: dict[Any, Any] = field(default_factory=dict)
    # window * len(char_id) + character -> that character's cards with an
    # ability of that window, as ``card_bit`` bits: a window tests a hand for
    # the cards it may offer with one ``&`` instead of scanning it
    slot_bits: list[int] = field(default_factory=list)
    # CardInfo per card number, built on first use by views
    card_infos: list[Any] = field(default_factory=list)
    # card number -> 1 << the place of its id among its House's ids (content
    # order): one owner's cards as a small int (the cache key of a hand's options)
    card_local_bit: list[int] = field(default_factory=list)
    # card number -> 1 << its place among its House's cards (content order): a
    # hand as a small int (``State.hand_bits``; a hand holds its owner's cards)
    card_bit: list[int] = field(default_factory=list)
    # the most ids a House has: the width of such an int
    id_bits: int = 0
    # seat -> the number of its House in the catalog (``setup.catalog``), and
    # how many Houses the catalog has: what a seat-free cache key names a
    # seat's House by (a scenario's tables are their own catalog)
    seat_home: list[int] = field(default_factory=list)
    home_count: int = 0
    # by listing (``rules.LISTINGS``: the verbs of the options) -> a key naming
    # the cards listed by their Houses -> the options of
    # :meth:`Referee.card_options` (seat-free: every seating shares them)
    listed: list[dict[int, tuple[Any, ...]]] = field(default_factory=list)
    # verb -> catalog House number -> ``verb: <id>`` for each of its ids
    # (:meth:`Referee.id_options`; seat-free)
    id_lists: dict[str, list[tuple[Any, ...] | None]] = field(default_factory=dict)
    # card id -> its card numbers (the copies), ascending
    id_cards: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # the commonest events, made once per card: they are immutable and the
    # same in every game (drawn by its owner; placed facedown or face up)
    drawn_events: list[Any] = field(default_factory=list)
    placed_events: tuple[list[Any], list[Any]] = field(default_factory=lambda: ([], []))
    # by [seat][event]: the event card drawn and played by the challenger;
    # the defender it names
    event_events: list[list[tuple[Any, Any]]] = field(default_factory=list)
    defender_events: list[list[Any]] = field(default_factory=list)
    # by [character][amount]: power removed from it (filled as they occur)
    removed_events: list[list[Any]] = field(default_factory=list)
    # by character number: committed; by [side][character]: support offered,
    # accepted and declined
    committed_events: list[Any] = field(default_factory=list)
    support_events: tuple[list[list[Any]], ...] = ()
    # by seat: stayed out of the encounter (made no support offer)
    stayed_out_events: list[Any] = field(default_factory=list)
    # frequent events under a key naming all they say (the seat included):
    # one pool for the catalog and all its seatings
    seat_events: dict[Any, Any] = field(default_factory=dict)
    # (catalog House, seat) -> the event tables above for that House's cards
    # and characters at that seat; ("events", seat) -> its rows of the event
    # cards' tables: a new seating assembles its tables from these
    seat_blocks: dict[Any, Any] = field(default_factory=dict)


class State:
    """Everything about a game in progress (the referee adds the rules)."""

    t: Tables
    n: int
    leader: list[int]
    leader_ab: list[Compiled | None]
    leader_window: list[int]
    #: the leader sheets chosen so far in the leader step, by seat, face down until
    #: every seat has chosen (the step's own record: resampling redraws the others')
    leader_picks: list[int]
    power: list[int]
    status: list[int]
    alive: list[tuple[int, ...]]
    #: per seat, what the rules derived from its living characters (option
    #: tuples, events), under a key naming it; emptied when they change, so a
    #: turn finds them without hashing the tuple of living characters
    living_memo: list[dict[Any, Any]]
    deck: list[list[int]]
    hand: list[list[int]]
    #: per seat, its hand as ``Tables.card_bit`` bits: changed with the hand
    #: (``Referee.to_hand``, ``from_hand``, ``index_hands``), read by the windows
    hand_bits: list[int]
    discard: list[list[int]]
    held: list[list[int]]
    table: list[list[int]]
    sheet: list[int]
    box: int
    supply: int
    power_total: int
    card_total: list[int]
    left: list[int]
    on_board: list[list[int]]
    event_deck: list[int]
    event_discard: list[int]
    turn: int
    challenger: int
    defender: int
    phase: int
    first: int
    side: list[int]
    committed: list[int]
    offered: list[bool]
    withdrawn: list[bool]
    shielded: list[bool]
    no_rewards: list[bool]
    placed: list[int]
    faceup: list[bool]
    first_placer: int
    bonus: list[int]
    outcome: int
    winner: int
    totals: list[int]
    deal: tuple[Any, ...] | None
    over: bool
    ending: str
    winners: tuple[int, ...]
    phase_log_ok: bool

    def init_state(self, tables: Tables, players: int) -> None:
        """Empty zones and counters for ``players`` seats."""
        n = players
        self.t = tables
        self.n = n
        self.leader = [-1] * n
        self.leader_ab = [None] * n
        self.leader_window = [-1] * n
        self.leader_picks = []
        chars = len(tables.char_id)
        self.power = [0] * chars
        self.status = [OUT] * chars
        self.alive = [() for _ in range(n)]
        self.living_memo = [{} for _ in range(n)]
        self.deck = [[] for _ in range(n)]
        self.hand = [[] for _ in range(n)]
        self.hand_bits = [0] * n
        self.discard = [[] for _ in range(n)]
        self.held = [[] for _ in range(n)]
        self.table = [[] for _ in range(n)]
        self.sheet = [0] * n
        self.box = 0
        self.supply = 0
        self.power_total = 0
        self.card_total = [0] * n
        self.left = [0] * n
        self.on_board = [[0] * n for _ in range(n)]
        self.event_deck = []
        self.event_discard = []
        self.turn = 0
        self.challenger = 0
        self.defender = -1
        self.phase = P_LEADERS
        self.first = 0
        self.over = False
        self.ending = ""
        self.winners = ()
        self.phase_log_ok = True
        self.side = [NO_SIDE] * n
        self.committed = [-1] * n
        self.offered = [False] * n
        self.withdrawn = [False] * n
        self.shielded = [False] * n
        self.no_rewards = [False] * n
        self.placed = [-1] * n
        self.faceup = [False] * n
        self.bonus = [0, 0, 0]
        self.totals = [0, 0, 0]
        self.reset_encounter()

    def reset_encounter(self) -> None:
        """Clear everything that lasts one turn.

        The per-seat lists are cleared in place, not replaced: a turn starts
        dozens of times a game, and nothing keeps them across turns (views
        and snapshots read or copy the values).
        """
        self.defender = -1
        side, committed, offered = self.side, self.committed, self.offered
        withdrawn, shielded, no_rewards = self.withdrawn, self.shielded, self.no_rewards
        placed, faceup = self.placed, self.faceup
        for seat in range(self.n):
            side[seat] = NO_SIDE
            committed[seat] = -1
            offered[seat] = False
            withdrawn[seat] = False
            shielded[seat] = False
            no_rewards[seat] = False
            placed[seat] = -1
            faceup[seat] = False
        self.first_placer = -1
        bonus, totals = self.bonus, self.totals
        for i in range(3):
            bonus[i] = 0
            totals[i] = 0
        self.outcome = NO_OUTCOME
        self.winner = UNDECIDED
        self.deal = None

    def set_phase(self, phase: int) -> None:
        """Enter ``phase``; a step back within a turn is recorded as broken order."""
        if phase < self.phase and phase != P_TURN_START:
            self.phase_log_ok = False
        self.phase = phase

    # ------------------------------------------------------------ queries

    def spread_count(self, seat: int) -> int:
        """How many of ``seat``'s influence tokens lie on other boards."""
        return self.t.num.influence_tokens - self.left[seat]

    def living(self, seat: int) -> tuple[int, ...]:
        """``seat``'s living characters, in content order (kept up to date by
        :meth:`count_living`: the rules ask for them at every step)."""
        return self.alive[seat]

    def count_living(self, seat: int) -> None:
        """Update :meth:`living` after a token of ``seat`` changed state."""
        status = self.status
        self.alive[seat] = tuple(c for c in self.t.seat_chars[seat] if status[c] == ALIVE)
        self.living_memo[seat].clear()

    # ------------------------------------------------------------ snapshot

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain data, with content ids."""
        t = self.t
        cid = t.card_id
        seats = []
        for seat in range(self.n):
            chars = {}
            for c in t.seat_chars[seat]:
                if self.status[c] != OUT:
                    chars[t.char_id[c]] = {
                        "power": self.power[c],
                        "state": STATUS_NAMES[self.status[c]],
                    }
            seats.append(
                {
                    "house": t.houses[seat],
                    "leader": t.char_id[self.leader[seat]] if self.leader[seat] >= 0 else None,
                    "sheet": self.sheet[seat],
                    "characters": chars,
                    "hand": [cid[c] for c in self.hand[seat]],
                    "deck": [cid[c] for c in reversed(self.deck[seat])],
                    "discard": [cid[c] for c in self.discard[seat]],
                    "hostages": [cid[c] for c in self.held[seat]],
                    "played": [cid[c] for c in self.table[seat]],
                    "tokens_left": self.left[seat],
                    "spread": self.spread_count(seat),
                    "board": {
                        t.houses[o]: self.on_board[seat][o]
                        for o in range(self.n)
                        if self.on_board[seat][o]
                    },
                    "side": SIDE_NAMES[self.side[seat]],
                    "character": (
                        t.char_id[self.committed[seat]] if self.committed[seat] >= 0 else None
                    ),
                    "withdrawn": self.withdrawn[seat],
                    "placed": cid[self.placed[seat]] if self.placed[seat] >= 0 else None,
                }
            )
        return {
            "players": self.n,
            "turn": self.turn,
            "round": round_of(self.turn, self.n),
            "phase": PHASES[self.phase],
            "challenger": self.challenger,
            "defender": self.defender if self.defender >= 0 else None,
            "first_player": self.first,
            "seats": seats,
            "encounter": {
                "outcome": OUTCOME_NAMES[self.outcome],
                "winner": WINNER_NAMES[self.winner],
                "totals": {"challenger": self.totals[1], "defender": self.totals[2]},
                "bonus": {"challenger": self.bonus[1], "defender": self.bonus[2]},
                "deal": self.deal_snapshot(),
            },
            "event_deck": [t.event_id[e] for e in reversed(self.event_deck)],
            "event_discard": [t.event_id[e] for e in self.event_discard],
            "box": self.box,
            "supply": self.supply,
            "over": self.over,
            "ending": self.ending or None,
            "winners": list(self.winners),
        }

    def deal_snapshot(self) -> Any:
        """The agreed truce deal as plain data (``None`` when there is none)."""
        if self.deal is None:
            return None
        got_c, got_d = self.deal
        names = ("influence", "hostages", "power")
        return {
            "challenger_gets": dict(zip(names, got_c, strict=True)),
            "defender_gets": dict(zip(names, got_d, strict=True)),
        }

    # ------------------------------------------------------------ invariants

    def invariant_violations(self) -> list[str]:
        """Conservation of power, cards and tokens, sane totals, phase order: every
        check below, whatever the last move was."""
        return (
            self.power_problems()
            + self.living_problems()
            + self.card_problems()
            + self.influence_problems()
            + self.order_problems()
        )

    def power_problems(self) -> list[str]:
        """Power is conserved and never negative."""
        # plain loops, each list walked once: this runs after a quarter of all moves
        out: list[str] = []
        t = self.t
        on_chars = 0
        for c, p in enumerate(self.power):
            on_chars += p
            if p < 0:
                out.append(f"{t.char_id[c]} has {p} power")
        sheets = 0
        negative = self.box < 0 or self.supply < 0
        for p in self.sheet:
            sheets += p
            if p < 0:
                negative = True
        if negative:
            out.append(f"negative power: sheets {self.sheet}, box {self.box}, supply {self.supply}")
        if on_chars + sheets + self.box + self.supply != self.power_total:
            out.append(
                f"power not conserved: characters {on_chars} + sheets {sheets} + box {self.box}"
                f" + supply {self.supply} != {self.power_total}"
            )
        return out

    def living_problems(self) -> list[str]:
        """A character lives exactly while it holds power, and each House's list of the
        living says so (negative power is :meth:`power_problems`' to report)."""
        out: list[str] = []
        t = self.t
        power = self.power
        status = self.status
        for c, p in enumerate(power):
            st = status[c]
            if st == ALIVE:
                if p <= 0:
                    out.append(f"{t.char_id[c]} is alive with no power")
            elif p > 0:
                out.append(f"{t.char_id[c]} is {STATUS_NAMES[st]} but holds {p} power")
        for seat in range(self.n):
            if self.alive[seat] != tuple([c for c in t.seat_chars[seat] if status[c] == ALIVE]):
                out.append(f"{t.houses[seat]}: the list of living characters is out of date")
        return out

    def card_problems(self) -> list[str]:
        """Each House's cards are in its deck, hand, discard pile, table or held as
        another's hostage; the bits of each hand match it.

        Decks, hands, discards and the table only ever hold their own House's
        cards, so those are counted with ``len``; a card that strays into another
        House's zone still breaks both Houses' counts. Hostages are counted by owner.
        """
        out: list[str] = []
        t = self.t
        n = self.n
        owner = t.card_owner
        counts = [
            len(self.deck[s]) + len(self.hand[s]) + len(self.discard[s]) + len(self.table[s])
            for s in range(n)
        ]
        for seat in range(n):
            for c in self.held[seat]:
                o = owner[c]
                counts[o] = counts[o] + 1
                if o == seat:
                    out.append(f"{t.houses[seat]} holds its own card {t.card_id[c]} as a hostage")
        bit = t.card_bit
        for seat in range(n):
            bits = 0
            for c in self.hand[seat]:
                bits |= bit[c]
            if bits != self.hand_bits[seat]:
                out.append(f"{t.houses[seat]}: the bits of its hand are out of date")
        for seat in range(n):
            if counts[seat] != self.card_total[seat]:
                out.append(
                    f"{t.houses[seat]} cards not conserved: {counts[seat]} in zones, "
                    f"{self.card_total[seat]} in the game"
                )
        return out

    def influence_problems(self) -> list[str]:
        """Each House's influence tokens are at home or spread onto another's board."""
        out: list[str] = []
        t = self.t
        n = self.n
        tokens = t.rules.influence_tokens
        on_board = self.on_board
        for o in range(n):
            placed = 0
            for target in range(n):
                placed += on_board[target][o]
            if on_board[o][o]:
                out.append(f"{t.houses[o]} has spread influence onto its own board")
            if self.left[o] < 0 or placed + self.left[o] != tokens:
                out.append(
                    f"{t.houses[o]} influence not conserved: {self.left[o]} "
                    f"at home + {placed} spread != {tokens}"
                )
        return out

    def order_problems(self) -> list[str]:
        """The phases came in order, and an encounter has two sides."""
        out: list[str] = []
        if not self.phase_log_ok:
            out.append("a phase was entered out of order")
        if P_SUPPORT <= self.phase < P_OVER:
            ch, de = self.challenger, self.defender
            if de < 0 or de == ch:
                out.append(f"bad active players: challenger {ch}, defender {de}")
            elif self.side[ch] != CHALLENGER or self.side[de] != DEFENDER:
                out.append("an active player is not on his own side")
        return out
