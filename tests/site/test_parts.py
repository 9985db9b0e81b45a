"""The website's build, piece by piece, with no network: finding a Python for the build
tools, the site's files, the front page, the check that the site names no remote address,
the server's types, and the command's plain errors. (The whole build runs in ``.ci/run``;
the site it makes is tested in the browser by ``test_in_the_browser.py``.)"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
import urllib.request
from html import escape
from pathlib import Path

import pytest

from mathplay.__main__ import main
from mathplay.site import tools
from mathplay.site.build import (
    FRONT_PAGE,
    _check_out,
    build_site,
    find_checkout,
    front_page,
    home_pages,
    write_lite_folder,
)
from mathplay.site.check import KERNEL_PLUGIN, check_site, problems
from mathplay.site.contents import GAMES, gather, play_notebook
from mathplay.site.pins import PYODIDE_FILES, TOOLS
from mathplay.site.serve import make_server
from mathplay.site.snapshot import make_snapshot
from mathplay.site.teachers import lesson_titles, teacher_pages, translated_titles
from mathplay.site.tools import SiteError, find_python
from mathplay.startline import START_CELL_ID

CHECKOUT = Path(__file__).resolve().parents[2]


ROOT = Path(__file__).resolve().parents[2]


def fake_python(folder: Path, name: str, version: str) -> str:
    """A script that answers the version question as a Python of ``version`` would."""
    path = folder / name
    path.write_text(f"#!/bin/sh\necho {version.replace('.', ' ')}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


@pytest.mark.skipif(os.name == "nt", reason="shell scripts stand in for Pythons")
def test_a_python_for_the_build_tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = fake_python(tmp_path, "python3.11", "3.11")
    new = fake_python(tmp_path, "python3.12", "3.12")
    monkeypatch.setattr(sys, "executable", old)
    empty = {"PATH": "", "HOME": str(tmp_path)}
    with pytest.raises(SiteError, match=r"need Python 3\.12 or newer, and none was found"):
        find_python(empty)
    assert find_python({"PATH": str(tmp_path), "HOME": str(tmp_path)}) == new
    shim = tmp_path / "python3.13"  # a pyenv shim for a version that is not switched on
    shim.write_text("#!/bin/sh\necho 'pyenv: python3.13: command not found' >&2\nexit 127\n")
    shim.chmod(0o755)
    assert find_python({"PATH": str(tmp_path), "HOME": str(tmp_path)}) == new
    pyenv = tmp_path / ".pyenv" / "versions" / "3.13.0" / "bin"
    pyenv.mkdir(parents=True)
    found = fake_python(pyenv, "python", "3.13")
    assert find_python(empty) == found
    assert find_python({**empty, "MATHPLAY_SITE_PYTHON": new}) == new
    with pytest.raises(SiteError, match=r"MATHPLAY_SITE_PYTHON=.*is Python 3.11"):
        find_python({**empty, "MATHPLAY_SITE_PYTHON": old})


def test_the_cache_folder(tmp_path: Path) -> None:
    assert tools.cache_dir({"MATHPLAY_SITE_CACHE": str(tmp_path)}) == tmp_path
    assert tools.cache_dir({"XDG_CACHE_HOME": str(tmp_path)}) == tmp_path / "mathplay-site"


def test_a_failing_step_says_what_and_shows_its_last_lines(tmp_path: Path) -> None:
    log = tmp_path / "build.log"
    command = [sys.executable, "-c", "print('first'); print('the reason'); raise SystemExit(3)"]
    with pytest.raises(SiteError) as caught:
        tools.run(command, log, "fetching the moon", attempts=2, wait=0)
    message = str(caught.value)
    assert message.startswith("fetching the moon failed.") and "the reason" in message
    assert str(log) in message
    assert log.read_text().count("\nthe reason\n") == 2  # tried twice
    with pytest.raises(SiteError, match="cannot run /no/such/program"):
        tools.run(["/no/such/program"], log, "x")


@pytest.mark.parametrize(
    ("printed", "cause"),
    [
        (
            "WARNING: Retrying ... NewConnectionError: Failed to establish a new connection",
            "the network could not be reached (no connection to PyPI or npm, or a proxy "
            "refused it)",
        ),
        (
            "error: Failed to fetch: `https://pypi.org/simple/sympy/`\n  Caused by: error "
            "sending request for url",
            "the network could not be reached (no connection to PyPI or npm, or a proxy "
            "refused it)",
        ),
        ("npm error code ENOTFOUND\nnpm error network request failed", "the network could"),
        (
            "ERROR: No matching distribution found for jupyterlite-core==9.9.9",
            "a package was not found: jupyterlite-core==9.9.9",
        ),
    ],
)
def test_a_failing_step_names_its_cause_in_one_line(
    tmp_path: Path, printed: str, cause: str
) -> None:
    log = tmp_path / "last-build.log"
    command = [sys.executable, "-c", f"print({printed!r}); raise SystemExit(1)"]
    with pytest.raises(SiteError) as caught:
        tools.run(command, log, "installing the build tools from PyPI")
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"installing the build tools from PyPI failed: {cause}")
    assert message.endswith(f". All it printed is in {log}") and printed in log.read_text()


def test_the_sites_files(tmp_path: Path) -> None:
    lessons = tmp_path / "lessons"
    (lessons / "puzzles").mkdir(parents=True)
    (lessons / "es" / "puzzles").mkdir(parents=True)
    for name in ("00-welcome.ipynb", "00-welcome.md", "build.py", "mathplay-progress.jsonl",
                 "puzzles/00-welcome.toml", "es/00-bienvenida.ipynb", "es/puzzles/00.toml",
                 ".ipynb_checkpoints/00-welcome-checkpoint.ipynb"):  # fmt: skip
        (lessons / name).parent.mkdir(parents=True, exist_ok=True)
        (lessons / name).write_text("{}")
    mine = tmp_path / "mine"
    (mine / "puzzles").mkdir(parents=True)
    spec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    mine_notebook = {"cells": [], "metadata": {"kernelspec": spec}, "nbformat": 4}
    (mine / "my-lesson.ipynb").write_text(json.dumps(mine_notebook))
    (mine / "puzzles" / "00-welcome.toml").write_text("mine")
    said: list[str] = []
    files = gather(lessons, [mine], tmp_path / "site", said.append)
    assert files == [
        "00-welcome.ipynb",
        "es/00-bienvenida.ipynb",
        "es/my-progress.ipynb",  # the pupil's own page, in Spanish
        *[f"es/play-{game}.ipynb" for game in sorted(GAMES)],  # Play, in Spanish
        "es/puzzles/00.toml",
        "my-lesson.ipynb",
        "my-progress.ipynb",
        *[f"play-{game}.ipynb" for game in sorted(GAMES)],
        "puzzles/00-welcome.toml",
    ]
    assert (tmp_path / "site" / "puzzles" / "00-welcome.toml").read_text() == "mine"
    spanish = json.loads((tmp_path / "site" / "es" / "play-summy.ipynb").read_text())
    assert "".join(spanish["cells"][0]["source"]).startswith("# Juega a Summy")
    assert "".join(spanish["cells"][2]["source"]).endswith('mathplay.play("summy", language="es")')
    # JupyterLite would ask which kernel to start for "python3": the site names its own.
    copied = json.loads((tmp_path / "site" / "my-lesson.ipynb").read_text())
    assert copied["metadata"]["kernelspec"]["name"] == "python"
    assert copied["cells"] == [] and copied["nbformat"] == 4
    assert said == [
        f"  puzzles/00-welcome.toml from {mine} replaces the one of the same name",
        "Left out of the site (1), because it must not be public:",
        f"  {lessons / 'mathplay-progress.jsonl'}: it holds pupils’ records",
    ]
    with pytest.raises(SiteError, match="--contents nowhere: there is no such folder or file"):
        gather(lessons, [Path("nowhere")], tmp_path / "site2")
    with pytest.raises(SiteError, match="there are no lessons"):
        gather(tmp_path / "mine" / "puzzles", [], tmp_path / "site3")


@pytest.mark.parametrize("language", [None, "es", "el", "ms"])
def test_the_play_notebooks_are_for_children(language: str | None) -> None:
    """Their words, then how to start in JupyterLab and the board's code: on the app
    page the board already runs, so those two are hidden there (tagged)."""
    for game in GAMES:
        notebook = play_notebook(game, language)
        about, start, code = ("".join(cell["source"]) for cell in notebook["cells"])
        assert about.startswith("# ") and "Shift" not in about
        assert "**" in start and len((about + start).split()) < 120  # Shift, Mayús…
        assert [cell["metadata"].get("tags") for cell in notebook["cells"]] == [
            None, ["app-hide"], ["app-hide-input"]
        ]  # fmt: skip
        assert code.startswith("import mathplay") and f'mathplay.play("{game}"' in code
        json.dumps(notebook)


@pytest.mark.parametrize(
    ("language", "heading"),
    [(None, "# My progress"), ("es", "# Mi progreso"), ("ms", "# Kemajuan saya"),
     ("el", "# Η πρόοδός μου")],
)  # fmt: skip
def test_the_my_progress_page_asks_the_name_in_its_language(
    language: str | None, heading: str
) -> None:
    from mathplay.site.contents import my_progress_notebook

    notebook = my_progress_notebook(language)
    assert notebook["cells"][0]["id"] == START_CELL_ID  # what to press, in JupyterLab
    assert "".join(notebook["cells"][1]["source"]).startswith(heading)
    assert notebook["cells"][2]["metadata"]["jupyter"] == {"source_hidden": True}
    code = "".join(notebook["cells"][2]["source"])
    chosen = f'language="{language}"' if language else ""
    assert code.endswith(f"mathplay.my_progress_page({chosen})")
    json.dumps(notebook)


def test_the_site_has_a_my_progress_page_per_language(tmp_path: Path) -> None:
    gather(ROOT / "lessons", [], tmp_path, say=lambda _text: None)
    assert {"my-progress.ipynb", "es/my-progress.ipynb", "ms/my-progress.ipynb",
            "el/my-progress.ipynb"} <= {p.relative_to(tmp_path).as_posix()
                                         for p in tmp_path.rglob("my-progress.ipynb")}  # fmt: skip


def test_the_home_page_starts_lesson_00_and_links_every_lesson_and_the_teachers() -> None:
    original = (
        '<html><head><script id="jupyter-config-data" type="application/json" '
        'data-jupyter-lite-root=".">{"a": 1}</script>'
        "<script type=\"module\">await import('./config-utils.js');</script></head></html>"
    )
    lessons = lesson_titles(ROOT / "lessons")
    assert lessons[0] == ("00-welcome", "Lesson 0: Welcome to mathplay")
    assert len(lessons) == 11
    page = front_page(original, lessons, GAMES, teachers=True)
    # The pupil's own page, as an app page.
    assert '<a href="lab/index.html?path=my-progress.ipynb&amp;app=1">My progress</a>' in page
    # Every lesson and Play page: its app page, and the notebook in JupyterLab.
    assert FRONT_PAGE == "lab/index.html?path=00-welcome.ipynb&amp;app=1"
    assert f'<a class="start" href="{FRONT_PAGE}">Start the first lesson</a>' in page
    for stem, title in lessons:
        assert f'<a href="lab/index.html?path={stem}.ipynb&amp;app=1">{title}</a>' in page
        assert (
            f'<a class="lab" href="lab/index.html?path={stem}.ipynb">open in JupyterLab'
            f'<span class="hidden-words">: {title}</span></a>'
        ) in page
    assert '<a href="lab/index.html?path=play-binary.ipynb&amp;app=1">Play Binary</a>' in page
    assert '<a href="teachers/index.html">' in page
    for tag in ("ul", "ol", "p", "h2"):  # every list and paragraph closed where it opens
        assert page.count(f"<{tag}>") == page.count(f"</{tag}>"), tag
    assert '<script id="jupyter-config-data" type="application/json" ' in page
    assert '{"a": 1}</script>' in page  # JupyterLite's pages read this block
    assert "config-utils" not in page
    assert "teachers/" not in front_page(original, lessons, GAMES, teachers=False)
    escaped = front_page(original, [("00-x", "<b>&")], ())
    assert "&lt;b&gt;&amp;" in escaped and "<b>&" not in escaped


def test_each_language_has_a_home_page_in_it_and_a_pupil_picks_there() -> None:
    """``index.html`` is in the site's language; every other language of the lessons has
    its own home page, in it, listing its lessons and Play pages; each page starts with
    the languages, each named in itself (``lang``, ``hreflang``), its own marked."""
    translations = translated_titles(ROOT / "lessons")
    assert set(translations) >= {"es", "ms", "el"}
    assert translations["es"][0] == ("es/00-welcome", "Lección 0: Bienvenida a mathplay")
    for site_language, first in (("en", "index-es.html"), ("es", "index.html")):
        pages = home_pages("", ROOT / "lessons", site_language, teachers=True)
        assert sorted(pages) == sorted(
            ["index.html", *(f"index-{c}.html" for c in ("en", "es", "ms", "el")
                             if c != site_language)]
        )  # fmt: skip
        spanish = pages[first]
        assert spanish.startswith('<!DOCTYPE html>\n<html lang="es">')
        assert "<h1>mathplay: lecciones y juegos</h1>" in spanish
        assert 'href="lab/index.html?path=es/00-welcome.ipynb&amp;app=1">Empieza la primera' in (
            spanish
        )
        for path, title in translations["es"]:
            assert f'<a href="lab/index.html?path={path}.ipynb&amp;app=1">{title}</a>' in spanish
        assert 'path=es/play-binary.ipynb&amp;app=1">Jugar a Binary</a>' in spanish
        assert '00-welcome.ipynb">Lesson 0' not in spanish  # the English lessons: not here
        assert f'href="{first}" hreflang="es" lang="es" aria-current="page">Español</a>' in (
            spanish
        )
        for code, name in (("ms", "Bahasa Melayu"), ("el", "Ελληνικά"), ("en", "English")):
            page = "index.html" if code == site_language else f"index-{code}.html"
            assert f'<a href="{page}" hreflang="{code}" lang="{code}">{name}</a>' in spanish
        for tag in ("ul", "h2", "nav", "p"):
            assert spanish.count(f"<{tag}") == spanish.count(f"</{tag}>"), tag
    english = home_pages("", ROOT / "lessons", "en", teachers=False)["index.html"]
    assert '<a class="start" href="lab/index.html?path=00-welcome.ipynb&amp;app=1">' in english
    assert "es/00-welcome" not in english and 'aria-label="Language"' in english


def test_the_site_language_sets_jupyterlabs_language_when_it_has_a_pack(tmp_path: Path) -> None:
    pyodide = tmp_path / "pyodide"
    pyodide.mkdir()
    for name in PYODIDE_FILES:
        (pyodide / name).write_text("")
    (pyodide / "pyodide-lock.json").write_text('{"packages": {"x": {}}}')
    for language, locale in (("es", "es_ES"), ("el", "el_GR"), ("ms", None), ("en", None)):
        lite = tmp_path / f"lite-{language}"
        write_lite_folder(lite, pyodide, tmp_path, language)
        data = json.loads((lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
        overrides = data.get("settingsOverrides", {})
        if locale is None:
            assert overrides == {}, language  # Malay: JupyterLab has no pack; English
        else:
            assert overrides == {"@jupyterlab/translation-extension:plugin": {"locale": locale}}
    # The packs are build tools: on every site, a pupil can pick them in Settings.
    assert {"jupyterlab-language-pack-es-ES", "jupyterlab-language-pack-el-GR"} <= {
        pin.split("==")[0] for pin in TOOLS
    }
    with pytest.raises(SiteError, match="--language 'fr': mathplay speaks en, es, ms, el"):
        build_site(tmp_path / "site", language="fr")


def test_the_home_and_teachers_pages_are_made_without_mathplays_dependencies() -> None:
    """``mathplay site build`` runs with the standard library only (CI builds the site
    with the system's Python): the home page and the teachers' pages need no jupytext,
    sympy or widgets."""
    blocked = ("jupytext", "sympy", "ipywidgets", "anywidget", "matplotlib", "nbformat")
    code = (
        f"import sys; sys.modules.update(dict.fromkeys({blocked!r}))\n"
        "from pathlib import Path\n"
        "from mathplay.site.build import front_page\n"
        "from mathplay.site.teachers import lesson_titles, teacher_pages\n"
        "pages = teacher_pages(Path('lessons'))\n"
        "home = front_page('', lesson_titles(Path('lessons')), ('summy',), bool(pages))\n"
        "print(len(pages), 'Start the first lesson' in home)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(len(teacher_pages(ROOT / "lessons"))), "True"]


def test_the_teachers_pages_on_the_site_leave_the_answers_out() -> None:
    pages = teacher_pages(ROOT / "lessons")
    lessons = sorted(p.stem for p in (ROOT / "lessons" / "teacher").glob("*.toml"))
    assert sorted(pages) == sorted([f"{stem}.html" for stem in lessons] + ["index.html"])
    for stem in lessons:
        assert f'<a href="{stem}.html">' in pages["index.html"]
        html = pages[f"{stem}.html"]
        markdown = (ROOT / "lessons" / "teacher" / f"{stem}.md").read_text(encoding="utf-8")
        # Everything but the answers: the questions are there, their answers are not.
        answers = re.findall(r"^\d+\. `(.+)`: \*\*(.+)\*\*$", markdown, re.MULTILINE)
        assert answers, stem
        for question, answer in answers:
            assert f"<code>{escape(question)}</code>" in html, (stem, question)
            assert f"<strong>{escape(answer)}</strong>" not in html, (stem, answer)
            assert f"{escape(question)}</code>: " not in html
        assert "mathplay lessons print" in html
        assert "http" not in html and "<script" not in html
        assert "A 45-minute class" in html and "Watch for" in html
        assert f'href="../lab/index.html?path={stem}.ipynb"' in html


def write_site(folder: Path, *, pyodide: str = "./static/pyodide/pyodide.mjs",
               wheel: str = "../../static/pyodide-lock/a-1-py3-none-any.whl",
               fallback: bool = True) -> Path:  # fmt: skip
    """A minimal site as the build leaves it (only what the check reads)."""
    for name in ("static/pyodide/pyodide.mjs", "static/pyodide-lock/a-1-py3-none-any.whl"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x")
    lock = {"info": {}, "packages": {"a": {"name": "a", "file_name": wheel}}}
    (folder / "static/pyodide-lock/pyodide-lock.json").write_text(json.dumps(lock))
    kernel = {
        "pyodideUrl": pyodide,
        "disablePyPIFallback": fallback,
        "loadPyodideOptions": {"lockFileURL": "./static/pyodide-lock/pyodide-lock.json"},
    }
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: kernel}}}
    (folder / "jupyter-lite.json").write_text(json.dumps(config))
    return folder


def test_a_self_contained_site_passes(tmp_path: Path) -> None:
    assert check_site(write_site(tmp_path)) == 1


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"pyodide": "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/pyodide.mjs"}, "pyodideUrl"),
        ({"pyodide": None}, "pyodideUrl is None"),
        ({"wheel": "https://files.pythonhosted.org/a-1-py3-none-any.whl"}, "package a is https:"),
        ({"wheel": "../../static/pyodide-lock/missing.whl"}, "package a is ../../static"),
        ({"fallback": False}, "disablePyPIFallback is not on"),
    ],
)
def test_a_site_that_names_a_remote_address_fails(
    tmp_path: Path, options: dict, problem: str
) -> None:
    write_site(tmp_path, **options)
    with pytest.raises(SiteError, match="is not self-contained") as caught:
        check_site(tmp_path)
    assert problem in str(caught.value)


def test_a_remote_address_in_any_config_is_found(tmp_path: Path) -> None:
    write_site(tmp_path)
    (tmp_path / "lab").mkdir()
    (tmp_path / "lab" / "jupyter-lite.json").write_text(
        json.dumps({"jupyter-config-data": {"fullStaticUrl": "//cdn.example.org/build"}})
    )
    assert problems(tmp_path) == [
        "lab/jupyter-lite.json: jupyter-config-data.fullStaticUrl: //cdn.example.org/build"
    ]


def test_the_server_sends_the_types_browsers_need(tmp_path: Path) -> None:
    site = write_site(tmp_path)
    (site / "x.wasm").write_bytes(b"\0asm")
    (site / "pyodide.mjs").write_text("export {}")
    server = make_server(site, port=0).start()
    try:
        for name, kind in (("x.wasm", "application/wasm"), ("pyodide.mjs", "text/javascript")):
            with urllib.request.urlopen(server.url + name) as response:
                assert response.headers["Content-Type"] == kind
        assert server.url.startswith("http://127.0.0.1:")
    finally:
        server.shutdown()
        server.server_close()


def test_a_request_the_browser_abandons_is_one_line_in_the_log(tmp_path: Path) -> None:
    import socket
    import struct
    import threading

    site = write_site(tmp_path)
    (site / "big.whl").write_bytes(b"\0" * 30_000_000)
    server = make_server(site, port=0)
    lines: list[str] = []
    logged = threading.Event()

    def say(line: str) -> None:
        lines.append(line)
        logged.set()

    server.say = say  # type: ignore[method-assign]
    server.start()
    try:
        with socket.create_connection(server.server_address[:2]) as client:
            client.sendall(b"GET /big.whl?v=1 HTTP/1.1\r\nHost: x\r\n\r\n")
            client.recv(1000)
            # Close at once, as a tab closed mid-download does (a reset, not a goodbye).
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        assert logged.wait(30)
        with urllib.request.urlopen(server.url + "jupyter-lite.json") as response:
            assert response.status == 200  # the server goes on
    finally:
        server.shutdown()
        server.server_close()
    assert lines == ["a browser stopped loading /big.whl before it was all sent (nothing is wrong)"]


def test_plain_errors_from_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["site", "serve", str(tmp_path / "nothing")]) == 2
    err = capsys.readouterr().err
    assert "is not a site: build one first with mathplay site build" in err
    assert "Traceback" not in err
    (tmp_path / "notes.txt").write_text("a teacher's file")
    assert main(["site", "build", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is not empty and holds no site" in err and "Traceback" not in err
    assert (tmp_path / "notes.txt").exists()  # nothing was removed
    _check_out(write_site(tmp_path / "old"))  # a site built before may be replaced


def test_the_checkout_is_found() -> None:
    assert find_checkout() == CHECKOUT
    with pytest.raises(SiteError, match="needs mathplay's source"):
        find_checkout(Path("/"))


def test_pyodide_needs_npm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tools.shutil, "which", lambda name, path=None: None)
    with pytest.raises(SiteError, match=r"npm was not found: install Node\.js"):
        tools.pyodide_package(tmp_path / "log", print, tmp_path / "cache")


@pytest.mark.skipif(os.name == "nt", reason="a shell script stands in for npm")
def test_pyodide_from_npm_is_checked_then_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tarfile

    (tmp_path / "package").mkdir()
    (tmp_path / "package" / "pyodide.mjs").write_text("export {}")
    tarball = tmp_path / "pyodide-314.0.6.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        archive.add(tmp_path / "package", arcname="package")
    npm = tmp_path / "bin" / "npm"  # npm pack --silent SPEC --pack-destination FOLDER
    npm.parent.mkdir()
    npm.write_text(f'#!/bin/sh\necho "$@" >> {tmp_path}/npm-calls\ncp {tarball} "$5/"\n')
    npm.chmod(0o755)
    monkeypatch.setenv("PATH", f"{npm.parent}{os.pathsep}{os.environ['PATH']}")
    cache, log = tmp_path / "cache", tmp_path / "log"
    with pytest.raises(SiteError, match="is not the one expected"):
        tools.pyodide_package(log, print, cache)
    monkeypatch.setattr(tools, "PYODIDE_INTEGRITY", tools.integrity(tarball))
    package = tools.pyodide_package(log, print, cache)
    assert (package / "pyodide.mjs").read_text() == "export {}"
    assert tools.pyodide_package(log, print, cache) == package  # kept: npm not asked again
    assert len((tmp_path / "npm-calls").read_text().splitlines()) == 2


def test_the_offline_list_and_service_worker(tmp_path: Path) -> None:
    from mathplay.site.offline import LIST, MARK, file_hash, make_offline

    site = write_site(tmp_path)
    (site / "service-worker.js").write_text('"use strict";self.addEventListener("fetch",f);')
    (site / "static").mkdir(exist_ok=True)
    (site / "static" / "x.whl").write_bytes(b"wheel")
    stamp = make_offline(site)
    listed = json.loads((site / LIST).read_text())
    assert listed["fingerprint"] == stamp
    # Every file with the hash of its content, that the service worker compares.
    assert listed["files"]["static/x.whl"] == file_hash(site / "static" / "x.whl")
    assert "jupyter-lite.json" in listed["files"]
    assert "service-worker.js" not in listed["files"] and LIST not in listed["files"]
    worker = (site / "service-worker.js").read_text()
    assert worker.startswith(f"// {MARK}") and "x-mathplay-hash" in worker
    assert worker.endswith('"use strict";self.addEventListener("fetch",f);')
    # The kernel's own requests are left to JupyterLite's lines.
    assert "drive|stdin" in worker
    # Built again with a changed file: a new fingerprint, that file's hash alone changed,
    # and the same service worker (the browser does not start a changed one again).
    (site / "static" / "x.whl").write_bytes(b"wheel 2")
    (site / "service-worker.js").write_text('"use strict";self.addEventListener("fetch",f);')
    assert make_offline(site) != stamp
    again = json.loads((site / LIST).read_text())["files"]
    assert [name for name in again if again[name] != listed["files"][name]] == ["static/x.whl"]
    assert make_offline(site) == make_offline(site)
    assert (site / "service-worker.js").read_text() == worker


def _tiny_site(folder: Path) -> Path:
    """A site with just what the quick start reads: the lock, one wheel, the config."""
    lock = folder / "static" / "pyodide-lock"
    lock.mkdir(parents=True)
    (lock / "comm-0.2.3-py3-none-any.whl").write_bytes(b"PK")
    packages = {"comm": {"file_name": "comm-0.2.3-py3-none-any.whl"}}
    (lock / "pyodide-lock.json").write_text(json.dumps({"packages": packages}), "utf-8")
    (folder / "static" / "pyodide").mkdir()
    kernel = {"pyodideUrl": "./static/pyodide/pyodide.mjs"}
    config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: kernel}}}
    (folder / "jupyter-lite.json").write_text(json.dumps(config), "utf-8")
    return folder


@pytest.mark.parametrize("node", ["missing", "failing"])
def test_with_no_quick_start_the_build_says_why_in_one_line_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, node: str
) -> None:
    site = _tiny_site(tmp_path / "site")
    before = (site / "jupyter-lite.json").read_text("utf-8")
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    if node == "failing":
        # As Node.js fails when a module keeps a JavaScript object: a page of minified
        # source, then the error.
        fake = bin_folder / "node"
        fake.write_text(
            "#!/bin/sh\necho 'async function _createPyodideModule(){var a=1;"
            + "x" * 3000
            + "' >&2\necho \"Error: Can't serialize object at index 7\" >&2\nexit 1\n"
        )
        fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_folder))
    said: list[str] = []
    log = tmp_path / "build.log"
    work = tmp_path / "work"
    work.mkdir()
    assert make_snapshot(site, work, log, said.append) is None
    assert len(said) == 1 and "\n" not in said[0]
    if node == "missing":
        assert said == ["No quick start for a second visit: Node.js was not found"]
    else:
        assert "Error: Can't serialize object at index 7" in said[0]
        assert str(log) in said[0] and len(said[0]) < 400
        assert "Can't serialize" in log.read_text("utf-8")
    assert (site / "jupyter-lite.json").read_text("utf-8") == before
    assert not list((site / "static" / "pyodide").iterdir())
