"""The learner's progress: which exercises of each lesson they solved.

Kept between sessions in one small JSON file,
``~/.dendria-widget/progress.json`` (the folder: ``$DENDRIA_WIDGET_HOME``
when that is set, which is what the tests do); nothing else is written
there. In a kernel that runs in the browser (JupyterLite's Pyodide), the
file is on the site's drive, ``/drive/.dendria-widget/progress.json``: the
files the notebooks live on, kept in the browser's storage across reloads
and shared by every notebook of the site. Where that file cannot be kept
(Pyodide without that drive, a home that is not writable), progress lasts
the session and :attr:`Progress.note` says so in words. The file holds, per lesson, the
titles of the exercises solved (titles, not page numbers, so an exercise
keeps its mark when pages are added before it)::

    {"version": 1, "solved": {"02_roots": ["Feed the seed"]}}

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

import json
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import DendriaError

if TYPE_CHECKING:
    from .framework import Lesson

HOME_VARIABLE = "DENDRIA_WIDGET_HOME"
FILE_NAME = "progress.json"
#: JupyterLite's drive in its Pyodide kernel: the site's files, kept in the browser
DRIVE = Path("/drive")
VERSION = 1
log = logging.getLogger(__name__)


def progress_path() -> Path:
    """Where the progress file lives: ``$DENDRIA_WIDGET_HOME/progress.json``,
    else ``~/.dendria-widget/progress.json``; in the browser, on the site's
    drive (``/drive/.dendria-widget/progress.json``)."""
    folder = os.environ.get(HOME_VARIABLE)
    if folder:
        return Path(folder) / FILE_NAME
    if _browser_only() and DRIVE.is_dir():
        return DRIVE / ".dendria-widget" / FILE_NAME
    return Path.home() / ".dendria-widget" / FILE_NAME


def _browser_only() -> bool:
    """A kernel running in the browser (Pyodide): its home is not kept."""
    return sys.platform == "emscripten"


def _on_drive(path: Path) -> bool:
    """``path`` is on JupyterLite's drive (kept in the browser's storage)."""
    return DRIVE in path.parents


class Progress:
    """The exercises solved, per lesson, read from and written to ``path``
    (default :func:`progress_path`) at every call, so two notebooks open at
    once see each other's progress. When the file cannot be written (or
    read), the progress is kept in memory for the session and :attr:`note`
    tells why, in words."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else progress_path()
        self._memory: dict[str, list[str]] | None = None
        self.note = ""
        if _browser_only() and not _on_drive(self.path):
            self._keep_in_memory("this kernel runs in the browser, where files are not kept")

    # ---------------------------------------------------------- storage
    @property
    def kept(self) -> bool:
        """True when the progress is kept in the file between sessions."""
        return self._memory is None

    def _keep_in_memory(self, why: str, solved: dict[str, list[str]] | None = None) -> None:
        self._memory = dict(solved or {})
        self.note = f"Your progress is kept for this session only: {why}."

    def _read(self) -> dict[str, list[str]]:
        if self._memory is not None:
            return self._memory
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as e:
            log.warning("cannot read %s", self.path, exc_info=True)
            self._keep_in_memory(f"{self.path} cannot be read ({e.strerror or e})")
            return self._memory or {}
        try:
            data = json.loads(text)
            solved = data["solved"]
            if not (isinstance(solved, dict) and all(
                    isinstance(k, str) and isinstance(v, list)
                    and all(isinstance(t, str) for t in v) for k, v in solved.items())):
                raise ValueError("'solved' is not a table of lessons and exercise titles")
        except (ValueError, KeyError, TypeError) as e:
            log.warning("cannot read %s", self.path, exc_info=True)
            self._keep_in_memory(f"{self.path} is not a progress file ({e}); Reset "
                                 "writes a new one")
            return {}
        return solved

    def _write(self, solved: dict[str, list[str]]) -> None:
        if self._memory is not None:
            self._memory = solved
            return
        data = {"version": VERSION, "solved": solved}
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as e:
            log.warning("cannot write %s", self.path, exc_info=True)
            try:
                tmp.unlink()
            except OSError:
                pass
            self._keep_in_memory(f"{self.path} cannot be written ({e.strerror or e})", solved)

    # ------------------------------------------------------------ asking
    def solved(self, lesson: Lesson) -> list[str]:
        """The titles of this lesson's exercises the learner solved, in page order."""
        done = set(self._read().get(lesson.name, []))
        return [ex.title for ex in lesson.exercises() if ex.title in done]

    def count(self, lesson: Lesson) -> tuple[int, int]:
        """(exercises solved, exercises) of ``lesson``."""
        return len(self.solved(lesson)), len(lesson.exercises())

    def mark_solved(self, lesson: Lesson, title: str) -> None:
        """Remember that the exercise called ``title`` of ``lesson`` is solved."""
        if title not in [ex.title for ex in lesson.exercises()]:
            raise DendriaError(f"the lesson {lesson.name} has no exercise {title!r}")
        solved = self._read()
        titles = list(solved.get(lesson.name, []))
        if title in titles:
            return
        solved = {**solved, lesson.name: titles + [title]}
        self._write(solved)

    def reset(self, lesson: Lesson | None = None) -> None:
        """Forget what was solved: in ``lesson``, or in every lesson. A reset
        of everything also writes a fresh file over one that could not be read."""
        if lesson is not None:
            solved = {k: v for k, v in self._read().items() if k != lesson.name}
            self._write(solved)
            return
        if self._memory is not None and (not _browser_only() or _on_drive(self.path)):
            self._memory, self.note = None, ""     # try the file again
        self._write({})

    @property
    def place(self) -> str:
        """Where the file is, in words for the learner (``~/...`` in the home)."""
        if _on_drive(self.path):
            return (f"this browser's files for this site ({self.path.relative_to(DRIVE)}), "
                    "across reloads")
        try:
            return "~/" + self.path.relative_to(Path.home()).as_posix()
        except ValueError:
            return str(self.path)

    def __repr__(self) -> str:
        where = self.place if self.kept else "this session only"
        return f"<Progress ({where})>"


__all__ = ["HOME_VARIABLE", "Progress", "progress_path"]
