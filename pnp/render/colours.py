"""Colours as users write them: reportlab colours, ``"#rrggbb"`` strings or names."""

from __future__ import annotations

import functools
from typing import Any

from reportlab.lib.colors import Color, toColor

from pnp.render.report import RenderError


@functools.lru_cache(maxsize=1024)
def _parse(text: str) -> Color:
    try:
        return toColor(text)
    except ValueError:
        raise RenderError(f"unknown colour {text!r} (write '#rrggbb' or a colour name)") from None


def colour(value: Any) -> Color:
    """A reportlab colour for ``value`` (strings are parsed once and cached)."""
    if isinstance(value, Color):
        return value
    if isinstance(value, str):
        return _parse(value)
    try:
        return toColor(value)
    except ValueError:
        raise RenderError(f"unknown colour {value!r}") from None


def relative_luminance(value: Any) -> float:
    """WCAG relative luminance of a colour: 0 (black) to 1 (white)."""
    c = colour(value)

    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c.red) + 0.7152 * lin(c.green) + 0.0722 * lin(c.blue)


def contrast_ratio(a: Any, b: Any) -> float:
    """The WCAG contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_ink(ground: Any, inks: tuple[Any, ...] = ("#000000", "#ffffff")) -> Any:
    """Of ``inks``, the one with the most contrast on ``ground``: call it with the colour
    actually painted under the words (a darkened banner, not the House colour it was
    mixed from), or the choice is made for the wrong background."""
    return max(inks, key=lambda ink: contrast_ratio(ink, ground))


def shade_for(ground: Any, inks: tuple[Any, ...], ratio: float = 4.5) -> Color:
    """``ground``, darkened just enough (in steps of 5 % towards black) for the best of
    ``inks`` to reach ``ratio`` on it: a mid-tone (orange, slate) that no ink reads on
    becomes a deeper shade of itself that a light ink does."""
    base = colour(ground)
    for step in range(21):
        t = 1 - step * 0.05
        shade = Color(base.red * t, base.green * t, base.blue * t)
        if contrast_ratio(readable_ink(shade, inks), shade) >= ratio:
            return shade
    return Color(0, 0, 0)
