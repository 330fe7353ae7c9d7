"""Where the shipped content and templates live.

An editable install (and a plain checkout) reads ``content/`` and
``templates/`` next to the ``pnp`` package; a wheel carries copies under
``pnp/_shipped/``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def shipped(name: str) -> Path:
    """The shipped top-level folder ``name`` (``content`` or ``templates``)."""
    packaged = _PACKAGE / "_shipped" / name
    if packaged.is_dir():
        return packaged
    return _PACKAGE.parent / name


def default_content_root() -> Path:
    """The content root used when ``--content`` is not given."""
    return shipped("content")


def default_templates_root() -> Path:
    """The templates root shipped with pnp."""
    return shipped("templates")
