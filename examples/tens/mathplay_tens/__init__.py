"""Tens, a tiny number game for mathplay: an example of a plug-in game.

mathplay finds it through its entry points (``pyproject.toml``): ``mathplay.play("tens")``
deals a game on its board. The rules are in ``RULES.md``.

mathplay's registry is imported first: it loads the games of its plug-ins as it is
imported, this one among them, so ``mathplay_tens.game`` is whole by the time it is
asked for, even when it is what a notebook imports first.
"""

import mathplay.games.registry  # noqa: F401  (first: see above)
