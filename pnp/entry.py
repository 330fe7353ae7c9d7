"""The ``pnp`` console script and ``python -m pnp``: Ctrl-C is a stop from the start.

Importing the command line takes most of a second (Typer, reportlab, every
ruleset's referee). Ctrl-C meanwhile raises :class:`KeyboardInterrupt` in
whatever module is being imported, and had the console script imported
:mod:`pnp.cli` itself, Python would print a traceback. The console script
(``[project.scripts]`` in ``pyproject.toml``) enters here instead: this module
imports nothing at its top, and :func:`main` imports the command line where a
stop is reported as every command reports it (the README's "interrupted"
line, exit status 130). Before it runs, Python imports only ``pnp`` itself,
whose :mod:`pnp.compiled` guard imports nothing Python has not loaded at
start-up.
"""

from __future__ import annotations

import sys

# nothing else at the top: until main() is running, Ctrl-C would end in a traceback


def main() -> None:
    """Import the command line and run it; Ctrl-C at any moment is reported as a stop."""
    try:
        from pnp import interrupt

        interrupt.install()
        from pnp import cli

        interrupt.check()  # a Ctrl-C some module's import swallowed is still a stop
        cli.main()
    except KeyboardInterrupt:
        _stop()
    except SystemExit as exc:
        # Typer ends a command that Ctrl-C stopped where pnp's code did not see it
        # (in its own clean-up) with status 130 and no word: say the word
        from pnp import interrupt

        if exc.code == interrupt.STATUS and not interrupt.said():
            interrupt.say()
        raise
    finally:
        _ignore_ctrl_c()


def _stop() -> None:
    from pnp import interrupt  # imported again if Ctrl-C came while it was imported

    interrupt.say()
    sys.exit(interrupt.STATUS)


def _ignore_ctrl_c() -> None:
    # the command has finished and written its files: nothing is left to stop, and
    # Ctrl-C while the interpreter shuts down would only print a traceback from
    # whatever clean-up it was running
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    main()
