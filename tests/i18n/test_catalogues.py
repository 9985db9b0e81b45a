"""The translations: every message of the code is in the catalogues, no translation drops
or renames a placeholder, the compiled files are those of the ``.po`` files, and the
parts of mathplay translated so far are translated in every language.

``tools/i18n.py`` makes and updates the files (docs/translating.md); these tests say
when it was not run.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import i18n as tool  # noqa: E402  (tools/i18n.py)

#: Every message of the code is translated in every language (the test prints the counts).
TRANSLATED_IN_FULL = ("mathplay/",)
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?:[!:][^}]*)?\}")


def fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def catalogues() -> list[tuple[str, object]]:
    return [(language, tool.read(tool.po_path(language), language)) for language in tool.LANGUAGES]


def test_the_template_holds_every_message_of_the_code() -> None:
    in_code = {message.id for message in tool.extract() if message.id}
    in_template = {message.id for message in tool.read(tool.TEMPLATE) if message.id}
    assert in_code - in_template == set(), "run: .venv/bin/python tools/i18n.py extract"
    assert in_template - in_code == set(), "run: .venv/bin/python tools/i18n.py extract"


def test_messages_inside_f_strings_are_in_the_template() -> None:
    """Babel's extractor does not read inside f-strings (f"<h2>{_('Play a game')}</h2>");
    28 messages of the home page, the reports and the teachers' pages were left out of
    the catalogues, so never translated. The syntax tree finds them all."""
    template = {message.id for message in tool.read(tool.TEMPLATE) if message.id}
    calls = tool.calls_in_code()
    assert len(calls) > 1000
    missing = sorted(
        {f"{path}:{line}: {message!r}" for path, line, message in calls if message not in template}
    )
    assert missing == [], "run: .venv/bin/python tools/i18n.py extract"
    assert {"Play a game", "The lessons", "For the teacher", "legend"} <= template


@pytest.mark.parametrize("language", tool.LANGUAGES)
def test_each_catalogue_has_the_templates_messages(language: str) -> None:
    template = {message.id for message in tool.read(tool.TEMPLATE) if message.id}
    catalogue = {message.id for message in tool.read(tool.po_path(language)) if message.id}
    assert catalogue == template, "run: .venv/bin/python tools/i18n.py update"


@pytest.mark.parametrize("language", tool.LANGUAGES)
def test_no_translation_drops_or_renames_a_placeholder(language: str) -> None:
    catalogue = tool.read(tool.po_path(language), language)
    wrong = []
    for message in catalogue:
        if not message.id or not tool.translated(message):
            continue
        if isinstance(message.id, (list, tuple)):
            wanted = fields(message.id[0]) | fields(message.id[1])
            for form in message.string:
                # A form may leave out the count ("one tile"), never add or rename one.
                if not fields(form) <= wanted or not fields(message.id[0]) - {"n"} <= fields(form):
                    wrong.append((message.id[0], form))
        elif fields(message.string) != fields(message.id):
            wrong.append((message.id, message.string))
    assert wrong == []


@pytest.mark.parametrize("language", tool.LANGUAGES)
def test_the_catalogue_compiles_and_the_compiled_file_is_up_to_date(language: str) -> None:
    catalogue = tool.read(tool.po_path(language), language)
    assert tool.problems(catalogue) == []  # Babel's own checks (the compile check)
    compiled = tool.po_path(language).with_suffix(".mo").read_bytes()
    assert compiled == tool.mo_bytes(catalogue), "run: .venv/bin/python tools/i18n.py compile"


@pytest.mark.parametrize("language", tool.LANGUAGES)
def test_the_parts_translated_in_full_are_translated(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    catalogue = tool.read(tool.po_path(language), language)
    messages = [message for message in catalogue if message.id]
    done = [message for message in messages if tool.translated(message)]
    with capsys.disabled():
        print(f"\n{language}: {len(done)} of {len(messages)} messages translated")
    ours = [
        message
        for message in messages
        if message.locations
        and all(path.startswith(TRANSLATED_IN_FULL) for path, _line in message.locations)
    ]
    assert ours, "the parts translated in full say something"
    missing = [message.id for message in ours if not tool.translated(message)]
    assert missing == []
