"""What one seat may know (:mod:`pnp.rulesets.thrones.view`)."""

from __future__ import annotations

import random

from pnp.content import LoadedContent
from pnp.engine.game import GameConfig
from pnp.engine.testing import view_leaks
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.game import ThronesGame


def _hidden_swap(game: ThronesGame, seat: int) -> None:
    """Swap a card of ``seat``'s hand with one deep in his deck, and reorder the deck."""
    s = game.seats[seat]
    if s.hand and s.deck:
        h, d = s.hand[0], s.deck[0]
        s.hand[0], s.deck[0] = d, h
        h.zone, d.zone = "deck", "hand"
    s.deck.reverse()


def _played(content: LoadedContent, config: GameConfig, moves: int, seed: int = 5) -> ThronesGame:
    """A game of ``config`` after ``moves`` random moves from ``seed``."""
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, config, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        d = game.decision()
        assert d is not None
        game.apply(rng.randrange(len(d.options)))
    assert isinstance(game, ThronesGame)
    return game


def test_views_hide_other_hands_and_decks(content: LoadedContent) -> None:
    """A view shows neither another seat's hand nor any deck order."""
    game = _played(content, GameConfig(3), 60)
    leaks = view_leaks(game, 0, lambda g: _hidden_swap(g, 1), seats=[2])  # type: ignore[arg-type]
    assert leaks == []
    # but the seat's own hand is visible to him
    before = game.view(1)
    _hidden_swap(game, 1)
    assert game.view(1) != before


def _screen(game: ThronesGame, content: LoadedContent, seat: int | None) -> str:
    """The text form of ``seat``'s view (``None``: everything), drawn as plain text."""
    import io

    from pnp.play import draw
    from pnp.rulesets.thrones.view import text_form

    out = io.StringIO()
    form = text_form(content, game.factions())
    draw.console(out, plain=True).print(draw.screen(form.screen(game, seat)))
    return out.getvalue()


def test_the_text_form_shows_a_seat_its_hand_and_plots_and_no_other_hand(
    content: LoadedContent,
) -> None:
    game = _played(content, GameConfig(3), 60)
    names = {c.id: c.name for c in content.model.cards} | {
        p.id: p.name for p in content.model.plots
    }
    text = _screen(game, content, 0)
    assert "hand of " in text and text.count("hand of ") == 1
    assert all(names[c.d.id] in text for c in game.seats[0].hand)
    assert all(names[c.d.id] in text for c in game.seats[0].plot_deck)
    assert f"hand {len(game.seats[1].hand)}" in text  # another's hand: its size only
    assert max(map(len, text.splitlines())) <= 80
    # another seat's hidden cards changing changes nothing on this seat's screen
    _hidden_swap(game, 1)
    assert _screen(game, content, 0) == text
    # a replay's omniscient screen shows every hand
    assert _screen(game, content, None).count("hand of ") == 3


def test_a_challenge_nobody_defends_is_told_so(content: LoadedContent) -> None:
    # before: "Stark (seat 1) defends the military challenge with none."
    from pnp.engine.event import Event
    from pnp.rulesets.thrones.view import text_form

    form = text_form(content, ["martell", "stark"])
    alone = Event("defenders_declared", 1, {"challenge": "military", "defenders": []})
    assert form.event(alone, None) == (
        f"{form.player(1)} leaves the military challenge undefended."
    )
    arya = Event("defenders_declared", 1, {"challenge": "intrigue", "defenders": ["stark-arya"]})
    assert (
        form.event(arya, None)
        == f"{form.player(1)} defends the intrigue challenge with Arya Stark."
    )


def test_a_two_on_two_screen_names_the_partners_and_the_team_goal(content: LoadedContent) -> None:
    """TH-VAR-2V2-02: a team's 30 power wins, not one player's 15; before, the heading
    said "15 power wins" in every game and no screen said who played with whom."""
    game = _played(content, GameConfig(4, None, {"two_on_two": True}), 80)
    text = " ".join(_screen(game, content, 0).replace("│", " ").split())
    names = {h.id: h.name for h in content.model.houses}
    team = {s.idx: s.team for s in game.seats}
    partner = next(s for s in range(1, 4) if team[s] == team[0])
    total = game.total_power(0) + game.total_power(partner)
    h0, hp = names[game.factions()[0]], names[game.factions()[partner]]
    assert f"a team's 30 power wins ({h0} + {hp} {total}" in text
    assert "15 power wins" not in text
    assert f"Partner: {hp} (seat {partner})" in text
    alone = RULESET.new_game(content, GameConfig(4), 5)
    assert isinstance(alone, ThronesGame)
    plain = _screen(alone, content, 0)
    assert "15 power wins" in plain and "Partner:" not in plain


def test_c_reads_every_titles_powers_in_a_game_with_titles(content: LoadedContent) -> None:
    """TH-TITLE: a title's powers and what it supports and opposes, as the kit prints them;
    before, 'c' read every card on screen but no title."""
    from rich.text import Text

    from pnp.rulesets.thrones.view import text_form

    game = _played(content, GameConfig(3), 30)
    form = text_form(content, game.factions())
    texts = {name: Text.from_markup(text).plain for name, text in form.card_texts(game.view(0))}
    for title in content.model.titles:
        text = texts[f"{title.name} (title)"]
        for other in title.supports:
            assert form.name(other) in text.split("Supports: ")[1].split(".")[0]
        if not (title.supports or title.opposes):
            assert text.endswith("Supports and opposes no title.")
    rich = next(t for t in content.model.titles if t.income)
    assert f"Add {rich.income} gold to your income" in texts[f"{rich.name} (title)"]
    two = _played(content, GameConfig(2), 30)
    assert not any(name.endswith("(title)") for name, _ in form.card_texts(two.view(0)))


def test_c_reads_a_cards_badges_and_what_its_keywords_do(content: LoadedContent) -> None:
    """A card's income, initiative, influence and uniqueness are printed as badges, which
    the tables leave out; and a keyword is named on the card, explained in the glossary:
    ``c`` said 'Shadow City: Limited.' for a card giving income, and 'no text' for one
    with badges alone."""
    from rich.text import Text

    from pnp.rulesets.thrones.text import KEYWORD_NAMES, kit_frames
    from pnp.rulesets.thrones.view import badge_words, text_form

    found = set()
    for seed in range(6):
        game = _played(content, GameConfig(2), 30, seed)
        form = text_form(content, game.factions())
        texts = {n: Text.from_markup(t).plain for n, t in form.card_texts(game.view(0))}
        for card in content.model.cards:
            name = form.name(card.id)
            if name not in texts:
                continue
            badges = badge_words(card)
            if card.income:
                assert f"income {card.income:+d}" in texts[name], name
                found.add("income")
            if card.influence:
                assert f"influence {card.influence}" in texts[name], name
                found.add("influence")
            if badges:
                assert texts[name].startswith(f"({badges})") and "no text" not in texts[name]
            # traits, which effects name ("a participating Knight"), as the card prints them
            if card.traits:
                assert f"{'. '.join(card.traits)}." in texts[name], name
                found.add("traits")
            for keyword in card.keywords:
                glossary = kit_frames()["keywords"][keyword]
                assert texts[f"{KEYWORD_NAMES[keyword]} (keyword)"] == glossary
                found.add("keyword")
    assert found == {"income", "influence", "keyword", "traits"}
    unique = next(c for c in content.model.cards if c.unique and not c.income)
    assert badge_words(unique).startswith("unique")
    # a crest, which effects name as they name traits, is among the badges
    crested = next(c for c in content.model.cards if c.crests)
    assert f"crest: {crested.crests[0]}" in badge_words(crested)


def test_setup_says_the_gold_left_and_the_cards_set_up(content: LoadedContent) -> None:
    """The set-up question said '5 gold to set up with' after 3 were spent."""
    from pnp.rulesets.thrones.view import text_form

    game = RULESET.new_game(content, GameConfig(2), 4)
    assert isinstance(game, ThronesGame)
    form = text_form(content, game.factions())
    while (d := game.decision()) is not None and d.kind != "setup":
        game.apply(0)
    assert d is not None
    assert form.ask(d, game.view(d.seat)).endswith("(5 of 5 gold left to set up with)")
    pick = next(i for i, o in enumerate(d.options) if o.label != "setup: done")
    card = content.model.cards[
        [c.id for c in content.model.cards].index(d.options[pick].label.split(": ")[1])
    ]
    seat = d.seat
    game.apply(pick)
    d = game.decision()
    assert d is not None and d.kind == "setup" and d.seat == seat
    assert form.ask(d, game.view(seat)).endswith(
        f"({5 - card.cost} of 5 gold left to set up with, set up so far: {card.name})"
    )


def test_the_table_names_keywords_in_words_and_counts_duplicates(
    content: LoadedContent,
) -> None:
    """It showed 'no_attachments', and no sign of a duplicate on a card."""
    from pnp.rulesets.thrones.view import text_form

    game = _played(content, GameConfig(2), 200, 4)
    form = text_form(content, game.factions())
    shown = 0
    for seat in range(2):
        for c in game.seats[seat].play:
            row = form._card(game.view(0), c)
            assert "_" not in row[4], row
            c.dupes.append(c)  # planted: one duplicate more on it
            count = len(c.dupes)
            assert f"+{count} duplicate{'s' if count > 1 else ''}" in form._card(game.view(0), c)[4]
            c.dupes.pop()
            shown += 1
    assert shown


def test_a_duplicate_is_offered_without_a_cost(content: LoadedContent) -> None:
    """Putting a duplicate on a card is free; the option showed the card's cost."""
    from pnp.engine.decision import Decision, Option
    from pnp.rulesets.thrones.view import text_form

    form = text_form(content, ("baratheon", "stark"))
    card = next(c for c in content.model.cards if c.cost)
    options = (Option(f"duplicate: {card.id}"), Option(f"marshal: {card.id}"))
    decision = Decision(0, "marshal", options)
    shown = [form.option(decision, o) for o in options]
    assert "cost" not in shown[0] and f"(cost {card.cost})" in shown[1]


def test_every_seat_sees_the_challenge_in_progress(content: LoadedContent) -> None:
    """A seat asked to redirect a challenge (the Crown Regent) or to defend could not
    tell from its view whom the challenge targets: the adapters' observations are the
    view's data, and it left the challenge out."""
    assert RULESET.new_game is not None
    game = RULESET.new_game(content, GameConfig(players=3), 4)
    rng = random.Random(4)
    while game.ch is None:
        decision = game.decision()
        assert decision is not None, "the game ended before any challenge"
        game.apply(rng.randrange(len(decision.options)))
    ch = game.ch
    for seat in range(3):
        shown = game.view(seat).data()["challenge"]
        assert shown["type"] == ch.ctype and shown["target"] == ch.target
        assert shown["attacker"] == ch.attacker
        assert shown["attackers"] == [c.d.id for c in ch.attackers]


def test_a_strength_boost_reads_as_a_modifier(content: LoadedContent) -> None:
    """'Northern Levies gets 3 STR' read as its new strength: the event is a +3."""
    from pnp.engine.event import Event
    from pnp.rulesets.thrones.view import text_form

    form = text_form(content, ("stark", "lannister"))
    card = next(c.id for c in content.model.cards if c.type == "character")
    up = form.event(Event("strength_changed", 0, {"card": card, "amount": 3}), 1)
    down = form.event(Event("strength_changed", 0, {"card": card, "amount": -1}), 1)
    assert up is not None and up.endswith(f"'s {form.name(card)} gets +3 STR.")
    assert down is not None and down.endswith(" gets -1 STR.")


def test_an_initiative_tie_says_how_the_referee_broke_it(content: LoadedContent) -> None:
    """'Targaryen (seat 0) wins initiative (Targaryen 1, Stark 1)' left the tie unexplained:
    the words now say what the referee did (TH-PLOT-06: lowest power, then random)."""
    from rich.text import Text

    from pnp.rulesets.thrones.view import text_form

    said: dict[str, str] = {}
    for seed in range(40):
        assert RULESET.new_game is not None
        game = RULESET.new_game(content, GameConfig(2), seed)
        form = text_form(content, game.factions())
        rng = random.Random(seed)
        for _ in range(300):
            decision = game.decision()
            if decision is None:
                break
            for event in game.apply(rng.randrange(len(decision.options))):
                if event.kind == "initiative_won":
                    line = form.event(event, 0)
                    assert line is not None
                    said.setdefault(event.data["by"], Text.from_markup(line).plain)
        if len(said) == 3:
            break
    assert said["initiative"].endswith(").") and "tied" not in said["initiative"]
    assert said["least power"].endswith("; tied, so the lowest power total takes it).")
    assert said["random"].endswith("; tied, and tied in power too, so drawn at random).")


def test_the_log_names_what_paid_a_cost(content: LoadedContent) -> None:
    """'Greyjoy pays influence.' hid which cards knelt (a forced pick is not a decision in
    the log), and a cost's kneel was not told at all (Dracarys kneeling Viserion)."""
    from pnp.engine.event import Event
    from pnp.rulesets.thrones.view import text_form

    form = text_form(content, ["greyjoy", "targaryen"])
    paid = Event(
        "influence_paid",
        0,
        {"amount": 3, "needed": 3, "sources": ["greyjoy-acolyte", "hand-of-the-king"]},
    )
    acolyte = form.name("greyjoy-acolyte")
    assert acolyte != "greyjoy-acolyte", "no such card: pick another"
    assert form.event(paid, None) == (
        f"{form.player(0)} pays 3 influence with {acolyte}, Hand of the King."
    )
    knelt = Event("card_knelt", 1, {"card": "targaryen-viserion", "by": "targaryen-dracarys"})
    assert form.event(knelt, None) == f"{form.player(1)}'s Viserion kneels (Dracarys)."


def test_a_stalwart_card_is_told_going_back_on_the_deck(content: LoadedContent) -> None:
    """TH-KW-STALWART-01: 'Jon Snow is killed' alone read as if he went to the dead pile."""
    from pnp.engine.event import Event
    from pnp.rulesets.thrones.view import text_form

    form = text_form(content, ["stark", "lannister"])
    data = {"card": "stark-jon", "reason": "military claim"}
    jon = form.name("stark-jon")
    assert form.event(Event("card_killed", 0, {**data, "to": "dead"}), None) == (
        f"{form.player(0)}'s {jon} is killed (military claim)."
    )
    said = form.event(Event("card_killed", 0, {**data, "to": "deck"}), None)
    assert said == (
        f"{form.player(0)}'s {jon} is killed (military claim). "
        "Stalwart puts it on top of the draw deck."
    )
    said = form.event(Event("card_discarded", 0, {**data, "to": "deck"}), None)
    assert said is not None and said.endswith("Stalwart puts it on top of the draw deck.")


def test_the_challenge_panel_names_the_target_and_who_defends_for_him(
    content: LoadedContent,
) -> None:
    """rec4/game-000017 #38 (QA): Stark defended for Greyjoy by its title (TH-TITLE-03) and
    the panel read 'Baratheon attacks Stark'; Greyjoy is attacked and pays the claim."""
    from pnp.rulesets.thrones.state import Challenge
    from pnp.rulesets.thrones.view import text_form

    form = text_form(content, ["stark", "baratheon", "greyjoy"])
    ch = Challenge("power", 1, 2, 1)
    assert form.challenge_line(ch) == f"{form.player(1)} attacks {form.player(2)}"
    ch.defender = 0  # a supporting title holder defends in the target's place
    assert form.challenge_line(ch) == (
        f"{form.player(1)} attacks {form.player(2)}; {form.player(0)} defends for him"
    )
    ch.target = ch.defender = 0  # the Lord Commander intercepts: he is the one attacked
    assert form.challenge_line(ch) == f"{form.player(1)} attacks {form.player(0)}"
