"""How ``pnp ... --help`` names the values that options and arguments take.

Typer 0.29 labels every parameter with its Python type: ``--json <bool>`` and
``--help <bool>`` for flags that take no value, ``-o <list[str]>`` for a
repeatable option, ``{ruleset} <str>`` for an argument. pnp's help names them
the way Unix tools do, in this one place:

- a flag takes no value and shows none (``--json``, ``--help``);
- an option's value is named after its type: ``N`` (a whole number),
  ``NUMBER``, ``TEXT``, ``FILE``, ``DIR``, ``PATH``, or its choices
  (``long|short|none``); an option whose value has a shape of its own says so
  with typer's ``metavar=`` (``-o KEY=VALUE``, ``--back-offset X,Y``);
- an argument is its name in capitals, without a type beside it: ``RULESET``,
  ``[RULESET]...`` when optional and repeatable.

:class:`HelpTyper` is a :class:`typer.Typer` whose group and commands do this;
pnp's app is one, so every command registered on it is covered.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Any, get_args

import typer
from typer._click.exceptions import UsageError
from typer.core import TyperArgument, TyperCommand, TyperGroup
from typer.models import CommandFunctionType

from pnp import cli_errors

#: the value name of each plain type
_TYPE_NAMES: dict[type, str] = {int: "N", float: "NUMBER", str: "TEXT", Path: "PATH"}


def value_name(param: Any) -> str | None:
    """The name ``param``'s value goes by in help: ``""`` for a flag (no value), ``None``
    to leave typer's own label (a type it does not describe the way typer 0.29 does)."""
    if getattr(param, "is_flag", False):
        return ""
    desc = getattr(param, "type_descriptor", None)  # how typer 0.29 keeps the type
    if desc is None:
        return None
    if desc.is_choice:
        return "|".join(str(choice) for choice in desc.choices)
    if desc.is_path:
        info = desc.parameter_info
        if info.file_okay and not info.dir_okay:
            return "FILE"
        if info.dir_okay and not info.file_okay:
            return "DIR"
        return "PATH"
    kind = desc.annotation
    if desc.is_list:  # a repeatable option or argument: each value's name
        kind = get_args(kind)[0]
    return _TYPE_NAMES.get(kind)


class _NamedArgument(TyperArgument):
    """An argument shown by its name alone (``RULESET``, ``[RULESET]...``), the name
    standing for the value as an option's value name does."""

    def display_type_rich(self, ctx: Any) -> str | None:
        """No type beside the name: the name says what to give."""
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        """``RULESET``, ``[RULESET]`` when optional, ``...`` after a repeatable one."""
        name = (self.metavar or "").removesuffix("...")
        shown = name if self.required else f"[{name}]"
        return [shown + ("..." if self.nargs != 1 else "")]


def _name_values(params: list[Any]) -> list[Any]:
    for param in params:
        if isinstance(param, TyperArgument) and not isinstance(param, _NamedArgument):
            name = param.metavar or (param.name or "value").upper()
            if param.nargs != 1 and not name.endswith("..."):
                name += "..."
            param.metavar = name
            param.__class__ = _NamedArgument  # typer builds its own class; only the display differs
        elif param.metavar is None:
            param.metavar = value_name(param)
    return params


class NamedCommand(TyperCommand):
    """A command whose help names its values (see the module docstring), and whose bad
    values are reported in one plain line (:mod:`pnp.cli_errors`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # ``pnp --help`` lists each command by its docstring's first paragraph; Typer
        # 0.29 keeps that paragraph's source line breaks there in rich markup (not in
        # the command's own help), so a line of the list broke mid-sentence
        if self.short_help is None and self.help:
            first = inspect.cleandoc(self.help).partition("\f")[0].split("\n\n")[0]
            self.short_help = " ".join(first.split())

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, the ``--help`` flag included, with their value names set."""
        return _name_values(super().get_params(ctx))

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        """Parse ``args``; a value Typer refuses is reported as pnp reports its own."""
        given = list(args)  # parsing consumes the list
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except UsageError as error:
            cli_errors.fail(error, given)


class NamedGroup(TyperGroup):
    """The command group, whose own options (``--version``, ``--help``) are flags too, and
    whose unknown commands and options are reported in one plain line."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, the ``--help`` flag included, with their value names set."""
        return _name_values(super().get_params(ctx))

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        """Parse the group's own options (``pnp --bogus`` is reported plainly; Ctrl-C
        meanwhile is reported as a stop)."""
        given = list(args)
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except UsageError as error:
            cli_errors.fail(error, given)
        except KeyboardInterrupt:
            cli_errors.interrupted()

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The command ``args`` names (``pnp rendr`` is reported plainly)."""
        given = list(args)
        try:
            return super().resolve_command(ctx, args)
        except UsageError as error:
            cli_errors.fail(error, given)

    def invoke(self, ctx: Any) -> Any:
        """Run the command; Ctrl-C before its own code runs (while its options are
        parsed) is reported as in the command (Typer would exit 130 without a word)."""
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            cli_errors.interrupted()


class HelpTyper(typer.Typer):
    """A :class:`typer.Typer` whose group and commands name their values in help."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cls=NamedGroup, **kwargs)

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        """Register a command, as :meth:`typer.Typer.command` does, of :class:`NamedCommand`."""
        return super().command(name, cls=cls or NamedCommand, **kwargs)
