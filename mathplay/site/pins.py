"""The exact versions a site is built from: the build tools, Pyodide, the browser's packages.

Everything comes from PyPI and npm, at these versions, so two builds of one checkout give
the same site. To move to newer versions, change them here (and ``PYODIDE_INTEGRITY``
with ``PYODIDE``: ``npm view pyodide@VERSION dist.integrity`` prints it), build, and run
the site's browser test (``docs/site.md``).

>>> TOOLS[0]
'jupyterlite-core==0.8.6'
>>> all("==" in pin for pin in TOOLS + IN_THE_BROWSER)
True
"""

from __future__ import annotations

__all__ = [
    "EXCLUDED",
    "IN_THE_BROWSER",
    "LOCK_SPECS",
    "PACK_LOCALES",
    "PYODIDE",
    "PYODIDE_FILES",
    "PYODIDE_INTEGRITY",
    "TOOLS",
]

#: The build tools, installed with pip into a virtual environment of their own.
#: ``jupyterlab-widgets`` and ``anywidget`` bring the browser side of the widgets; their
#: Python packages in the browser (below) are the same versions.
TOOLS: list[str] = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel[lock]==0.8.6",
    "pyodide-lock==0.2.1",
    "uv==0.13.9",
    "jupyter-server==2.21.1",
    "jupyterlab-widgets==3.0.17",
    "ipywidgets==8.1.9",
    "anywidget==0.11.0",
    # What mathplay's wheel is built with (pyproject.toml's build-system), here so that a
    # rebuild needs no network (pip builds it without fetching them again).
    "setuptools==84.2.1",
    "wheel==0.48.0",
    # JupyterLab's own words in Spanish and Greek (its menus, Settings → Language), which
    # jupyterlite-core's translation add-on finds with jupyterlab-server. There is none
    # for Malay.
    "jupyterlab-server==2.28.1",
    "jupyterlab-language-pack-es-ES==4.5.post3",
    "jupyterlab-language-pack-el-GR==4.5.post3",
]

#: The JupyterLab locale of each language that has a language pack in :data:`TOOLS`.
PACK_LOCALES: dict[str, str] = {"es": "es_ES", "el": "el_GR"}

#: The Pyodide core (Python 3.14 compiled to WebAssembly) from npm, and the integrity
#: npm gives for its tarball (checked after every download).
PYODIDE = "pyodide@314.0.6"
PYODIDE_INTEGRITY = "sha512-BKDTJyIqFxC4BExLqeRS3f5xvXZIjOt8C3zGLN/Cc7tFxSwvKVhVkchQQ2AGLOtR4YrVOIFxbV8poyDOOmWwxQ=="  # noqa: E501
#: The files of the npm package the site needs (the package has no wheels of its own).
PYODIDE_FILES: list[str] = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide.js",
    "package.json",
]

#: What the browser's Python must have: the kernel's extras and mathplay (its own
#: dependencies follow). Solved from PyPI into local wheels by the lock add-on.
LOCK_SPECS: list[str] = ["micropip", "mathplay", "ipywidgets", "anywidget", "sympy"]

#: Never locked: Pyodide 314 has no build of them on PyPI or npm (the pictures do without).
EXCLUDED: list[str] = ["matplotlib", "numpy"]

#: The version of every package the lock may hold (besides mathplay and the kernel's own
#: wheels), as constraints: a package not needed is simply not locked.
IN_THE_BROWSER: list[str] = [
    "anywidget==0.11.0",
    "asttokens==3.0.2",
    "comm==0.2.3",
    "executing==2.3.0",
    "ipython==9.18.1",
    "ipython-pygments-lexers==1.1.1",
    "ipywidgets==8.1.9",
    "jedi==0.20.1",
    "jupyterlab-widgets==3.0.17",
    "matplotlib-inline==0.2.2",
    "micropip==0.11.1",
    "mpmath==1.3.0",
    "parso==0.8.7",
    "prompt-toolkit==3.0.53",
    "psygnal==0.16.1",
    "pure-eval==0.2.4",
    "pygments==2.21.0",
    "stack-data==0.6.3",
    "sympy==1.14.0",
    "traitlets==5.16.1",
    "typing-extensions==4.16.0",
    "wcwidth==0.9.4",
    "widgetsnbextension==4.0.16",
]
