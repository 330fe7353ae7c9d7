"""The kit's palette and colour helpers, shared by every face of the fief kit."""

from __future__ import annotations

from reportlab.lib.colors import Color, toColor

#: text and line ink
INK = "#2b2622"
#: the light card and banner ground
PARCHMENT = "#f6efdc"
#: backs of the decks (the rulebook names them by colour)
COURT_BACK = "#6b4a2b"
BOUNTY_BACK = "#8c9196"
DISASTER_BACK = "#151517"
COPY_BACK = "#2f5d8a"
#: titles
FIEF_TITLE = "#f6efdc"
HIGH_TITLE = "#6b4a2b"
MILITARY_TITLE = "#4a5560"


def mix(a: str | Color, b: str | Color, t: float) -> Color:
    """``t`` of colour ``a`` and ``1 - t`` of colour ``b``."""
    ca = toColor(a) if isinstance(a, str) else a
    cb = toColor(b) if isinstance(b, str) else b
    return Color(
        ca.red * t + cb.red * (1 - t),
        ca.green * t + cb.green * (1 - t),
        ca.blue * t + cb.blue * (1 - t),
    )


def luminance(colour: str | Color) -> float:
    """Relative luminance (0 black … 1 white), sRGB weights."""
    c = toColor(colour) if isinstance(colour, str) else colour

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)


def readable_on(colour: str | Color) -> str:
    """Black or white ink, whichever reads better on ``colour``."""
    lum = luminance(colour)
    # contrast ratio against white vs. against the ink
    on_white = 1.05 / (lum + 0.05)
    on_ink = (lum + 0.05) / (luminance(INK) + 0.05)
    return "#ffffff" if on_white > on_ink else INK


#: pictures and words of the shared markers, by token id (others get a generic marker)
MARKER_ART = {
    "outlaw-marker": ("outlaw", "Outlaw", "#1c1c1f"),
    "captive-marker": ("captive", "Captive", "#4b5259"),
    # a soft hyphen where the word may break: at 6.5 pt it is wider than an 18 mm token
    "assassination-marker": ("dagger", "Assassi\u00adnation", "#7a1414"),
    "disaster-marker": ("disaster", "Disaster", "#151517"),
    "season-marker": ("winter", "Season", "#2f5d8a"),
    "council-seat-for-sale": ("council", "For sale", HIGH_TITLE),
    "wall-defender": ("wall", "Defender", "#1c1c1f"),
    "wall-marker": ("wall", "Wall", "#5f84a2"),
}

#: the Night's Watch black and the wildlings' ice, the rings of the Wall's chits
WATCH_BLACK = "#1c1c1f"
WILDLING_ICE = "#cfe4ef"
#: the chits that fight at the Wall: picture, name and ring, by token id; each prints its
#: strength too (the recruits' from ``rules.nights_watch.recruits``, the wildlings' from
#: :data:`~pnp.rulesets.fief.model.WILDLING_CHITS`)
CHIT_ART = {
    "wildling-knight": ("wildling", "Wildling", WILDLING_ICE),
    "giant-champion": ("giant", "Giant", WILDLING_ICE),
    "nw-ranger": ("crow", "Ranger", WATCH_BLACK),
    "nw-archer": ("watch-archer", "Archer", WATCH_BLACK),
}
