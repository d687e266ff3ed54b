"""The `pbem` command: a thin face over pbem's library, no rules here.

One module a family of commands: setting a game up (`setup`), the move (`move`), the GM's
mail desk (`desk`), the GM's tools (`tools`); `group` holds the command group they join,
what they share and the one place where a `GameError` becomes words.
"""

from . import desk, move, setup, tools  # noqa: F401 - each registers its commands on `main`
from .group import main

__all__ = ["main"]
