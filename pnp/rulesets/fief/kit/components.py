"""What the fief kit prints: every card, token and board, in the counts the content declares.

``pnp build fief`` writes, from ``content/fief``:

``nobles.pdf``
    the Noble cards (poker): 8 per House with the House's Character-deck
    back, the Bannermen and the Heirs;
``cards.pdf``
    the mini cards: Court Events (brown back), the Fortune deck (grey bounty
    and black disaster backs), the Winter is Coming disaster copies (blue
    back, marked with the season they join), the Military Title cards (as
    many of each as its ``copies``: nine Brothers of the Night's Watch), the
    Wall castles and the First Player card;
``tokens.pdf``
    Fief and High Titles, every House's troops (its stock, House changes
    included) and markers (tax, diplomacy, marriage, VP, FOR/DECOY votes with
    a hidden side), the Whitecloaks (royal guard), Noble avatars, buildings, Gold Dragons,
    outlaw, captive, assassination and disaster markers, the season marker and
    the Night's Watch pieces;
``board.pdf``
    the main board drawn from the map data, tiled (:mod:`~pnp.rulesets.fief.kit.board`);
``court-board.pdf``, ``wall-board.pdf``, ``house-boards.pdf``, ``dice.pdf``
    the Royal Court with the decks and trackers, the Wall board of the
    Night's Watch expansion (:mod:`~pnp.rulesets.fief.kit.wallboard`), the nine
    House boards and the die nets.

Component ids: Noble cards keep their content id; the others are prefixed
by what they are (``court-``, ``fortune-``, ``title-``, ``avatar-``) or
suffixed by their House (``knight-stark``, ``tax-marker-stark``).
"""

from __future__ import annotations

from functools import partial
from typing import Any, TypeGuard

from pnp.content import LoadedContent
from pnp.render import Card, Component, Draw, RenderError, Token
from pnp.render.components import TokenShape
from pnp.rulesets.fief.kit import faces
from pnp.rulesets.fief.kit.board import main_board
from pnp.rulesets.fief.kit.courtboard import court_board
from pnp.rulesets.fief.kit.dienets import dice_boards
from pnp.rulesets.fief.kit.houseboards import house_boards
from pnp.rulesets.fief.kit.style import CHIT_ART, MARKER_ART
from pnp.rulesets.fief.kit.wallboard import wall_board
from pnp.rulesets.fief.model import (
    COUNTER_BACKS,
    TITLE_TOKENS,
    WILDLING_CHITS,
    FiefContent,
    House,
    Noble,
    stock,
)

#: token sizes by shape, mm, unless :data:`TOKEN_SIZES` names the token
DEFAULT_TOKEN_SIZE: dict[TokenShape, float] = {"round": 18.0, "square": 18.0, "hex": 20.0}
TOKEN_SIZES = {
    "vote-for": 18.0,
    "vote-decoy": 18.0,
    "tax-marker": 16.0,
    "diplomacy-marker": 16.0,
    "marriage-marker": 16.0,
    "vp-marker": 16.0,
    "noble-avatar": 20.0,
    "gold-1": 18.0,
    "gold-5": 22.0,
    "council-seat-for-sale": 22.0,
    # the Wall's fighting chits carry a picture, a name and a strength: 18 mm gives them room
    "wildling-knight": 18.0,
    "giant-champion": 18.0,
    "nw-ranger": 18.0,
    "nw-archer": 18.0,
    "wall-defender": 16.0,
}
TROOP_SIZE = 16.0
TITLE_SIZE = 22.0
#: Fief Titles sit on their 22 mm spaces on the map
FIEF_TITLE_SIZE = 20.0
BUILDING_SIZE = 18.0

#: what each per-House marker shows: picture (``sigil`` for the House's own) and word
HOUSE_MARKERS = {
    "tax-marker": ("tax", "Tax"),
    "diplomacy-marker": ("diplomacy", "Diplomacy"),
    "marriage-marker": ("marriage", "Marriage"),
    "vp-marker": ("sigil", "VP"),
}
#: the content tokens printed elsewhere than on the token sheets
ON_BOARDS = ("season-tracker", "vp-tracker")
AS_CARDS = ("first-player",)
AS_DICE = ("battle-die", "d6")


def components(content: LoadedContent[Any]) -> list[Component]:
    """Everything the fief kit prints."""
    model: FiefContent = content.model
    return [
        *noble_cards(model),
        *mini_cards(model),
        *tokens(model),
        main_board(content),
        *court_board(model),
        wall_board(model),
        *house_boards(model),
        *dice_boards(model),
    ]


def nobles_in_order(model: FiefContent) -> list[Noble]:
    """Nobles House by House (content order), then Bannermen, then Heirs."""
    order = {h.id: k for k, h in enumerate(model.houses)}
    return sorted(
        model.nobles,
        key=lambda n: (order.get(n.house or "", len(order)), n.kind != "noble", n.kind),
    )


def noble_cards(model: FiefContent) -> list[Card]:
    """The Noble cards, House by House, then Bannermen and Heirs."""
    backs = {h.id: partial(faces.noble_back, h, "noble") for h in model.houses}
    backs["bannerman"] = partial(faces.noble_back, None, "bannerman")
    backs["heir"] = partial(faces.noble_back, None, "heir")
    nobles = nobles_in_order(model)
    return [
        Card(
            id=n.id,
            name=n.name,
            size="poker",
            face=partial(faces.noble_face, model, n),
            back=backs[n.house] if n.house else backs[n.kind],
            file="nobles",
        )
        for n in nobles
    ]


def mini_cards(model: FiefContent) -> list[Card]:
    """Court Events, Fortune, disaster copies, Military Titles, Wall castles, First Player."""
    mini = partial(Card, size="mini", file="cards")
    cards: list[Card] = []
    face: Draw
    for c in model.court:
        face = partial(faces.court_face, c)
        cards.append(
            mini(
                id=f"court-{c.id}",
                name=c.name,
                copies=c.copies,
                face=face,
                back=faces.court_back,
                back_name="court",
            )
        )
    for f in model.fortune:
        back = faces.disaster_back if f.back == "disaster" else faces.bounty_back
        face = partial(faces.fortune_face, f)
        # the Fortune deck has two backs (bounties grey, disasters black): a name each
        name = f"fortune-{f.back}"
        cards.append(
            mini(
                id=f"fortune-{f.id}",
                name=f.name,
                copies=f.copies,
                face=face,
                back=back,
                back_name=name,
            )
        )
    for d in model.disaster_copies:
        for season, copies in (("Autumn", d.autumn), ("Winter", d.winter)):
            if copies:
                face = partial(faces.copy_face, d, season)
                cards.append(
                    mini(
                        id=f"{d.id}-{season.lower()}",
                        name=f"{d.name}, {season}",
                        copies=copies,
                        face=face,
                        back=faces.copy_back,
                        back_name="winter-disaster",
                    )
                )
    for t in model.titles:
        if t.is_card:
            face = partial(faces.military_face, model, t)
            # the Brothers' card: one for each Noble who holds it at once
            cards.append(mini(id=f"title-{t.id}", name=t.name, copies=t.copies, face=face))
    for w in model.wall_castles:
        face = partial(faces.castle_face, w)
        cards.append(
            mini(
                id=w.id,
                name=w.name,
                copies=w.copies,
                face=face,
                back=faces.castle_back,
                back_name="wall-castle",
            )
        )
    for tok in model.tokens:
        if tok.id in AS_CARDS or tok.shape == "card":
            if tok.id == "first-player":
                face = faces.first_player_face
            else:
                face = partial(faces.marker_card_face, tok.name, tok.text)
            cards.append(mini(id=tok.id, name=tok.name, copies=tok.count, face=face))
    return cards


def tokens(model: FiefContent) -> list[Token]:
    """Every token sheet piece, grouped by shape and size so the sheets pack well."""
    out = [t for group in token_groups(model).values() for t in group]
    shape_order = {"square": 0, "round": 1, "hex": 2}
    return sorted(out, key=lambda t: (shape_order[t.shape], -t.size))


def token_groups(model: FiefContent) -> dict[str, list[Token]]:
    """The token sheets' pieces by what they are: titles, troops, House markers,
    buildings and the other markers (checked against what ``tokens.yaml`` declares)."""
    return {
        "titles": _title_tokens(model),
        "troops": _troops(model),
        "house markers": _house_markers(model),
        "buildings": _buildings(model),
        "markers": _markers(model),
    }


def _title_tokens(model: FiefContent) -> list[Token]:
    fief_colour = {f.id: f.color for f in model.fiefs}
    out: list[Token] = []
    for t in model.titles:
        if t.kind == "fief":
            colour = fief_colour.get(t.fief or "", "#cccccc")
            face = partial(faces.fief_title_token, t, colour)
            out.append(
                Token(
                    id=f"title-{t.id}", name=t.name, shape="square", size=FIEF_TITLE_SIZE, face=face
                )
            )
        elif t.kind == "high":
            out.append(
                Token(
                    id=f"title-{t.id}",
                    name=t.name,
                    shape="square",
                    size=TITLE_SIZE,
                    face=partial(faces.high_title_token, t),
                )
            )
    return out


def _troops(model: FiefContent) -> list[Token]:
    out: list[Token] = []
    units = {u.id: u for u in model.units}
    for house in model.houses:
        for unit_id, count in stock(model, house).items():
            if count:
                unit = units[unit_id]
                out.append(
                    Token(
                        id=f"{unit.id}-{house.id}",
                        name=f"{unit.name} ({house.name})",
                        copies=count,
                        shape="round",
                        size=TROOP_SIZE,
                        face=partial(faces.unit_face, unit, house),
                    )
                )
    for unit in model.units:
        if not unit.shared:
            continue
        # pnp validate checks a declared token's count against the shared supply
        out.append(
            Token(
                id=unit.id,
                name=unit.name,
                copies=unit.shared,
                shape="round",
                size=TROOP_SIZE,
                face=partial(faces.unit_face, unit, None),
            )
        )
    return out


def _printable(shape: str) -> TypeGuard[TokenShape]:
    """Whether a token of ``shape`` prints as a token (cards, boards and dice do not)."""
    return shape in DEFAULT_TOKEN_SIZE


def _buildings(model: FiefContent) -> list[Token]:
    """Building counters: ``<building>-counter`` tokens, with what their back shows."""
    buildings = {b.id: b for b in model.buildings}
    out: list[Token] = []
    covered: set[str] = set()
    for tok in model.tokens:
        bid = tok.id.removesuffix("-counter")
        if not tok.id.endswith("-counter") or bid not in buildings or not tok.count:
            continue
        if not _printable(tok.shape):
            raise RenderError(
                f"fief: token {tok.id!r} is a building counter: its shape must be "
                f"{', '.join(DEFAULT_TOKEN_SIZE)}, not {tok.shape!r}"
            )
        back_id = COUNTER_BACKS.get(tok.id)
        back = buildings.get(back_id or "")
        covered.add(bid)
        if back is not None:
            covered.add(back.id)
        size = TOKEN_SIZES.get(tok.id, BUILDING_SIZE)
        out.append(
            Token(
                id=tok.id,
                name=tok.name,
                copies=tok.count,
                shape=tok.shape,
                size=size,
                face=partial(faces.building_face, buildings[bid]),
                back=partial(faces.building_face, back) if back else None,
            )
        )
    for b in model.buildings:
        if b.id in covered:
            continue
        if b.limit is None:
            raise RenderError(
                f"fief: building {b.id!r} has no counters to print: declare a "
                f"'{b.id}-counter' token with its count in tokens.yaml"
            )
        out.append(
            Token(
                id=f"{b.id}-counter",
                name=b.name,
                copies=b.limit,
                shape="square",
                size=BUILDING_SIZE,
                face=partial(faces.building_face, b),
            )
        )
    return out


def _house_markers(model: FiefContent) -> list[Token]:
    out: list[Token] = []
    for tok in model.tokens:
        if tok.per_house and _printable(tok.shape):
            size = TOKEN_SIZES.get(tok.id, DEFAULT_TOKEN_SIZE[tok.shape])
            for house in model.houses:
                out.append(_house_token(tok.id, tok.name, house, tok.per_house, tok.shape, size))
    return out


def _markers(model: FiefContent) -> list[Token]:
    """The shared markers: avatars, coins, outlaw and captive markers, and the rest."""
    units = {u.id for u in model.units}
    buildings = {b.id for b in model.buildings}
    titles = {f"title-{t.id}" for t in model.titles}
    # what each of the Wall's chits counts for there: a recruit's strength, a wildling's share
    strengths = {r.token: r.strength for r in model.rules.nights_watch.recruits}
    strengths.update(WILDLING_CHITS)
    out: list[Token] = []
    for tok in model.tokens:
        if tok.id in ON_BOARDS + AS_CARDS + AS_DICE or not _printable(tok.shape):
            continue
        if tok.id in units or tok.id in titles or tok.id in TITLE_TOKENS:
            continue  # printed with the troops and the Titles
        if tok.id.endswith("-counter") and tok.id.removesuffix("-counter") in buildings:
            continue  # printed with the buildings
        size = TOKEN_SIZES.get(tok.id, DEFAULT_TOKEN_SIZE[tok.shape])
        if tok.id == "noble-avatar":
            out += [
                Token(
                    id=f"avatar-{n.id}",
                    name=f"{n.name} (avatar)",
                    shape=tok.shape,
                    size=size,
                    face=partial(faces.avatar_face, model, n),
                )
                for n in nobles_in_order(model)
            ]
        elif tok.id in CHIT_ART and tok.id in strengths and tok.count:
            icon, word, ring = CHIT_ART[tok.id]
            face = partial(faces.chit_face, icon, word, strengths[tok.id], ring)
            out.append(
                Token(
                    id=tok.id,
                    name=tok.name,
                    copies=tok.count,
                    shape=tok.shape,
                    size=size,
                    face=face,
                )
            )
        elif tok.count:
            out.append(_shared_token(tok.id, tok.name, tok.count, tok.shape, size))
    return out


def _house_token(
    tid: str, name: str, house: House, copies: int, shape: TokenShape, size: float
) -> Token:
    token = partial(
        Token,
        id=f"{tid}-{house.id}",
        name=f"{name} ({house.name})",
        copies=copies,
        shape=shape,
        size=size,
    )
    if tid in ("vote-for", "vote-decoy"):
        vote = tid.split("-")[1]
        return token(
            face=partial(faces.vote_face, house, vote), back=partial(faces.house_back, house)
        )
    icon, word = HOUSE_MARKERS.get(tid, ("sigil", name))
    if icon == "sigil":
        icon = f"sigil-{house.id}"
    return token(face=partial(faces.house_marker_face, house, icon, word))


def _shared_token(tid: str, name: str, count: int, shape: TokenShape, size: float) -> Token:
    token = partial(Token, id=tid, name=name, copies=count, shape=shape, size=size)
    if tid.startswith("gold-") and tid[5:].isdigit():
        return token(face=partial(faces.gold_face, int(tid[5:])))
    icon, word, ring = MARKER_ART.get(tid, ("disaster", name, "#6e655a"))
    return token(face=partial(faces.marker_face, icon, word, ring))


__all__ = ["components", "stock", "token_groups"]
