"""Print-on-demand printers: their published card templates, file naming and deck layout.

Every figure below is the printer's own, from the page cited beside it. A
template is a trim size, the bleed the printer wants beyond it on every side
and the safe zone inside it; the file's pixel size follows at the printer's
300 dpi (``(trim + 2 × bleed) × 300``), e.g. 825 × 1125 px for a poker card
with 1/8" bleed.

The Game Crafter (https://www.thegamecrafter.com/)
    Card products and their templates, one page each:
    https://www.thegamecrafter.com/make/products/PokerDeck (poker, 2.5 × 3.5 in,
    825 × 1125 px), .../MiniDeck (1.75 × 2.5 in, 600 × 825 px),
    .../TarotDeck (2.75 × 4.75 in, 900 × 1500 px), .../JumboDeck
    (3.5 × 5.5 in, 1125 × 1725 px). Bleed and safe zone are 1/8 in each
    (the templates' cut and safe lines). A deck has one back for all its
    cards; each face is uploaded as its own PNG and given a quantity.
DriveThruCards (https://www.drivethrucards.com/)
    "Specifications for printed cards", DriveThru partner help centre:
    https://help.drivethrupartners.com/hc/en-us/articles/12780748203543
    One PDF per deck; page 1 is the back of card 1, page 2 its front, and so
    on through the deck in print order; images at 300 dpi; 1/8 in bleed on
    all four sides; nothing important within 1/8 in of a finished edge; CMYK
    with total ink at most 240 %. Trim sizes: poker 2.5 × 3.5 in,
    tarot 2.75 × 4.75 in, mini 1.75 × 2.5 in (825 × 1125, 900 × 1500 and
    600 × 825 px with bleed).
MakePlayingCards (https://www.makeplayingcards.com/)
    Card templates from the product pages, e.g. poker size:
    https://www.makeplayingcards.com/design/custom-blank-card.html
    (2.5 × 3.5 in trim, 2.74 × 3.74 in with bleed: 822 × 1122 px at 300 dpi;
    safe area 2.26 × 3.26 in), mini 1.75 × 2.5 in (597 × 822 px), tarot
    2.75 × 4.75 in (897 × 1497 px), jumbo 3.5 × 5.5 in (1122 × 1722 px):
    0.12 in of bleed and of safe margin on each side. Fronts are uploaded one
    image per card with a quantity each, and one back for the deck (or one per
    card).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.errors import UsageError, did_you_mean

#: dots per inch every one of these printers prints card images at
POD_DPI = 300

Layout = Literal["folders", "pdf"]


@dataclass(frozen=True)
class CardTemplate:
    """A printer's card template: portrait trim size, bleed and safe margin, inches."""

    name: str
    trim_in: tuple[float, float]
    bleed_in: float
    safe_in: float

    @property
    def full_in(self) -> tuple[float, float]:
        """The image size with bleed, inches."""
        w, h = self.trim_in
        return w + 2 * self.bleed_in, h + 2 * self.bleed_in

    @property
    def pixels(self) -> tuple[int, int]:
        """The image size in pixels at :data:`POD_DPI`."""
        w, h = self.full_in
        return round(w * POD_DPI), round(h * POD_DPI)

    @property
    def trim_mm(self) -> tuple[float, float]:
        """The trim size, mm."""
        return self.trim_in[0] * 25.4, self.trim_in[1] * 25.4


@dataclass(frozen=True)
class Printer:
    """A print-on-demand printer: its templates and how it wants the files."""

    name: str
    title: str
    templates: tuple[CardTemplate, ...]
    #: ``folders``: a folder per deck with one PNG per face and a back;
    #: ``pdf``: one PDF per deck, back then front of every printed card
    layout: Layout
    #: where the figures come from
    sources: tuple[str, ...]


_EIGHTH = 0.125
_MPC = 0.12

PRINTERS: dict[str, Printer] = {
    "thegamecrafter": Printer(
        "thegamecrafter",
        "The Game Crafter",
        (
            CardTemplate("poker", (2.5, 3.5), _EIGHTH, _EIGHTH),
            CardTemplate("mini", (1.75, 2.5), _EIGHTH, _EIGHTH),
            CardTemplate("tarot", (2.75, 4.75), _EIGHTH, _EIGHTH),
            CardTemplate("jumbo", (3.5, 5.5), _EIGHTH, _EIGHTH),
        ),
        "folders",
        (
            "https://www.thegamecrafter.com/make/products/PokerDeck",
            "https://www.thegamecrafter.com/make/products/MiniDeck",
            "https://www.thegamecrafter.com/make/products/TarotDeck",
            "https://www.thegamecrafter.com/make/products/JumboDeck",
        ),
    ),
    "drivethrucards": Printer(
        "drivethrucards",
        "DriveThruCards",
        (
            CardTemplate("poker", (2.5, 3.5), _EIGHTH, _EIGHTH),
            CardTemplate("mini", (1.75, 2.5), _EIGHTH, _EIGHTH),
            CardTemplate("tarot", (2.75, 4.75), _EIGHTH, _EIGHTH),
        ),
        "pdf",
        ("https://help.drivethrupartners.com/hc/en-us/articles/12780748203543",),
    ),
    "makeplayingcards": Printer(
        "makeplayingcards",
        "MakePlayingCards",
        (
            CardTemplate("poker", (2.5, 3.5), _MPC, _MPC),
            CardTemplate("mini", (1.75, 2.5), _MPC, _MPC),
            CardTemplate("tarot", (2.75, 4.75), _MPC, _MPC),
            CardTemplate("jumbo", (3.5, 5.5), _MPC, _MPC),
        ),
        "folders",
        ("https://www.makeplayingcards.com/design/custom-blank-card.html",),
    ),
}


def find_printer(name: str | None) -> Printer:
    """The printer called ``name`` (case-insensitive); :class:`UsageError` when unknown."""
    known = ", ".join(PRINTERS)
    if name is None:
        raise UsageError(f"--format pod needs --preset: one of {known}")
    found = PRINTERS.get(name.lower())
    if found is None:
        raise UsageError(
            f"--preset: unknown printer {name!r} (known: {known}){did_you_mean(name, PRINTERS)}"
        )
    return found


#: below this scale a card's text prints more than 5% smaller than the kit set it (its
#: legibility floor with it): a problem ``--strict`` fails on, not a note
MIN_SCALE = 0.95
#: a template larger or smaller than the card by more than this (mm) gives the card a new shape
RESHAPED_MM = 2.0


@dataclass(frozen=True)
class Fit:
    """How a card goes on a printer's template."""

    template: CardTemplate
    #: whether the card is turned a quarter to sit upright on the template
    turned: bool
    #: the uniform scale of the card's drawing
    scale: float

    def describe(self, w_mm: float, h_mm: float) -> str:
        """The fit in words, with how far it moves from the card's own size."""
        tw, th = self.template.trim_mm
        cw, ch = (h_mm, w_mm) if self.turned else (w_mm, h_mm)
        sw, sh = cw * self.scale, ch * self.scale
        turned = ", turned upright" if self.turned else ""
        words = (
            f"{w_mm:g} × {h_mm:g} mm on the {self.template.name} template "
            f"({tw:.1f} × {th:.1f} mm){turned}: drawn at {self.scale * 100:.1f}% "
            f"({sw:.1f} × {sh:.1f} mm), background extended "
            f"{(tw - sw) / 2:.1f} mm at the sides and {(th - sh) / 2:.1f} mm top and bottom"
        )
        if max(abs(tw - cw), abs(th - ch)) > RESHAPED_MM:
            # a jumbo card for an 88 × 126 sheet is 14 mm taller: say so, not only by how much
            words += f"; the cards come back {tw:.1f} × {th:.1f} mm, not {cw:g} × {ch:g} mm"
        return words

    def shrinks_text(self) -> bool:
        """Whether the card is drawn so much smaller than its size that its smallest text
        falls below what the kit allows (no template of the printer holds it)."""
        return self.scale < MIN_SCALE


def fit_card(printer: Printer, w_mm: float, h_mm: float) -> Fit:
    """The template a ``w_mm`` × ``h_mm`` card goes on, as the printers advise: the whole
    card scaled uniformly to fit inside the trim, its background extended to fill the
    rest (never cropping the card's own safe zone), on the template that needs the
    least scaling."""
    turned = w_mm > h_mm
    cw, ch = (h_mm, w_mm) if turned else (w_mm, h_mm)
    best: tuple[float, Fit] | None = None
    import math

    for template in printer.templates:
        tw, th = template.trim_mm
        scale = min(tw / cw, th / ch)
        cost = abs(math.log(scale))
        if best is None or cost < best[0] - 1e-9:
            best = (cost, Fit(template, turned, scale))
    assert best is not None
    return best[1]
