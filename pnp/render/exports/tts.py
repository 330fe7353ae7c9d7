"""``pnp export --format tts``: a Tabletop Simulator saved object holding the whole kit.

The file (``pnp-<ruleset>.json``) has the shape Tabletop Simulator writes
into its ``Saves/Saved Objects`` folder: the save header with empty values,
then ``ObjectStates``:

* one ``DeckCustom`` per deck (a kit file's cards with one back; a deck of
  one card is a ``Card``): its faces on sheets of at most 10 × 7 cards, each
  distinct face once, and one ``Card`` per printed copy in
  ``ContainedObjects``, whose ``CardID`` is ``100 × sheet + cell``. Backs are
  hidden the game's way: ``BackIsHidden`` (a hidden card shows its back, so
  every cell of a sheet can hold a card) and ``HideWhenFaceDown``. Sideways
  cards are turned upright on the sheet and marked ``SidewaysCard``;
* each token as a ``Custom_Tile`` (round, square or hex, front and back), in a
  ``Bag`` holding one tile per copy when there are several;
* each board as a ``Custom_Board``, scaled by its printed size (the largest at 1).

Tokens and boards lie in rows, so the whole kit stays on the table.

Objects are named by their content name (``Nickname``), carry the words on
their face as ``Description`` and their content id in ``GMNotes``. Images go
to ``images/``; their URLs are ``file:///`` paths, or ``--base-url`` plus the
path inside the export folder when the images are hosted.

Field names, types and nesting follow saved objects the game wrote itself
(see ``tests/render/tts_reference.py`` for the public examples checked
against); image sizes follow the game's guidance of at most 4096 px a side
(Tabletop Simulator Knowledge Base, "Asset Resolution").
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image

from pnp.render.components import Board, Card, Component, Token
from pnp.render.exports.base import Export
from pnp.render.exports.decks import deck_groups
from pnp.render.exports.jobs import Cell, Job
from pnp.render.raster import pixels, png_bytes
from pnp.render.sides import Side, SidePage, distinct_sides, plain_page
from pnp.render.units import to_mm

#: at most this many cards across and down a deck sheet (the game's limit)
SHEET_COLS = 10
SHEET_ROWS = 7
#: the longest side of any image the table loads (the game's advice)
MAX_PIXELS = 4096
#: where the pieces lie when the object is loaded: tokens and boards in rows of this
#: many, so a kit of 200 tokens does not run off the table in one line
TOKENS_PER_ROW = 10
#: table units between two pieces' edges, and a deck's width at scale 1 (a poker card)
GAP = 0.5
DECK_STEP = 3.0
#: the least room a bag of tokens takes on the table
BAG_SIZE = 1.5
BOARDS_PER_ROW = 4
BOARD_STEP = 30.0
#: the tint Tabletop Simulator gives cards and tiles it saves
CARD_TINT = 0.713235259
TILE_TYPES = {"square": 0, "hex": 1, "round": 2}

#: where Tabletop Simulator keeps saved objects, per system (its data folder + Saves/Saved Objects)
SAVED_OBJECTS = {
    "Windows": r"%USERPROFILE%\Documents\My Games\Tabletop Simulator\Saves\Saved Objects",
    "macOS": "~/Library/Tabletop Simulator/Saves/Saved Objects",
    "Linux": "~/.local/share/Tabletop Simulator/Saves/Saved Objects",
}


def saved_object_name(ruleset: str) -> str:
    """The saved object's file name."""
    return f"pnp-{ruleset}.json"


def _guid(*parts: str) -> str:
    """A six-hex-digit object id, the same for the same object on every run."""
    return hashlib.sha1("\0".join(parts).encode()).hexdigest()[:6]


def _transform(x: float, z: float, *, flip: bool = False, sx: float = 1.0, sz: float = 1.0) -> dict:
    return {
        "posX": round(x, 4),
        "posY": 1.0,
        "posZ": round(z, 4),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if flip else 0.0,
        "scaleX": round(sx, 4),
        "scaleY": 1.0,
        "scaleZ": round(sz, 4),
    }


def _deck_scale(first: Side) -> tuple[float, float]:
    """A deck's scale across and down, against the game's poker card (63 × 88 mm)."""
    w_mm, h_mm = sorted((to_mm(first.w), to_mm(first.h)))
    return w_mm / 63.0, h_mm / 88.0


def _row_positions(widths: Sequence[float]) -> list[float]:
    """Centres along a row of pieces ``widths`` wide, :data:`GAP` between edges, from 0."""
    out: list[float] = []
    x = 0.0
    for i, w in enumerate(widths):
        if i:
            x += widths[i - 1] / 2 + GAP + w / 2
        out.append(x)
    return out


def _grid_positions(sizes: Sequence[float], per_row: int, top: float) -> list[tuple[float, float]]:
    """Centres of square pieces ``sizes`` across, ``per_row`` a row, rows going down
    from ``top``, each row as deep as its largest piece (no two overlap)."""
    out: list[tuple[float, float]] = []
    z = top
    for start in range(0, len(sizes), per_row):
        row = sizes[start : start + per_row]
        if start:
            z -= max(sizes[start - per_row : start]) / 2 + GAP + max(row) / 2
        out += [(x, z) for x in _row_positions(row)]
    return out


def _colour(v: float) -> dict[str, float]:
    return {"r": v, "g": v, "b": v}


def _common(
    guid: str, name: str, transform: dict, nickname: str, description: str, gm: str
) -> dict:
    """The fields every object in a saved object has, in the game's order."""
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": gm,
        "ColorDiffuse": _colour(CARD_TINT if name in ("Card", "DeckCustom") else 1.0),
        "LayoutGroupSortIndex": 0,
        "Value": 0,
        "Locked": name == "Custom_Board",
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "MeasureMovement": False,
        "DragSelectable": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": name in ("Card", "DeckCustom"),
        "Hands": name == "Card",
    }


_SCRIPT = {"LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


@dataclass
class _Sheet:
    """One face sheet of a deck: its key in ``CustomDeck``, grid and cards."""

    key: int
    sides: list[Side]
    cols: int
    rows: int
    cell: tuple[int, int]
    back: Side | None
    file: str
    back_file: str
    #: the card's width upright on the sheet, mm
    width_mm: float


def _cell_size(w_mm: float, h_mm: float, cols: int, rows: int, dpi: int) -> tuple[int, int]:
    """Cell pixels: the card's shape, the sheet within :data:`MAX_PIXELS`, at most ``dpi``."""
    width = min(pixels(w_mm, dpi), MAX_PIXELS // cols, math.floor(MAX_PIXELS * w_mm / h_mm / rows))
    return width, max(1, round(width * h_mm / w_mm))


def export_tts(export: Export) -> None:
    """Queue the saved object, its sheets and images, and the index."""
    settings = export.settings
    name = export.ruleset.name
    comps = export.components
    all_sides = distinct_sides(comps)

    def side_of(comp: Component, which: str) -> Side | None:
        for s in all_sides:
            if s.side == which and comp in s.components:
                return s
        return None

    pages: list[SidePage] = []
    page_of: dict[str, int] = {}

    def page(side: Side) -> int:
        if side.name not in page_of:
            page_of[side.name] = len(pages)
            pages.append(plain_page(side, 0.0))
        return page_of[side.name]

    # plan the decks' sheets
    sheets: list[tuple[str, list[Card], list[_Sheet]]] = []
    key = 0
    for deck, cards in deck_groups(comps, all_sides):
        fronts: list[Side] = []
        for card in cards:
            s = side_of(card, "face")
            if s is not None and s not in fronts:
                fronts.append(s)
        back = side_of(cards[0], "back")
        w_mm, h_mm = to_mm(fronts[0].w), to_mm(fronts[0].h)
        sideways = w_mm > h_mm
        if sideways:
            w_mm, h_mm = h_mm, w_mm
        deck_sheets = []
        per = SHEET_COLS * SHEET_ROWS
        for start in range(0, len(fronts), per):
            chunk = fronts[start : start + per]
            key += 1
            cols = min(SHEET_COLS, len(chunk))
            rows = math.ceil(len(chunk) / cols)
            cell = _cell_size(w_mm, h_mm, cols, rows, settings.dpi)
            part = f"-{start // per + 1}" if len(fronts) > per else ""
            back_file = (
                f"images/{back.name}.png" if back is not None else f"images/{deck}.blank.png"
            )
            deck_sheets.append(
                _Sheet(
                    key,
                    chunk,
                    cols,
                    rows,
                    cell,
                    back,
                    f"images/{deck}{part}.sheet.png",
                    back_file,
                    w_mm,
                )
            )
        sheets.append((deck, cards, deck_sheets))

    tokens = [c for c in comps if isinstance(c, Token) and c.copies > 0]
    boards = [c for c in comps if isinstance(c, Board) and c.copies > 0]

    # every image: (file, job) — sheets, deck backs, token sides, boards
    images: dict[str, Job] = {}
    blank_sizes: dict[str, tuple[int, int]] = {}
    for _, _, deck_sheets in sheets:
        for sheet in deck_sheets:
            cw, ch = sheet.cell
            cells = []
            for i, s in enumerate(sheet.sides):
                turned = s.w > s.h
                cells.append(
                    Cell(page(s), (i % sheet.cols) * cw, (i // sheet.cols) * ch, cw, ch, turned)
                )
            # the cells may be smaller than --dpi asks, to keep the sheet in the
            # game's limit: the image says the resolution it has
            dpi = cw * 25.4 / sheet.width_mm
            images[sheet.file] = Job((cw * sheet.cols, ch * sheet.rows), tuple(cells), dpi)
            if sheet.back is not None:
                if sheet.back_file not in images:
                    turned = sheet.back.w > sheet.back.h
                    images[sheet.back_file] = Job(
                        (cw, ch), (Cell(page(sheet.back), 0, 0, cw, ch, turned),), dpi
                    )
            else:
                blank_sizes[sheet.back_file] = (cw, ch)
    token_files: dict[str, str] = {}
    for token in tokens:
        for which in ("face", "back"):
            s = side_of(token, which)
            if s is None or s.name in token_files:
                continue
            w_mm, h_mm = to_mm(s.w), to_mm(s.h)
            size = (pixels(w_mm, settings.dpi), pixels(h_mm, settings.dpi))
            scale = min(1.0, MAX_PIXELS / max(size))
            size = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
            token_files[s.name] = f"images/{s.name}.png"
            dpi = size[0] * 25.4 / w_mm
            images[token_files[s.name]] = Job(size, (Cell(page(s), 0, 0, *size),), dpi)
    board_files: dict[str, str] = {}
    for board in boards:
        s = side_of(board, "face")
        assert s is not None
        w_mm, h_mm = to_mm(s.w), to_mm(s.h)
        dpi = min(settings.dpi, MAX_PIXELS * 25.4 / max(w_mm, h_mm))
        size = (min(MAX_PIXELS, pixels(w_mm, dpi)), min(MAX_PIXELS, pixels(h_mm, dpi)))
        board_files[board.id] = f"images/{s.name}.png"
        images[board_files[board.id]] = Job(size, (Cell(page(s), 0, 0, *size),), dpi)

    export.bar.start(f"{name} tts", len(images))
    # the descriptions: each side's words as drawn, its icons named (the PDF's own
    # text has them as pictures: "win a [Power] challenge", not "win a  challenge")
    words: dict[tuple[str, str], list[str]] = {}
    pdf = export.pdf(pages, words)
    texts: dict[str, str] = {}
    for s in all_sides:
        drawn = [words[(c.id, s.side)] for c in s.components if (c.id, s.side) in words]
        if s.name in page_of and drawn:
            texts[s.name] = " ".join(drawn[0])
    for file, data in zip(images, export.rasterise(pdf, list(images.values())), strict=True):
        export.add(file, data)
    for file, size in blank_sizes.items():
        export.add(file, png_bytes(Image.new("RGB", size, (255, 255, 255)), settings.dpi))
    export.bar.finish()

    def url(relative: str) -> str:
        hosted = settings.image_url(name, relative)
        return hosted or (export.folder / relative).resolve().as_uri()

    objects: list[dict[str, Any]] = []
    # decks side by side, each as wide as its cards' scale (an 88 mm leader sheet takes
    # more room than a poker card): a fixed step let the larger ones touch
    widths = [_deck_scale(first[0].sides[0])[0] * DECK_STEP for _, _, first in sheets]
    deck_x = _row_positions(widths)
    for (deck, cards, deck_sheets), x in zip(sheets, deck_x, strict=True):
        custom: dict[str, dict[str, Any]] = {}
        where: dict[str, tuple[int, int]] = {}
        for sheet in deck_sheets:
            custom[str(sheet.key)] = {
                "FaceURL": url(sheet.file),
                "BackURL": url(sheet.back_file),
                "NumWidth": sheet.cols,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": False,
                "Type": 0,
            }
            for i, s in enumerate(sheet.sides):
                where[s.name] = (sheet.key, i)
        first = deck_sheets[0].sides[0]
        sideways = first.w > first.h
        sx, sz = _deck_scale(first)
        contained = []
        deck_ids = []
        for card in cards:
            s = side_of(card, "face")
            assert s is not None
            sheet_key, slot = where[s.name]
            card_id = sheet_key * 100 + slot
            for copy in range(card.copies):
                obj = _common(
                    _guid(name, card.id, str(copy)),
                    "Card",
                    _transform(x, 0.0, flip=True, sx=sx, sz=sz),
                    card.label,
                    texts.get(s.name, ""),
                    card.id,
                )
                obj |= {
                    "CardID": card_id,
                    "SidewaysCard": sideways,
                    "CustomDeck": {str(sheet_key): custom[str(sheet_key)]},
                    **_SCRIPT,
                }
                contained.append(obj)
                deck_ids.append(card_id)
        if len(contained) == 1:
            lone = contained[0]
            lone["Transform"] = _transform(x, 0.0, flip=True, sx=sx, sz=sz)
            objects.append(lone)
            continue
        deck_obj = _common(
            _guid(name, "deck", deck),
            "DeckCustom",
            _transform(x, 0.0, flip=True, sx=sx, sz=sz),
            deck,
            f"{len(contained)} cards",
            deck,
        )
        deck_obj |= {
            "SidewaysCard": sideways,
            "DeckIDs": deck_ids,
            "CustomDeck": custom,
            **_SCRIPT,
            "ContainedObjects": contained,
        }
        objects.append(deck_obj)

    # rows of tokens, each placed by its printed size (a 60 mm banner is wider than the
    # old fixed step of 2 units, so neighbours overlapped)
    footprints = [
        max(to_mm(max(c.trim_size())) / 25.4, BAG_SIZE if c.copies > 1 else 0.0) for c in tokens
    ]
    token_at = _grid_positions(footprints, TOKENS_PER_ROW, top=-6.0)
    for i, comp in enumerate(tokens):
        front = side_of(comp, "face")
        back = side_of(comp, "back")
        assert front is not None
        inches = to_mm(front.w) / 25.4
        tx, tz = token_at[i]

        def tile(
            copy: int,
            comp: Component = comp,
            front: Side = front,
            back: Side | None = back,
            x: float = tx,
            z: float = tz,
            size: float = inches,
        ) -> dict[str, Any]:
            obj = _common(
                _guid(name, comp.id, str(copy)),
                "Custom_Tile",
                _transform(x, z, sx=size, sz=size),
                comp.label,
                texts.get(front.name, ""),
                comp.id,
            )
            assert isinstance(comp, Token)
            obj |= {
                "CustomImage": {
                    "ImageURL": url(token_files[front.name]),
                    "ImageSecondaryURL": url(token_files[back.name]) if back else "",
                    "ImageScalar": 1.0,
                    "WidthScale": 0.0,
                    "CustomTile": {
                        "Type": TILE_TYPES[comp.shape],
                        "Thickness": 0.1,
                        "Stackable": True,
                        "Stretch": True,
                    },
                },
                **_SCRIPT,
            }
            return obj

        if comp.copies == 1:
            objects.append(tile(0))
            continue
        bag = _common(
            _guid(name, "bag", comp.id),
            "Bag",
            _transform(tx, tz),
            comp.label,
            f"{comp.copies} × {comp.label}",
            comp.id,
        )
        bag |= {**_SCRIPT, "ContainedObjects": [tile(c) for c in range(comp.copies)]}
        objects.append(bag)

    # the game sizes a board from its image's shape alone: scale each by its printed
    # size, the largest at 1, so a House board lies beside the map as it does on a table
    longest = max((max(b.trim_size()) for b in boards), default=1.0)
    for i, board in enumerate(boards):
        s = side_of(board, "face")
        assert s is not None
        scale = max(board.trim_size()) / longest
        x = (i % BOARDS_PER_ROW) * BOARD_STEP
        z = 20.0 + (i // BOARDS_PER_ROW) * BOARD_STEP
        for copy in range(board.copies):
            obj = _common(
                _guid(name, board.id, str(copy)),
                "Custom_Board",
                _transform(x, z + copy * 2.0, sx=scale, sz=scale),
                board.label,
                texts.get(s.name, "")[:500],
                board.id,
            )
            obj |= {
                "CustomImage": {
                    "ImageURL": url(board_files[board.id]),
                    "ImageSecondaryURL": "",
                    "ImageScalar": 1.0,
                    "WidthScale": 0.0,
                },
                **_SCRIPT,
            }
            objects.append(obj)

    save = {
        "SaveName": export.ruleset.title,
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }
    file = saved_object_name(name)
    export.add(file, (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode())
    decks = sum(1 for o in objects if o["Name"] in ("DeckCustom", "Card"))
    export.outcome.notes.append(
        f"{decks} decks on {sum(len(d[2]) for d in sheets)} sheets, {len(tokens)} tokens, "
        f"{len(boards)} boards; copy {file} into Tabletop Simulator's Saved Objects folder "
        f"({'; '.join(f'{k}: {v}' for k, v in SAVED_OBJECTS.items())})"
    )
    if not settings.base_url:
        export.outcome.notes.append(
            "images are local file:/// URLs: only this computer sees them; "
            "host the images/ folder and export again with --base-url to share the table"
        )
    export.index(
        {
            "dpi": settings.dpi,
            "base_url": settings.image_url(name, "") or "",
            "saved_object": file,
            "decks": [
                {
                    "deck": deck,
                    "cards": sum(c.copies for c in cards),
                    "sheets": [
                        {
                            "key": s.key,
                            "file": s.file,
                            "grid": [s.cols, s.rows],
                            "cell_px": list(s.cell),
                            "cells": [side.name for side in s.sides],
                        }
                        for s in deck_sheets
                    ],
                }
                for deck, cards, deck_sheets in sheets
            ],
        }
    )
