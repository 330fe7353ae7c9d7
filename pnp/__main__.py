"""Allow ``python -m pnp``."""

from pnp.cli import main

if __name__ == "__main__":
    main()
