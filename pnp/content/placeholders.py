"""Numbers of the rules inside printed texts: ``{rules.round_limit}``.

A ruling or decision written in content says "after round {rules.round_limit}"
rather than "after round 30", so that changing the number in ``rules.yaml``
changes every sentence that states it; a sentence with the number typed in
would go on printing the old one. :func:`placeholder_problems` is the
validation (a braced word that is no placeholder, a path the rules do not
have, with a guess), :func:`fill_placeholders` the printing.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from pnp.content.model import ContentModel, Loc

#: ``{rules.round_limit}``, ``{rules.battle.dice.faces}``: a path under the content's ``rules``
PLACEHOLDER = re.compile(r"\{(rules(?:\.[a-z_]+)+)\}")


class PlaceholderError(ValueError):
    """A placeholder naming no number of the rules (validation reports these first)."""


def placeholder_value(content: ContentModel, path: str) -> int | list[int] | None:
    """The number (or list of numbers) a ``rules.…`` placeholder names, or ``None``."""
    node: object = content
    for part in path.split("."):
        if not isinstance(node, ContentModel) or part not in type(node).model_fields:
            return None
        node = getattr(node, part)
    if isinstance(node, int) and not isinstance(node, bool):
        return node
    if isinstance(node, list | tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in node
    ):
        return [int(v) for v in node]
    return None


def number_paths(content: ContentModel) -> list[str]:
    """Every ``rules.…`` path a placeholder may name (for typo hints)."""
    paths: list[str] = []
    todo: list[tuple[str, object]] = [("rules", getattr(content, "rules", None))]
    while todo:
        path, node = todo.pop()
        if isinstance(node, ContentModel):
            todo += [(f"{path}.{name}", getattr(node, name)) for name in type(node).model_fields]
        elif placeholder_value(content, path) is not None:
            paths.append(path)
    return paths


def placeholder_problems(content: ContentModel, text: str, loc: Loc) -> Iterator[tuple[Loc, str]]:
    """What is wrong with the placeholders of ``text`` (at ``loc``), for validation."""
    for braced in re.finditer(r"\{[^{}]*\}", text):
        if not PLACEHOLDER.fullmatch(braced.group()) and _meant_as_one(braced.group()):
            # printed as written otherwise: the reader would see the braces
            yield (
                loc,
                f"{braced.group()} is no placeholder: a number of the rules is "
                "written {rules.…}, with no spaces (rules.yaml names them)",
            )
    for match in PLACEHOLDER.finditer(text):
        if placeholder_value(content, match.group(1)) is None:
            # compared without the common 'rules.', which makes any two paths alike
            tails = {p.removeprefix("rules."): p for p in number_paths(content)}
            near = difflib.get_close_matches(match.group(1).removeprefix("rules."), tails, n=1)
            hint = [tails[t] for t in near]
            yield (
                loc,
                f"{{{match.group(1)}}} names no number of the rules"
                + (f" (did you mean {{{hint[0]}}}?)" if hint else ""),
            )


def _meant_as_one(braced: str) -> bool:
    """Whether braced text looks like a placeholder gone wrong (``{ rules.hand }``,
    ``{Rules.hand}``, ``{hand_size}``) rather than braces the text means to print
    (``{military, intrigue, power}``)."""
    inner = braced[1:-1].strip()
    return inner.lower().startswith("rules") or re.fullmatch(r"[A-Za-z_][\w.]*", inner) is not None


def number_words(values: list[int]) -> str:
    """``[1, 2, 3]`` as ``1, 2 or 3``."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def fill_placeholders(text: str, content: ContentModel, where: str) -> str:
    """``text`` with every ``{rules.…}`` placeholder replaced by the content's value.

    Lists read as ``1, 2 or 3``; a path the rules do not have raises
    :class:`PlaceholderError` naming ``where`` (validation refuses it first; a
    model built in code may not have been validated).
    """

    def value(match: re.Match[str]) -> str:
        found = placeholder_value(content, match.group(1))
        if found is None:
            raise PlaceholderError(f"{where}: no value {{{match.group(1)}}} in the content")
        return number_words(found) if isinstance(found, list) else str(found)

    return PLACEHOLDER.sub(value, text)
