"""Who is working: the pupil's name for the records, asked once, remembered.

Who the records are of, in this order: on JupyterHub the hub's user (the pupil is never
asked); else the name the pupil typed once into any name box, kept for the kernel (the
next puzzle cell does not ask again, and widgets already on the page that were waiting
take it); else nobody, and the name box asks before the first Check. The computer
account (``getpass.getuser()``) is not taken as the pupil's name: on a lab PC many
pupils share one account, and in Docker every pupil is "jovyan". Names match in any case
and spacing ("Ana" and " ana " are one pupil) and are shown as first typed.

**Remembered in the browser.** A typed name is also kept in the browser's storage, for
the notebook (and, failing that, for the site), so that after a restart, in Voilà, or
in the next lesson the pupil does not type it again. But a lab PC's browser is shared
by a class, so a remembered name is never taken silently: the name area asks "Are you
Ana?" with two buttons, *Yes, I am Ana* and *No, I am someone else* (which forgets the
name in this browser and shows the empty name box).

>>> set_pupil("Ana"); current_pupil()
'Ana'
>>> set_pupil(""); current_pupil() is None
True
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from mathplay.classroom.where import hub_user, name_key

__all__ = ["MOST_NAME", "current_pupil", "on_name", "set_pupil", "when_known"]

#: The longest name kept (a longer one is cut): names are for people, not for essays.
MOST_NAME = 60

_pupil: str | None = None
#: What the name areas do with a name (``mathplay.widgets.names``): keep it in the
#: browser, give it to the areas still waiting. Called first, in this order.
_remember_hooks: list[Callable[[str], None]] = []
_known_hooks: list[Callable[[str], None]] = []
#: Other widgets to tell when the name becomes known (weak: a closed widget goes).
_listeners: list[weakref.WeakMethod[Callable[[str], None]]] = []


def on_name(*, remember: Callable[[str], None], known: Callable[[str], None]) -> None:
    """Register what the page does with a name: ``remember(name)`` keeps it in the
    browser (only when :func:`set_pupil` is asked to and there is no hub user),
    ``known(name)`` gives it to the name areas waiting for it. The widgets' name areas
    register once, when they are imported; the classroom imports no widget."""
    _remember_hooks.append(remember)
    _known_hooks.append(known)


def when_known(method: Callable[[str], None]) -> None:
    """Call the bound ``method(name)`` when the pupil's name becomes known (typed in any
    name box, or confirmed), for widgets with a name box of their own."""
    _listeners.append(weakref.WeakMethod(method))


def current_pupil() -> str | None:
    """The name of the pupil working in this kernel: the JupyterHub user if there is
    one, else the name typed into a name box, else ``None`` (nobody said yet).

    >>> set_pupil("Ana"); current_pupil()
    'Ana'
    >>> set_pupil(" ana "); current_pupil()
    'Ana'
    >>> set_pupil(""); current_pupil() is None
    True
    """
    return hub_user() or _pupil


def set_pupil(name: str | None, *, remember: bool = True) -> None:
    """Remember ``name`` as the pupil of this kernel (empty or ``None`` forgets it), and
    give it to the name areas on the page that are waiting for a name. The same name in
    another case or spacing changes nothing. With ``remember``, the name is kept in the
    browser too (it is offered, as a question, after a restart)."""
    global _pupil
    name = (name or "").strip()[:MOST_NAME].strip() or None
    if name == _pupil or (name and _pupil and name_key(name) == name_key(_pupil)):
        return
    _pupil = name
    if name is None:
        return
    if remember and not hub_user():
        for hook in list(_remember_hooks):
            hook(name)
    for hook in list(_known_hooks):
        hook(current_pupil() or name)
    for ref in list(_listeners):
        listener = ref()
        if listener is None:
            _listeners.remove(ref)
        else:
            listener(current_pupil() or name)
