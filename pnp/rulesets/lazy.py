"""Ruleset hooks named by module path, imported on first use.

Every ruleset's :class:`~pnp.rulesets.ruleset.Ruleset` names its print hooks
(the kit's components, icons and reference context) as ``"module:attribute"``
paths, so importing the ruleset, or starting a game, loads no print code (and
no reportlab); the kit is imported the first time a command prints::

    components=OnFirstCall("pnp.rulesets.mygame.kit.components:components"),
    icons=OnFirstUse("pnp.rulesets.mygame.kit.icons:ICONS"),
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any


def resolve(path: str) -> Any:
    """The object a ``"package.module:attribute"`` path names (imports the module)."""
    module, _, attribute = path.partition(":")
    if not attribute:
        raise ValueError(f"{path!r} is not a 'module:attribute' path")
    return getattr(importlib.import_module(module), attribute)


class OnFirstCall:
    """A function named by path: imported on its first call, then called directly."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._target: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        target = self._target
        if target is None:
            target = self._target = resolve(self.path)
        return target(*args, **kwargs)

    def __reduce__(self) -> tuple[type[OnFirstCall], tuple[str]]:
        return (OnFirstCall, (self.path,))  # pickles as its path, not what it resolved

    def __repr__(self) -> str:
        return f"OnFirstCall({self.path!r})"


class OnFirstUse(Mapping[str, Any]):
    """A mapping named by path (an icon set): imported the first time it is read."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._target: Mapping[str, Any] | None = None

    def _mapping(self) -> Mapping[str, Any]:
        target = self._target
        if target is None:
            target = self._target = resolve(self.path)
        return target

    def __getitem__(self, key: str) -> Any:
        return self._mapping()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())

    def __reduce__(self) -> tuple[type[OnFirstUse], tuple[str]]:
        return (OnFirstUse, (self.path,))

    def __repr__(self) -> str:
        return f"OnFirstUse({self.path!r})"


__all__ = ["OnFirstCall", "OnFirstUse", "resolve"]
