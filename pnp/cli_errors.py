"""How the command line reports what it could not parse: one plain line, exit status 2.

pnp's own checks say what is wrong in one line that names the value given and
what would do (``unknown paper 'B5' (known: A4, Letter, A3)``). Typer checks
option types and choices before any pnp code runs and reports them in a box,
sometimes without the value (``Input should be a valid integer``). The
command group and commands of :mod:`pnp.cli_help` send those errors here
instead, so every bad value reads the same:

- a choice: ``unknown duplex 'both' (known: long, short, none)``;
- a number: ``bad --seed value 'abc' (expected a whole number)``;
- an option pnp does not have: ``unknown option '--gmaes' (did you mean --games?)``;
- anything else: Typer's own words, as one line.

Ctrl-C is reported here too (:func:`interrupted`), wherever Typer happened to
be: in a command, or still parsing its options.
"""

from __future__ import annotations

import re
import types
import typing
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer._click import exceptions as click_errors

from pnp import interrupt

#: what a typed option expects, by the type's name in help
_EXPECTED = {int: "a whole number", float: "a number"}


def _plain(text: str) -> str:
    """Typer's sentence as a clause: no capital to start, no full stop to end."""
    text = " ".join(text.split()).rstrip(".")
    text = re.sub(r"\. Did you mean (.+)\?$", r" (did you mean \1?)", text)
    return text[:1].lower() + text[1:]


def given_value(args: Sequence[str], names: Sequence[str]) -> str | None:
    """The value given last to any of the option ``names`` in ``args`` (``--seed abc``,
    ``--seed=abc``, ``-nabc``), or ``None``."""
    found: str | None = None
    for i, arg in enumerate(args):
        for name in names:
            if arg == name and i + 1 < len(args):
                found = args[i + 1]
            elif name.startswith("--") and arg.startswith(name + "="):
                found = arg[len(name) + 1 :]
            elif (
                len(name) == 2
                and not name.startswith("--")
                and arg.startswith(name)
                and arg != name
            ):
                found = arg[2:]
    return found


def _value_type(param: Any) -> Any:
    """The type an option's value is converted to (``int`` for ``int | None``)."""
    desc = getattr(param, "type_descriptor", None)
    kind = getattr(desc, "annotation", None)
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        kinds = [k for k in typing.get_args(kind) if k is not type(None)]
        kind = kinds[0] if len(kinds) == 1 else kind
    return kind


def message(error: click_errors.UsageError, args: Sequence[str]) -> str:
    """The one line that says what was wrong with ``args``."""
    if isinstance(error, click_errors.NoSuchOption):
        hint = f" (did you mean {error.possibilities[0]}?)" if error.possibilities else ""
        return f"unknown option {error.option_name!r}{hint}"
    param = getattr(error, "param", None)
    if isinstance(error, click_errors.BadParameter) and param is not None:
        names = [*getattr(param, "opts", []), *getattr(param, "secondary_opts", [])]
        flag = max(names, key=len) if names else f"{param.name}"
        value = given_value(args, names)
        desc = getattr(param, "type_descriptor", None)
        if value is not None and desc is not None and getattr(desc, "is_choice", False):
            known = ", ".join(str(c) for c in desc.choices)
            noun = flag.lstrip("-").replace("-", " ")
            return f"unknown {noun} {value!r} (known: {known})"
        expected = _EXPECTED.get(_value_type(param))
        if value is not None and expected is not None:
            return f"bad {flag} value {value!r} (expected {expected})"
        if value is not None:
            return f"bad {flag} value {value!r}: {_plain(error.message)}"
    return _plain(error.format_message())


def fail(error: click_errors.UsageError, args: Sequence[str]) -> NoReturn:
    """Say what was wrong in one line on stderr and stop with exit status 2
    (``--help`` shown for no arguments at all is no error: it goes on as Typer does)."""
    if isinstance(error, click_errors.NoArgsIsHelpError):
        raise error
    typer.echo(message(error, args), err=True)
    raise typer.Exit(2) from None


def interrupted() -> NoReturn:
    """Say that Ctrl-C stopped the command (:data:`pnp.interrupt.MESSAGE`) and stop with
    exit status 130."""
    interrupt.say()
    raise typer.Exit(interrupt.STATUS) from None
