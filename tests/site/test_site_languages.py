"""The website in the pupil's language: every site has a home page per
language, where a pupil picks; a site built with ``--language es`` opens in Spanish,
JupyterLab's menus included (its language pack), and its first lesson speaks Spanish."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.site.conftest import SCREENSHOTS
from tests.site.lite import open_notebook, wait_for_app_page

pytestmark = pytest.mark.site


def test_a_pupil_picks_malay_on_the_home_page(lite_page: Any) -> None:
    from playwright.sync_api import expect

    page = lite_page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(page.base_url)
    languages = page.get_by_role("navigation", name="Language")
    expect(languages.get_by_role("link")).to_have_text(
        ["English", "Español", "Bahasa Melayu", "Ελληνικά"]
    )
    assert languages.get_by_role("link", name="English").get_attribute("aria-current") == "page"
    languages.get_by_role("link", name="Bahasa Melayu").click()
    expect(page).to_have_url(page.base_url + "index-ms.html")
    assert page.evaluate("document.documentElement.lang") == "ms"
    start = page.get_by_role("link", name="Mulakan pelajaran pertama")
    expect(start).to_have_attribute("href", "lab/index.html?path=ms/00-welcome.ipynb&app=1")
    expect(page.get_by_role("link", name="Main Summy", exact=True)).to_have_attribute(
        "href", "lab/index.html?path=ms/play-summy.ipynb&app=1"
    )
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "home-ms-1024x768.png"))
    # And back: the language list is on every home page.
    page.get_by_role("navigation").get_by_role("link", name="English").click()
    expect(page).to_have_url(page.base_url + "index.html")  # the site's own language
    expect(page.get_by_role("link", name="Start the first lesson")).to_be_visible()


def test_a_spanish_site_opens_in_spanish(spanish_page: Any) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=90_000)
    page = spanish_page
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(page.base_url)
    assert page.evaluate("document.documentElement.lang") == "es"
    expect(page.get_by_role("heading", level=1)).to_have_text("mathplay: lecciones y juegos")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "home-es-site-1024x768.png"))
    page.get_by_role("link", name="Empieza la primera lección").click()
    # The lesson's app page, speaking Spanish around it too.
    app = wait_for_app_page(page, "es/00-welcome.ipynb")
    assert app.errors() == []
    bar = page.get_by_role("navigation", name="Lección")
    expect(bar.get_by_role("link", name="← Todas las lecciones")).to_have_attribute(
        "href", "../index.html"
    )
    expect(bar.get_by_role("link", name="Abrir en JupyterLab")).to_be_visible()
    assert page.evaluate("document.documentElement.lang").startswith("es")  # es-ES: JupyterLab
    page.screenshot(path=str(SCREENSHOTS / "app-00-es-site-1024x768.png"))
    notebook = open_notebook(page, "es/00-welcome.ipynb")
    # JupyterLab's own menus, from its Spanish language pack.
    menus = page.locator("#jp-menu-panel, .lm-MenuBar-content").first
    expect(menus).to_contain_text("Archivo")
    expect(menus).to_contain_text("Configuración")  # (its "Run" menu keeps its English name)
    assert page.evaluate("document.documentElement.lang").startswith("es")
    cells = notebook.run_all()
    assert not [c.error for c in cells if c.error]
    (checked,) = [c for c in cells if c.source.startswith('mathplay.check("3+4=8")')]
    said = json.dumps(checked.outputs, ensure_ascii=False)
    assert "3+4 da 7, no 8" in said and "is 7, not 8" not in said, said
    first = page.locator(".mathplay-puzzles").first
    first.scroll_into_view_if_needed()
    expect(first).to_contain_text("Ejercicio 1 de 4")
    page.screenshot(path=str(SCREENSHOTS / "lesson-00-es-site-1024x768.png"))
