"""A small JSON file that several notebooks may write at once, losing nothing.

The learner's progress (and anything kept like it) is one JSON object in a
file of the package's home folder. :class:`JsonStore` keeps such a file:

- :meth:`JsonStore.read` gives the document (a dict with ``"version"``);
- :meth:`JsonStore.update` takes a function from the document to the new
  document and applies it *under a lock* to what the file holds at that
  moment (read, change, write), so two kernels writing at once each add
  their part; the write goes to a uniquely named temporary file beside the
  target, flushed and moved into place (:func:`~dendria_widget.files.write_atomic`).

The lock is an exclusive ``flock`` on the file's folder where the system has
one (POSIX); without one (Windows, a browser's Python where one kernel is
alone) the writes are still atomic. A file that cannot be used is never
written over: one from a newer version of the package, one that is not
UTF-8 JSON, nested too deeply, too large, or not of the expected shape: the
:class:`StoreError` says why in words, and the file is left byte for byte as
it was.

Where: :func:`home` is the folder, ``$DENDRIA_WIDGET_HOME`` when that is
set, else ``~/.dendria-widget``; :func:`set_home` chooses another for this
process (a site's drive in the browser). :func:`home_is_chosen` tells
whether one was chosen, by either means.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     s = JsonStore(pathlib.Path(tmp) / "marks.json", version=1, what="the marks")
...     _ = s.update(lambda doc: {**doc, "seen": doc.get("seen", 0) + 1})
...     s.update(lambda doc: {**doc, "seen": doc["seen"] + 1})
{'version': 1, 'seen': 2}
"""

from __future__ import annotations

import contextlib
import copy
import errno
import logging
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

from . import checks
from .errors import BadFile
from .files import PathLike, TooLarge, path_text, problem, read_bytes, write_atomic

HOME_VARIABLE = "DENDRIA_WIDGET_HOME"
log = logging.getLogger(__name__)

_chosen_home: Path | None = None
_process_lock = threading.RLock()    # threads of one kernel, where there is no flock
_held: dict[str, int] = {}           # folders this process holds the flock of (under the RLock)


#: JupyterLite's drive in its Pyodide kernel: the site's files, kept in the
#: browser's storage across reloads and shared by every notebook of the site
DRIVE = Path("/drive")


def _on_drive() -> bool:
    """A kernel in the browser that sees the site's drive."""
    return in_browser() and DRIVE.is_dir()


def on_drive(path: PathLike) -> bool:
    """``path`` is on the site's drive (JupyterLite's files, kept in the
    browser's storage across reloads); the one answer to that question."""
    return DRIVE in Path(path).parents


def drive_name(path: PathLike) -> str:
    """``path`` as the site's file browser names it (relative to the drive)."""
    return Path(path).relative_to(DRIVE).as_posix()


def home() -> Path:
    """The folder of the package's own files: the one :func:`set_home` chose,
    else ``$DENDRIA_WIDGET_HOME``, else, in the browser, ``.dendria-widget``
    on the site's drive (``/drive``), else ``~/.dendria-widget``."""
    if _chosen_home is not None:
        return _chosen_home
    folder = os.environ.get(HOME_VARIABLE)
    if folder:
        return Path(folder)
    if _on_drive():
        return DRIVE / ".dendria-widget"
    return Path.home() / ".dendria-widget"


def set_home(folder: PathLike | None) -> None:
    """Keep the package's files in ``folder`` from now on, in this process
    (None: back to the default of :func:`home`)."""
    global _chosen_home
    _chosen_home = Path(folder) if folder is not None else None


def home_is_chosen() -> bool:
    """True when the home was chosen (:func:`set_home` or the variable), or
    is the site's drive in the browser: a folder whose files are kept."""
    return _chosen_home is not None or bool(os.environ.get(HOME_VARIABLE)) or _on_drive()


def in_browser() -> bool:
    """A Python running in the browser (Pyodide): no locks, one kernel."""
    return sys.platform == "emscripten"


class StoreError(BadFile):
    """A store's file that cannot be used; it was left as it was.

    ``reason`` says which: ``"newer"`` (written by a newer version: ``data``
    holds what was read, ``version`` its version), ``"bad"`` (not UTF-8,
    not JSON, too deep, too large, or the wrong shape), ``"unreadable"``
    (the system refused to read it), ``"unwritable"`` (the write failed: the
    file is as it was), ``"locked"`` (another program held the lock too
    long)."""

    def __init__(self, message: str, reason: str = "bad", data: dict | None = None,
                 version: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.data = data
        self.version = version


def _depth(value: Any) -> int:
    """How deeply a JSON value nests (a number: 0, a list of numbers: 1)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            todo.extend((x, level + 1) for x in (item.values() if isinstance(item, dict)
                                                 else item))
    return deepest


class JsonStore:
    """One JSON object kept in the file ``path``, of version ``version``.

    ``check(document)`` raises a ``DendriaError`` (or ValueError) saying
    what is wrong when the document has not the expected shape; it is called
    on what is read and on what is about to be written. ``what`` names the
    file in messages ("the progress file"). Files larger than ``limit``
    bytes or nesting deeper than ``depth`` are refused."""

    def __init__(self, path: PathLike, version: int,
                 check: Callable[[dict], object] | None = None,
                 what: str = "the file", limit: int = 4 * 1024 * 1024, depth: int = 16,
                 lock_timeout: float = 30.0) -> None:
        self.path = Path(path)
        self.version = version
        self.check = check
        self.what = what
        self.limit = limit
        self.depth = depth
        self.lock_timeout = lock_timeout

    def __repr__(self) -> str:
        return f"<JsonStore {path_text(self.path)} (version {self.version})>"

    # --------------------------------------------------------- reading
    def read(self) -> dict:
        """The document: ``{"version": N, ...}`` (``{"version": N}`` when
        there is no file yet). Raises :class:`StoreError` when the file
        cannot be used; it is never changed by reading."""
        name = path_text(self.path)
        if not os.path.lexists(self.path):
            return {"version": self.version}
        try:
            raw = read_bytes(self.path, self.limit, self.what)
        except BadFile as e:
            raise StoreError(str(e), "bad" if isinstance(e, TooLarge) else "unreadable") from None
        try:
            doc = checks.loads(raw, StoreError, name)
        except StoreError as e:
            said = str(e)
            raise StoreError(said if name in said else f"{name} cannot be read as JSON: "
                             f"{said}", "bad") from None
        if _depth(doc) > self.depth:
            raise StoreError(f"{name} nests {self.what}'s values more deeply than "
                             f"{self.depth} levels", "bad")
        if not isinstance(doc, dict):
            raise StoreError(f"{name} does not hold a JSON object", "bad")
        version = doc.get("version")
        if not checks.is_whole(version) or version < 1:
            raise StoreError(f"{name} has no version number (a whole number from 1)", "bad")
        if version > self.version:
            raise StoreError(f"{name} was written by a newer dendria-widget (version "
                             f"{version} of {self.what}; this one writes version "
                             f"{self.version})", "newer", doc, version)
        self._check(doc, name, "bad")
        return doc

    def _check(self, doc: dict, name: str, reason: str) -> None:
        if self.check is None:
            return
        try:
            self.check(doc)
        except (ValueError, TypeError, KeyError) as e:    # DendriaError is a ValueError
            raise StoreError(f"{name} is not {self.what}: {e}", reason) from None

    # --------------------------------------------------------- writing
    def update(self, change: Callable[[dict], dict | None]) -> dict:
        """Apply ``change`` to the document as the file holds it now, under
        the lock, and write the result (unless it is unchanged); returns
        the new document. ``change`` gets a copy, and returns the new
        document (or None after changing its argument in place); it may run
        more than once if a lock cannot be had. Raises :class:`StoreError`
        when the file cannot be used or written: the file is as it was."""
        name = path_text(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            folder = path_text(self.path.parent)
            why = (f"{folder} is not a folder" if isinstance(e, FileExistsError)
                   else f"its folder {folder} cannot be made ({problem(e)})")
            raise StoreError(f"cannot write {name}: {why}; nothing was written",
                             "unwritable") from None
        with self._locked():
            doc = self.read()
            mine = copy.deepcopy(doc)
            new = change(mine)
            new = mine if new is None else new
            if not isinstance(new, dict):
                raise TypeError(f"a change of {self.what} gives a dict, not "
                                f"{type(new).__name__}")
            new = {**new, "version": self.version}
            if new == doc and os.path.lexists(self.path):
                return doc
            self._check(new, name, "bad")
            try:
                text = checks.dumps(new, indent=1)
            except (TypeError, ValueError) as e:
                raise TypeError(f"{self.what} holds something that is not JSON: {e}") from None
            try:
                write_atomic(self.path, text + "\n", what=self.what)
            except BadFile as e:
                raise StoreError(str(e), "unwritable") from None
            return new

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold the lock on the file's folder (and this process's lock)."""
        with _process_lock:
            folder = os.path.abspath(self.path.parent)
            if _held.get(folder):            # an update inside an update: held already
                fd = None
            else:
                fd = self._lock_folder()
            _held[folder] = _held.get(folder, 0) + 1
            try:
                yield
            finally:
                _held[folder] -= 1
                if not _held[folder]:
                    del _held[folder]
                if fd is not None:
                    os.close(fd)            # closing releases the flock

    def _lock_folder(self) -> int | None:
        if in_browser():
            return None
        try:
            import fcntl
        except ImportError:              # Windows: the writes are atomic, unlocked
            return None
        folder = str(self.path.parent)
        try:
            fd = os.open(folder, os.O_RDONLY)
        except OSError:
            log.debug("cannot open %s to lock it", folder, exc_info=True)
            return None
        deadline = time.monotonic() + self.lock_timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return fd
            except OSError as e:
                if e.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    # a file system without locks: go on with atomic writes
                    log.debug("cannot lock %s", folder, exc_info=True)
                    return fd
                if time.monotonic() > deadline:
                    os.close(fd)
                    raise StoreError(f"cannot write {path_text(self.path)}: another "
                                     f"program has kept its folder locked for "
                                     f"{self.lock_timeout:g} seconds; nothing was "
                                     f"written", "locked") from None
                time.sleep(0.005)


__all__ = ["HOME_VARIABLE", "JsonStore", "StoreError", "drive_name", "home", "home_is_chosen",
           "in_browser", "on_drive", "set_home"]
