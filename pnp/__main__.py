"""Allow ``python -m pnp`` (entering as the console script does: :mod:`pnp.entry`)."""

from pnp.entry import main

if __name__ == "__main__":
    main()
