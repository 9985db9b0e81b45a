"""pytest in lessons/: only the notebooks are tests (``pytest --nbval-lax lessons/``).

``build.py`` writes the notebooks; it is not a test module, so pytest leaves it alone.
"""

collect_ignore = ["build.py"]
