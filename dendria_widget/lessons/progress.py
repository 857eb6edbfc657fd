"""The learner's progress: which exercises of each lesson they solved.

Kept between sessions in one small JSON file,
``~/.dendria-widget/progress.json`` (the folder: :func:`dendria_widget.store.home`,
``$DENDRIA_WIDGET_HOME`` when that is set, which is what the tests do);
nothing else is written there. The file is a
:class:`~dendria_widget.store.JsonStore`: every mark is added under a lock to
what the file holds at that moment and written atomically, so two notebooks
open at once lose no mark. In a kernel that runs in the browser (JupyterLite's
Pyodide), the file is on the site's drive, ``/drive/.dendria-widget/progress.json``:
the files the notebooks live on, kept in the browser's storage across
reloads and shared by every notebook of the site. The file holds, per lesson, the titles of the
exercises solved (titles, not page numbers, so an exercise keeps its mark
when pages are added before it); keys it does not know (kept by other parts
of the package, or a later version) are kept as they are::

    {"version": 1, "solved": {"02_roots": ["Feed the seed"]}}

Where the file cannot be kept (a browser-only kernel such as Pyodide with no
home chosen by :func:`dendria_widget.store.set_home`, a home that is not
writable), progress lasts the session and :attr:`Progress.note` says so in
words. A file that cannot be used (written by a newer version, not UTF-8,
nested too deeply, of the wrong shape) is never written over: it is left
byte for byte as it was, and the note says why.

>>> import tempfile, pathlib
>>> from dendria_widget.lessons import load
>>> with tempfile.TemporaryDirectory() as tmp:
...     p = Progress(pathlib.Path(tmp) / "progress.json")
...     lesson = load("02_roots")
...     p.mark_solved(lesson, lesson.exercises()[0].title)
...     p.count(lesson)[0], sorted(x.name for x in pathlib.Path(tmp).iterdir())
(1, ['progress.json'])
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from ..errors import DendriaError
from ..files import path_text
from ..store import (HOME_VARIABLE, JsonStore, StoreError, drive_name, home,
                     home_is_chosen, in_browser, on_drive)

if TYPE_CHECKING:
    from .framework import Lesson

FILE_NAME = "progress.json"
VERSION = 1
KEY = "solved"
log = logging.getLogger(__name__)

Solved = dict[str, list[str]]

#: Where the marks of an earlier version's lessons and exercises are now:
#: (old lesson, old title) -> (lesson, title). A title missing here kept
#: its lesson (see :data:`RENAMED`) and its words.
MOVED: dict[tuple[str, str], tuple[str, str]] = {
    ("02_roots", "Two with one"): ("02_roots", "Nourish a1 and g1 together"),
    # titles that typed a count ("one", "both", "first", "last"): issue 25
    ("02_roots", "Both with one seed"): ("02_roots", "Nourish a1 and g1 together"),
    ("02_roots", "One way out"): ("02_roots", "A way out"),
    ("06_capture", "Only one way in"): ("06_capture", "The way in"),
    ("07_journeys", "Both seedbeds in one move"): ("07_journeys", "Seedbeds grown on a journey"),
    ("10_pie", "The first seed"): ("10_pie", "The opening seed"),
    **{("08_ending", f"The last turn, level {k} of 5"):
       ("08_ending", f"A turn that ends the game, level {k} of 5") for k in range(1, 6)},
    # 11_sprites_power was split: its sowing pages are 13_sprites_sowing now
    ("11_sprites_power", "A seed on the edge"): ("13_sprites_sowing", "A seed on the edge"),
    ("11_sprites_power", "Sow between"): ("13_sprites_sowing", "Sow between"),
    # ... and its converting pages are 12_sprites_converting now
    ("11_sprites_power", "Sprout before you slide"):
    ("12_sprites_converting", "Sprout before you slide"),
    **{("11_sprites_power", f"Sprout as the move starts, level {k} of 4"):
       ("12_sprites_converting", f"Sprout as the move starts, level {k} of 4")
       for k in range(1, 5)},
    ("12_sprites_boards", "Grow on the atoll"): ("15_sprites_boards", "Grow across the water"),
}
#: The lessons renamed since an earlier version: old name -> new name (the
#: exercises of a lesson that was split are in :data:`MOVED`).
RENAMED: dict[str, str] = {
    "11_sprites_protection": "14_sprites_protection",
    "12_sprites_boards": "15_sprites_boards",
    "13_hedu": "16_hedu",
    "13_hedu_score": "17_hedu_score",
    "14_teachers": "18_teachers",
    # the lessons after 11 moved one on when 11_sprites_power was split again
    "12_sprites_sowing": "13_sprites_sowing",
    "13_sprites_protection": "14_sprites_protection",
    "14_sprites_boards": "15_sprites_boards",
    "15_hedu": "16_hedu",
    "16_hedu_score": "17_hedu_score",
    "17_teachers": "18_teachers",
}


def migrate(solved: Solved) -> Solved:
    """``solved`` with the marks of an earlier version's lessons and
    exercises under their names now (:data:`RENAMED`, :data:`MOVED`); marks
    already under today's names are kept, each title once."""
    out: Solved = {}

    def add(name: str, title: str) -> None:
        titles = out.setdefault(name, [])
        if title not in titles:
            titles.append(title)

    for name, titles in solved.items():
        if not titles:
            out.setdefault(name, [])
        for title in titles:
            new = MOVED.get((name, title))
            if new is None:
                new = (RENAMED.get(name, name), title)
            add(*new)
    return out


def progress_path() -> Path:
    """Where the progress file lives: ``progress.json`` in
    :func:`dendria_widget.store.home` (``$DENDRIA_WIDGET_HOME``, else
    ``~/.dendria-widget``; in the browser, ``.dendria-widget`` on the site's
    drive)."""
    return home() / FILE_NAME


def _browser_only() -> bool:
    """A kernel running in the browser (Pyodide) with no home chosen: its
    files are not kept."""
    return in_browser() and not home_is_chosen()


def check_solved(solved: object) -> Solved:
    """``solved`` checked: a table of lesson names and exercise titles
    (ValueError saying what is wrong)."""
    if not isinstance(solved, dict):
        raise ValueError("'solved' is not a table of lessons")
    for k, v in solved.items():
        if not (isinstance(v, list) and all(isinstance(t, str) for t in v)):
            raise ValueError(f"the exercises solved in {k} are not a list of titles")
    return solved


def _check(doc: dict) -> None:
    if KEY in doc:
        check_solved(doc[KEY])


class Progress:
    """The exercises solved, per lesson, read from and written to ``path``
    (default :func:`progress_path`) at every call, so two notebooks open at
    once see each other's progress. When the file cannot be written (or
    read), the progress is kept in memory for the session and :attr:`note`
    tells why, in words; the file is left as it was."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else progress_path()
        self.store = JsonStore(self.path, VERSION, _check, what="the progress file")
        self._memory: Solved | None = None
        self.note = ""
        if _browser_only() and not on_drive(self.path):
            self._keep_in_memory("this kernel runs in the browser, where files are not kept")

    # ---------------------------------------------------------- storage
    @property
    def kept(self) -> bool:
        """True when the progress is kept in the file between sessions."""
        return self._memory is None

    def _keep_in_memory(self, why: str, solved: Solved | None = None) -> None:
        self._memory = {k: list(v) for k, v in (solved or {}).items()}
        self.note = f"Your progress is kept for this session only: {why}."

    def _unusable(self, e: StoreError, solved: Solved | None = None) -> None:
        """The file cannot be used: keep the session's progress in memory,
        say why, and leave the file alone."""
        log.warning("cannot use %s", path_text(self.path), exc_info=True)
        where = self.place
        if e.reason == "newer":
            why = (f"{where} was written by a newer version of dendria-widget, so it is "
                   f"kept as it is for that version (it is not read or changed here)")
            if not solved and e.data is not None:
                try:
                    solved = migrate(check_solved(e.data.get(KEY, {})))
                    why = (f"{where} was written by a newer version of dendria-widget: "
                           f"its marks are shown, and the file is kept as it is for that "
                           f"version (not changed here)")
                except ValueError:
                    pass
        elif e.reason in ("bad", "unreadable"):
            why = f"{e}; the file is left as it is, unchanged"
        else:
            why = f"{e}"
        self._keep_in_memory(why, solved)

    def _read(self) -> Solved:
        if self._memory is not None:
            return self._memory
        try:
            return migrate(dict(self.store.read().get(KEY, {})))
        except StoreError as e:
            self._unusable(e)
            return self._memory or {}

    def _change(self, change: Callable[[Solved], Solved]) -> None:
        """Apply ``change`` to the progress: in the file (under its lock, to
        what it holds now), or in memory."""
        if self._memory is not None:
            self._memory = change(self._memory)
            return

        def apply(doc: dict[str, Any]) -> dict[str, Any]:
            return {**doc, KEY: change(migrate(dict(doc.get(KEY, {}))))}
        try:
            self.store.update(apply)
        except StoreError as e:
            # the file is as it was: the session goes on in memory, from
            # what the file holds when it can be read
            base: Solved = {}
            if e.reason in ("unwritable", "locked"):
                try:
                    base = migrate(dict(self.store.read().get(KEY, {})))
                except StoreError:
                    pass
            self._unusable(e, base)
            self._memory = change(self._memory or {})

    # ------------------------------------------------------------ asking
    def solved(self, lesson: Lesson) -> list[str]:
        """The titles of this lesson's exercises the learner solved, in page order."""
        done = set(self._read().get(lesson.name, []))
        return [ex.title for ex in lesson.exercises() if ex.title in done]

    def count(self, lesson: Lesson) -> tuple[int, int]:
        """(exercises solved, exercises) of ``lesson``."""
        return len(self.solved(lesson)), len(lesson.exercises())

    def mark_solved(self, lesson: Lesson, title: str) -> None:
        """Remember that the exercise called ``title`` of ``lesson`` is solved
        (added to what the file holds now: marks made meanwhile by another
        notebook are kept)."""
        if title not in [ex.title for ex in lesson.exercises()]:
            raise DendriaError(f"the lesson {lesson.name} has no exercise {title!r}")

        def add(solved: Solved) -> Solved:
            titles = list(solved.get(lesson.name, []))
            return solved if title in titles else {**solved, lesson.name: titles + [title]}
        self._change(add)

    def reset(self, lesson: Lesson | None = None) -> None:
        """Forget what was solved: in ``lesson``, or in every lesson. A file
        that could not be used is left as it is (only the session's progress
        is forgotten)."""
        if lesson is None:
            self._change(lambda solved: {})
        else:
            name = lesson.name
            self._change(lambda solved: {k: v for k, v in solved.items() if k != name})

    @property
    def place(self) -> str:
        """Where the file is, in words for the learner (``~/...`` in the home)."""
        if on_drive(self.path):
            return (f"this browser's files for this site ({drive_name(self.path)}), "
                    "across reloads")
        try:
            return "~/" + self.path.relative_to(Path.home()).as_posix()
        except ValueError:
            return path_text(self.path)

    def __repr__(self) -> str:
        where = self.place if self.kept else "this session only"
        return f"<Progress ({where})>"


__all__ = ["HOME_VARIABLE", "MOVED", "RENAMED", "Progress", "check_solved", "migrate",
           "progress_path"]
