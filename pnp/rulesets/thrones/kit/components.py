"""What the thrones print kit holds, built from the content.

``pnp build thrones`` writes these files (see :mod:`pnp.render`):

``cards.pdf``
    the draw-deck cards (characters, locations, attachments, events) with one
    shared House-deck back, sorted by House then type;
``plots.pdf``
    the plots, landscape, with the Iron Throne back;
``house-cards.pdf``
    the six House cards (a round-at-a-glance player aid on the back) and the
    agendas (their own back);
``titles.pdf``
    the six title reference cards (red title back);
``tokens.pdf``
    gold tokens, power counters, the first player marker and one marker per
    title for the Small Council Chamber;
``banners.pdf``
    the House banners of the two-player game;
``council-board.pdf``
    the multiplayer board: Throne Room, Treasury and the Small Council
    Chamber with the titles' support and oppose arrows;

and the reference sheet from ``templates/thrones/reference.xml.j2``. Copy
counts follow :mod:`pnp.rulesets.thrones.kit.supply`.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pnp.content import LoadedContent
from pnp.render import Board, Card, Component, RenderError, Token, escape
from pnp.rulesets.thrones import RULESET
from pnp.rulesets.thrones.kit import faces
from pnp.rulesets.thrones.kit.board import BOARD_SIZE, CouncilBoard
from pnp.rulesets.thrones.kit.drawing import NEUTRAL, NEUTRAL_ACCENT, Heraldry
from pnp.rulesets.thrones.kit.icons import title_icon
from pnp.rulesets.thrones.kit.markup import card_rules, kit_frames, title_powers
from pnp.rulesets.thrones.kit.supply import agenda_copies, card_copies, plot_copies, token_counts
from pnp.rulesets.thrones.model import (
    Agenda,
    Character,
    DeckCard,
    EventCard,
    House,
    Plot,
    ThronesContent,
    Title,
)
from pnp.rulesets.thrones.sigils import SIGILS

#: the order cards are printed in, within a House
TYPE_ORDER = {"character": 0, "location": 1, "attachment": 2, "event": 3}
PLOT_SIZE = (88.0, 63.0)
BANNER_SIZE = 60.0
TOKEN_SIZES = {"gold": 18.0, "power": 15.0, "first-player": 32.0, "title": 26.0}


def heraldry(house_ids: tuple[str, ...], houses: dict[str, House]) -> Heraldry:
    """The frame colours and shields of a card of ``house_ids`` (none: neutral)."""
    if not house_ids:
        return Heraldry(NEUTRAL, NEUTRAL_ACCENT)
    first = houses[house_ids[0]]
    return Heraldry(
        first.color,
        first.accent,
        tuple((houses[h].sigil, houses[h].color, houses[h].accent) for h in house_ids),
        tuple(houses[h].name for h in house_ids),
    )


def card_art(card: DeckCard, houses: dict[str, House]) -> faces.CardArt:
    """A draw-deck card's face, in words."""
    names = {h.id: h.name for h in houses.values()}
    return faces.CardArt(
        kind=card.type,
        name=card.name,
        heraldry=heraldry(card.houses, houses),
        unique=card.unique,
        cost=None if isinstance(card, EventCard) else card.cost,
        strength=card.strength if isinstance(card, Character) else None,
        icons=tuple(card.icons) if isinstance(card, Character) else (),
        crests=tuple(card.crests),
        traits=tuple(card.traits),
        rules=tuple(card_rules(card, names)),
        flavor=card.flavor,
        income=card.income,
        initiative=card.initiative,
        influence=card.influence,
        picture=card.art,
        picture_fit=card.art_fit,
    )


def plot_art(plot: Plot, houses: dict[str, House]) -> faces.CardArt:
    """A plot's face: coloured for the House deck it belongs to, with that House's shield
    (so a House's plots are sorted by crest as well as by colour: Greyjoy's and
    Targaryen's dark frames are nearly alike); a shared plot has no shield and says it is
    shared on its type line. A plot only its House may use says so in its text."""
    names = {h.id: h.name for h in houses.values()}
    owner = plot.house_only or plot.house
    colours = heraldry((owner,), houses) if owner else Heraldry(faces.PLOT_IRON, "#9aa3ad")
    subtitle = names[owner].upper() if owner else str(kit_frames()["shared_plot"]).upper()
    return faces.CardArt(
        kind="plot",
        name=plot.name,
        heraldry=colours,
        traits=tuple(plot.traits),
        rules=tuple(card_rules(plot, names)),
        flavor=plot.flavor,
        plot_values=(plot.income, plot.initiative, plot.claim),
        subtitle=subtitle,
        picture=plot.art,
        picture_fit=plot.art_fit,
    )


def agenda_art(agenda: Agenda, houses: dict[str, House]) -> faces.CardArt:
    """An agenda's face."""
    names = {h.id: h.name for h in houses.values()}
    owner = (agenda.house_only,) if agenda.house_only else ()
    return faces.CardArt(
        kind="agenda",
        name=agenda.name,
        heraldry=heraldry(owner, houses),
        rules=tuple(card_rules(agenda, names)),
        flavor=agenda.flavor,
        emblem="influence",
        picture=agenda.art,
        picture_fit=agenda.art_fit,
    )


def title_art(title: Title, titles: dict[str, str]) -> faces.CardArt:
    """A title reference card's face."""
    return faces.CardArt(
        kind="title",
        name=title.name,
        heraldry=Heraldry(faces.TITLE_RED, "#d4a537"),
        rules=tuple(title_powers(title, titles)),
        flavor=title.flavor,
        emblem=title_icon(title.id),
        picture=title.art,
        picture_fit=title.art_fit,
    )


def _check_sigils(model: ThronesContent) -> None:
    # validation reports this with file and line; this guards kits built from
    # content that skipped validation
    for h in model.houses:
        if h.sigil not in SIGILS:
            raise RenderError(
                f"House {h.id!r}: unknown sigil {h.sigil!r} (the kit draws {', '.join(SIGILS)})"
            )


def _house_key(houses: dict[str, House]) -> Any:
    order = {h: i for i, h in enumerate(houses)}

    def key(item: tuple[int, DeckCard]) -> tuple[int, int, int]:
        i, card = item
        first = card.houses[0] if card.houses else None
        return (order.get(first, len(order)) if first else len(order), TYPE_ORDER[card.type], i)

    return key


def components(content: LoadedContent[Any]) -> list[Component]:
    """Every piece of the thrones kit, in print order."""
    model = content.model
    assert isinstance(model, ThronesContent)
    _check_sigils(model)
    houses = {h.id: h for h in model.houses}
    title_names = {t.id: t.name for t in model.titles}
    out: list[Component] = []

    deck_back = faces.DeckBack(tuple((h.sigil, h.color, h.accent) for h in model.houses))
    copies = card_copies(model)
    for _, card in sorted(enumerate(model.cards), key=_house_key(houses)):
        out.append(
            Card(
                id=card.id,
                name=card.name,
                copies=copies[card.id],
                face=partial(faces.draw_card, card_art(card, houses)),
                back=deck_back,
                file="cards",
            )
        )

    pcopies = plot_copies(model)
    for plot in model.plots:
        out.append(
            Card(
                id=f"plot-{plot.id}",
                name=plot.name,
                copies=pcopies[plot.id],
                size=PLOT_SIZE,
                face=partial(faces.draw_plot, plot_art(plot, houses)),
                back=faces.plot_back,
                file="plots",
            )
        )

    fr = kit_frames()
    aid = faces.player_aid(model.rules)
    # the frames are trusted markup; only content words are escaped
    house_text = fr["house_card"].format(penalty=model.rules.house_penalty)
    for h in model.houses:
        out.append(
            Card(
                id=f"house-{h.id}",
                name=f"House {h.name}",
                face=partial(
                    faces.draw_house,
                    heraldry((h.id,), houses),
                    h.name,
                    h.flavor,
                    house_text,
                    picture=h.art,
                    picture_fit=h.art_fit,
                ),
                back=aid,
                file="house-cards",
            )
        )
    acopies = agenda_copies(model)
    for agenda in model.agendas:
        out.append(
            Card(
                id=f"agenda-{agenda.id}",
                name=agenda.name,
                copies=acopies[agenda.id],
                face=partial(faces.draw_agenda, agenda_art(agenda, houses)),
                back=faces.agenda_back,
                file="house-cards",
            )
        )

    for title in model.titles:
        out.append(
            Card(
                id=f"title-{title.id}",
                name=title.name,
                face=partial(faces.draw_title, title_art(title, title_names)),
                back=faces.title_back,
                file="titles",
            )
        )

    counts = token_counts(model, max(RULESET.player_counts))
    supply = (
        ("gold", "Gold token", counts.gold, faces.gold_token, faces.gold_token),
        ("power", "Power counter", counts.power, faces.power_token, faces.power_token),
        (
            "first-player",
            "First player marker",
            counts.first_player,
            faces.first_player_token,
            None,
        ),
    )
    for tid, name, count, face, back in supply:
        size = TOKEN_SIZES[tid]
        out.append(Token(id=tid, name=name, size=size, copies=count, face=face, back=back))
    for title in model.titles:
        marker = faces.TitleMarker(title_icon(title.id), title.name)
        out.append(
            Token(
                id=f"marker-{title.id}",
                name=f"{title.name} marker",
                shape="round",
                size=TOKEN_SIZES["title"],
                face=marker,
                back=marker,
            )
        )

    for h in model.houses:
        banner_text = fr["banner"].format(house=escape(h.name))
        out.append(
            Token(
                id=f"banner-{h.id}",
                name=f"House {h.name} banner",
                shape="square",
                size=BANNER_SIZE,
                face=faces.Banner(heraldry((h.id,), houses), h.name, banner_text),
                file="banners",
            )
        )

    if model.titles:
        out.append(
            Board(
                id="council-board",
                name="Multiplayer board",
                size=BOARD_SIZE,
                face=CouncilBoard.from_content(model, max(RULESET.player_counts)),
            )
        )
    return out
