"""The Iron Throne referee: a turn as a generator of decisions."""

from __future__ import annotations

from pnp.engine.game import Decision, Event, Option
from pnp.engine.rng import shuffle
from pnp.rulesets.ironthrone.rules.moves import (
    L_HOSTAGES,
    NO_LEADERS,
    POOL_TURN,
    W_BEFORE_TURN,
    Flow,
    drop,
    pool_key,
    with_seat,
)
from pnp.rulesets.ironthrone.rules.preparation import Preparation
from pnp.rulesets.ironthrone.state import (
    ALIVE,
    CHARACTER,
    P_ENCOUNTER,
    P_END,
    P_PREPARATION,
    P_RESOLUTION,
    P_SUPPORT,
    P_TURN_START,
    round_of,
)


class Referee(Preparation):
    """The Iron Throne referee: a turn as a generator of decisions."""

    def flow(self, start: str = "leaders", pause: bool = False) -> Flow:
        """The whole game from ``start`` (``leaders``, ``turn``, ``support`` or ``encounter``).

        Each turn runs its phases in order here (a scenario may start a turn
        at its support or encounter phase), then the end of the game is
        checked and the next player becomes the challenger. The end is also
        checked once the start-of-turn steps are done, before preparation
        (IT-GAP-03). ``pause`` (a
        scenario) first asks the first player a one-option ``scenario_start``
        question, so that all the position sets off happens after it, where
        the scenario's checks can see it.
        """
        if pause:
            yield Decision(self.first, "scenario_start", (self.opt("begin"),))
        if start == "leaders":
            yield from self.choose_leaders()
            start = "turn"
        while True:
            if start == "turn":
                self.start_turn()
                if any(len(h) > 0 for h in self.held):  # a loop, not any() of a list
                    yield from self.hostage_step()
                if self.window_open(W_BEFORE_TURN):
                    yield from self.window(W_BEFORE_TURN)
                # IT-WIN-03, IT-GAP-03: a torment may have killed a House's last character;
                # a dead character cannot take part (IT-DEATH-01), so that House could
                # commit none (IT-PREP-06): the game ends here, with no encounter
                if self.check_end():
                    return
                self.set_phase(P_PREPARATION)
                yield from self.preparation()
                start = "support"
            self.order = self.orders[self.challenger]
            if start == "support":
                self.set_phase(P_SUPPORT)
                yield from self.support()
            self.set_phase(P_ENCOUNTER)
            yield from self.encounter()
            self.set_phase(P_RESOLUTION)
            yield from self.resolution()
            self.set_phase(P_END)
            self.end_of_turn()
            start = "turn"
            # IT-GAP-03: checked again when the turn ends (both ends are monotone)
            if self.check_end():
                return
            if self.turn_limit and self.turn >= self.turn_limit:
                self.finish("turn_limit")
                return
            self.challenger = (self.challenger + 1) % self.n

    def choose_leaders(self) -> Flow:
        """Each player keeps one of the leader sheets he drew (IT-SETUP-01/02), then deals."""
        # the face-down choices live in the state until revealed: a resample redraws
        # the ones its seat cannot see (resample.py) in this very list
        picks: list[int] = []
        self.leader_picks = picks
        cid = self.t.char_id
        # every player draws his sheets before anyone keeps one (IT-SETUP-01)
        for seat in range(self.n):
            for c in self.leader_offers[seat]:
                self.events.append(Event("card_drawn", seat, {"card": cid[c]}))
        for seat in range(self.n):
            offered = tuple(self.leader_offers[seat])
            opts = self.choices(
                ("leader", offered), lambda o=offered: [self.opt(f"leader: {cid[c]}", c) for c in o]
            )
            i = 0 if len(opts) == 1 else (yield Decision(seat, "choose_leader", opts))
            picks.append(opts[i].data)
        self.leader_picks = []
        for seat, c in enumerate(picks):
            self.set_leader(seat, c)
            self.emit("leader_chosen", seat, leader=cid[c])
            self.events.append(Event("card_played", seat, {"card": cid[c]}))
        self.index_leaders()
        if self.deal_after_leaders:
            for seat in range(self.n):
                shuffle(self.rng, self.deck[seat])
                self.draw(seat, self.t.num.hand_size)

    def set_leader(self, seat: int, c: int) -> None:
        """Make character ``c`` the leader of ``seat``; its token goes back to the box."""
        r = self.t.num
        self.leader[seat] = c
        ab = self.t.char_leader[c]
        self.leader_ab[seat] = ab
        self.leader_window[seat] = ab.window if ab is not None else -1
        for k in self.t.seat_chars[seat]:
            if k == c:
                self.supply += self.power[k]
                self.power[k] = 0
                self.status[k] = 0
            elif self.status[k] == 0:
                self.status[k] = ALIVE
                self.power[k] = r.character_power
                self.supply -= r.character_power
        self.count_living(seat)

    def index_leaders(self) -> None:
        """Rebuild :attr:`leader_at` after leaders change (a window then costs one lookup).

        ``leader_at[challenger][w]`` lists the seats, clockwise from
        ``challenger``, whose leader ability belongs to window ``w``; "before
        your turn" lists the challenger alone, since only he may use it then.
        """
        lw = self.leader_window
        if all(x < 0 for x in lw):  # no leader yet (a new game) or none with an ability
            self.leader_at = [NO_LEADERS] * self.n
            return
        at = []
        for order in self.orders:
            row = list(NO_LEADERS)
            for s in order:
                w = lw[s]
                if w >= 0 and (w != W_BEFORE_TURN or s == order[0]):
                    row[w] += (s,)
            at.append(tuple(row))
        self.leader_at = at

    def count_round(self) -> None:
        """Update :attr:`round_no` after :attr:`turn` changed (the engine reads it every step).

        Round = one turn per player (:func:`.state.round_of`).
        """
        self.round_no = round_of(self.turn, self.n)

    def start_turn(self) -> None:
        """A new turn: the next challenger's, with a clean encounter."""
        self.turn += 1
        self.count_round()
        self.reset_encounter()
        self.order = self.orders[self.challenger]
        self.set_phase(P_TURN_START)
        known = self.t.seat_events
        key = pool_key(POOL_TURN, with_seat(self.turn, self.challenger))
        event = known.get(key)
        if event is None:
            event = known[key] = Event("turn_started", self.challenger, {"turn": self.turn})
        self.events.append(event)

    # -- turn start

    def hostage_step(self) -> Flow:
        """Each player, clockwise from the challenger, releases or torments hostages."""
        for seat in self.order:
            while self.held[seat]:
                opts = self.hostage_options(self.held[seat])
                i = yield Decision(seat, "hostages", opts)
                if i == 0:
                    break
                c = self.find(self.held[seat], opts[i].data)
                if opts[i].label.startswith("release"):
                    self.release(seat, c)
                else:
                    yield from self.torment(seat, c)

    def hostage_options(self, held: list[int]) -> tuple[Option, ...]:
        """``done``, then release and torment for each distinct held card."""
        return self.card_options(L_HOSTAGES, held, self.DONE)

    def release(self, seat: int, c: int) -> None:
        """The hostage goes home to its owner's hand; the releaser draws (IT-HOST-06)."""
        drop(self.held[seat], c)
        owner = self.t.card_owner[c]
        self.to_hand(owner, c)
        self.emit("hostage_released", seat, card=self.t.card_id[c], to=self.house(owner))
        self.draw(seat, self.t.num.release_draw)

    def torment(self, seat: int, c: int) -> Flow:
        """The hostage is discarded with an effect by its kind (IT-HOST-07..10)."""
        t = self.t
        r = t.num
        drop(self.held[seat], c)
        owner = t.card_owner[c]
        self.discard[owner].append(c)
        self.emit("hostage_tormented", seat, card=t.card_id[c], owner=self.house(owner))
        if t.card_kind[c] == CHARACTER:
            ch = t.card_char[c]
            if ch == self.leader[owner]:
                self.sheet_to_box(owner, r.torment_leader)
            elif self.status[ch] == ALIVE:
                self.remove_power(ch, r.torment_character)
            return
        living = self.living(owner)
        if not living or r.torment_other <= 0:
            return
        opts = self.choices(
            ("power from", living),
            lambda: [self.opt(f"power from: {t.char_id[k]}", k) for k in living],
        )
        i = 0 if len(opts) == 1 else (yield Decision(seat, "torment_target", opts))
        k: int = opts[i].data
        taken = min(r.torment_other, self.power[k])
        self.power[k] = self.power[k] - taken
        self.sheet[seat] = self.sheet[seat] + taken
        self.emit("power_taken", seat, source=t.char_id[k], amount=taken)
        if self.power[k] == 0:
            self.die(k)

    # -- preparation
