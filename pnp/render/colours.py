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
