"""pytest in lessons/: only the notebooks are tests (``pytest --nbval-lax lessons/``).

The lessons are written as MyST Markdown (``NN-name.md``) and built into the notebooks
with ``mathplay lessons build``. pytest would read the ``.md`` files as doctest files
(``--doctest-glob=*.md``), so they are left out here: nbval runs the ``.ipynb`` files.
"""

collect_ignore_glob = ["*.md"]
