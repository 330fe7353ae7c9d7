"""Reference sheets: a ruleset's Jinja2 template, fed with its content.

The template ``reference.xml.j2`` lives in the ruleset's templates folder
and is rendered in a sandbox (no access to Python internals), with
autoescaping (every ``{{ value }}`` prints as plain text: ``<``, ``&`` and
``[`` included) and ``StrictUndefined`` (a misspelt variable is an error,
never an empty string). ``{{ value | markup }}`` passes trusted inline markup
through after checking it parses.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment, SecurityError
from markupsafe import Markup

from pnp.content import LoadedContent
from pnp.errors import PnpError
from pnp.render.document import Document, parse_document
from pnp.render.markup import escape, parse_inline
from pnp.render.report import RenderError
from pnp.rulesets.ruleset import Ruleset

#: the reference template's file name inside a ruleset's templates folder
REFERENCE_TEMPLATE = "reference.xml.j2"


class TemplateProblem(RenderError):
    """A template that cannot be rendered: syntax, undefined variables, sandbox."""


class NoReferenceError(PnpError):
    """The ruleset has no reference template yet."""


def _finalize(value: Any) -> Any:
    # every {{ value }} is plain text unless marked as markup
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup("")
    return Markup(escape(str(value)))


def _markup(value: Any) -> Markup:
    text = str(value)
    parse_inline(text, newlines=False)  # raises MarkupError when it is not valid markup
    return Markup(text)


def environment(folder: Path) -> ImmutableSandboxedEnvironment:
    """The sandboxed, autoescaping, strict Jinja2 environment for ``folder``."""
    env = ImmutableSandboxedEnvironment(
        loader=jinja2.FileSystemLoader(str(folder)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        finalize=_finalize,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["markup"] = _markup
    env.filters["escape_text"] = lambda v: Markup(escape(str(v)))
    return env


def _template_line(exc: BaseException, name: str) -> int | None:
    """The template line an error was raised from (Jinja rewrites tracebacks to it)."""
    line = None
    for frame in traceback.extract_tb(exc.__traceback__):
        if frame.filename and Path(frame.filename).name == name:
            line = frame.lineno
    return line


def reference_context(ruleset: Ruleset, content: LoadedContent[Any]) -> dict[str, Any]:
    """The variables the reference template sees."""
    context: dict[str, Any] = {
        "ruleset": {
            "name": ruleset.name,
            "title": ruleset.title,
            "players": ruleset.players_text(),
        },
        "content": content.model,
        "icons": [{"name": n, "label": i.label} for n, i in ruleset.icons.items()],
    }
    if ruleset.reference_context is not None:
        try:
            context.update(ruleset.reference_context(content))
        except PnpError:
            raise
        except Exception as exc:
            raise TemplateProblem(
                f"{ruleset.name}: reference_context failed: {type(exc).__name__}: {exc}"
            ) from exc
    return context


def render_template(ruleset: Ruleset, content: LoadedContent[Any]) -> str:
    """The reference template rendered into document markup."""
    folder = ruleset.templates_folder()
    path = folder / REFERENCE_TEMPLATE
    if not path.is_file():
        raise NoReferenceError(f"{ruleset.name}: no reference template yet (expected {path})")
    env = environment(folder)
    shown = str(path)
    context = reference_context(ruleset, content)
    try:
        template = env.get_template(REFERENCE_TEMPLATE)
        return template.render(context)
    except jinja2.TemplateSyntaxError as exc:
        raise TemplateProblem(f"{shown}:{exc.lineno}: {exc.message}") from None
    except (jinja2.UndefinedError, SecurityError, PnpError, jinja2.TemplateError) as exc:
        line = _template_line(exc, REFERENCE_TEMPLATE)
        where = f"{shown}:{line}" if line else shown
        detail = " ".join(exc.lines()) if isinstance(exc, PnpError) else str(exc)
        raise TemplateProblem(f"{where}: {detail}") from None


def build_reference(ruleset: Ruleset, content: LoadedContent[Any]) -> Document:
    """Render and parse the reference document; unknown icons are errors."""
    text = render_template(ruleset, content)
    source = f"{ruleset.templates_folder() / REFERENCE_TEMPLATE} (rendered)"
    doc = parse_document(text, source)
    unknown = [n for n in doc.icon_names() if n not in ruleset.icons]
    if unknown:
        known = ", ".join(sorted(ruleset.icons)) or "none are registered"
        raise TemplateProblem(
            f"{source}: unknown icon{'s' if len(unknown) > 1 else ''} "
            + ", ".join(f"[{n}]" for n in unknown)
            + f" (known: {known})"
        )
    return doc
