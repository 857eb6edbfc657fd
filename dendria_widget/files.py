"""Files read and written so that nothing is lost and nothing hangs.

Every file the package reads or writes for a person (records, exports, the
learner's progress) goes through here:

- :func:`read_bytes` reads only a regular file, at most ``limit`` bytes: a
  folder, a FIFO, a device or a socket is refused at once, in words, before
  anything waits on it (the name is looked up with ``stat`` and opened
  without blocking; what was opened is checked again).
- :func:`write_atomic` writes to a temporary file of a unique name beside
  the target, flushes it to the disk and moves it into place
  (``os.replace``): an interrupted or failed write leaves the old file as it
  was and no partial file, and the error says so. ``overwrite=False``
  refuses to replace a file that is there (:class:`ExistingFile`).
- :func:`path_text` is a path as a person reads it (``games/a.json``, never
  ``PosixPath('games/a.json')``).

Every problem is a :class:`~dendria_widget.errors.BadFile` (a
``DendriaError``) with a sentence naming the file.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as tmp:
...     target = pathlib.Path(tmp) / "a.json"
...     write_atomic(target, "{}"), write_atomic(target, "[]"), read_bytes(target)
(False, True, b'[]')
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from typing import Union

from .errors import BadFile

#: What a path can be given as.
PathLike = Union[str, "os.PathLike[str]"]

#: The most a file read for a person may hold (a record of the longest game
#: is a few hundred kilobytes).
MAX_READ = 32 * 1024 * 1024

_O_BINARY = getattr(os, "O_BINARY", 0)        # Windows: no newline translation
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)    # a FIFO opens without waiting
_O_NOCTTY = getattr(os, "O_NOCTTY", 0)        # a terminal never becomes ours
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class ExistingFile(BadFile):
    """Saving would replace a file that is there, and ``overwrite`` was not
    given. ``path`` is the file's path as text."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.path = path


class TooLarge(BadFile):
    """A file larger than what may be read of it."""


def path_text(path: object) -> str:
    """A path as text for a message: ``games/a.json`` (never
    ``PosixPath('games/a.json')``, never bytes)."""
    try:
        text = os.fspath(path)  # type: ignore[call-overload]
    except TypeError:
        return str(path)
    return os.fsdecode(text) if isinstance(text, bytes) else text


def problem(error: OSError) -> str:
    """What the system said went wrong, as words ('no space left on device')."""
    words = error.strerror or str(error) or type(error).__name__
    return words[0].lower() + words[1:]


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _size(n: int) -> str:
    for unit, size in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if n >= size:
            return f"{n / size:.1f} {unit}".replace(".0 ", " ")
    return f"{n} bytes"


def _checked_name(path: object, what: str) -> str:
    if not isinstance(path, (str, os.PathLike)):
        raise BadFile(f"{what} is named by a path like 'game.json', not a "
                      f"{type(path).__name__}")
    name = path_text(path)
    if not name.strip():
        raise BadFile(f"{what} is named by a path like 'game.json', not an empty name")
    if "\0" in name:
        raise BadFile("a file name cannot hold a NUL character")
    return name


def read_bytes(path: PathLike, limit: int = MAX_READ, what: str = "the file") -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit`` of them).
    Raises :class:`BadFile` naming the file when it is missing, cannot be
    read, is not a regular file (a folder, a FIFO, a device: refused without
    waiting) or is larger than ``limit``."""
    name = _checked_name(path, what)
    try:
        st = os.stat(name)
    except OSError as e:
        raise BadFile(f"cannot read {name}: {problem(e)}") from None
    if not stat.S_ISREG(st.st_mode):
        raise BadFile(f"cannot read {name}: it is {_kind(st.st_mode)}, not a file")
    if st.st_size > limit:
        raise TooLarge(f"cannot read {name}: it holds {_size(st.st_size)}, more than "
                      f"{what} may ({_size(limit)})")
    try:
        fd = os.open(name, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC | _O_BINARY)
    except OSError as e:
        raise BadFile(f"cannot read {name}: {problem(e)}") from None
    try:
        st = os.fstat(fd)          # the name may have changed since stat
        if not stat.S_ISREG(st.st_mode):
            raise BadFile(f"cannot read {name}: it is {_kind(st.st_mode)}, not a file")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise BadFile(f"cannot read {name}: {problem(e)}") from None
    finally:
        os.close(fd)
    if got > limit:
        raise TooLarge(f"cannot read {name}: it holds more than {what} may ({_size(limit)})")
    return b"".join(chunks)


def read_text(path: PathLike, limit: int = MAX_READ, what: str = "the file") -> str:
    """:func:`read_bytes` as UTF-8 text (BadFile when it is not UTF-8)."""
    data = read_bytes(path, limit, what)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BadFile(f"cannot read {path_text(path)}: it is not UTF-8 text "
                      f"(byte {e.start + 1} cannot be read)") from None


def _fsync(fd: int) -> None:
    """Flush a file to the disk; a file system that cannot (a browser's)
    is not an error."""
    try:
        os.fsync(fd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.ENOTSUP, errno.ENOSYS, errno.EROFS,
                           errno.EBADF):
            raise


def _fsync_folder(folder: str) -> None:
    """Make the rename itself durable (POSIX; nothing elsewhere)."""
    if sys.platform == "win32" or sys.platform == "emscripten":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | _O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def temp_name(target: str) -> str:
    """A unique temporary name beside ``target`` (hidden, ending ``.tmp``)."""
    import secrets   # here: a lesson's start imports neither it nor hmac

    folder, base = os.path.split(os.path.abspath(target))
    return os.path.join(folder, f".{base}.{os.getpid()}-{secrets.token_hex(4)}.tmp")


def _place_new(tmp: str, target: str, name: str, what: str) -> None:
    """Move ``tmp`` to ``target`` only if no file is there (atomically where
    the file system makes hard links)."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise ExistingFile(f"{name} is already there: {what} was not saved, to keep it "
                           f"(give overwrite=True to replace it)", name) from None
    except (OSError, AttributeError, NotImplementedError):
        # no hard links here (some file systems, a browser's): look, then move
        if os.path.lexists(target):
            raise ExistingFile(f"{name} is already there: {what} was not saved, to keep "
                               f"it (give overwrite=True to replace it)", name) from None
        os.replace(tmp, target)
        return
    _unlink_quietly(tmp)


def write_atomic(path: PathLike, data: bytes | str, overwrite: bool = True,
                 what: str = "the file") -> bool:
    """Write ``data`` (text is written as UTF-8) to ``path`` through a
    temporary file beside it, flushed and moved into place; returns True when
    it replaced a file that was there.

    With ``overwrite=False`` a file already at ``path`` is kept and
    :class:`ExistingFile` says so. Any failure (a full disk, a size limit, an
    interruption) removes the temporary file, leaves the old file as it was,
    and raises :class:`BadFile` saying both."""
    name = _checked_name(path, what)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        st: os.stat_result | None = os.stat(name)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise BadFile(f"cannot save {what} to {name}: {problem(e)}; nothing was "
                      f"written") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise BadFile(f"cannot save {what} to {name}: it is {_kind(st.st_mode)}, not a "
                      f"file; nothing was written")
    if st is not None and not overwrite:
        raise ExistingFile(f"{name} is already there: {what} was not saved, to keep it "
                           f"(give overwrite=True to replace it)", name)
    left = (f"{name} is as it was" if st is not None else "nothing was written")
    tmp = temp_name(name)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_CLOEXEC | _O_BINARY,
                     0o666)
        try:
            if st is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, stat.S_IMODE(st.st_mode))   # the replaced file's mode
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            _fsync(fd)
        finally:
            os.close(fd)
        if overwrite:
            os.replace(tmp, name)
        else:
            _place_new(tmp, name, name, what)
    except ExistingFile:
        _unlink_quietly(tmp)
        raise
    except OSError as e:
        _unlink_quietly(tmp)
        raise BadFile(f"cannot save {what} to {name}: {problem(e)}; {left}") from None
    except BaseException:
        _unlink_quietly(tmp)       # interrupted: no partial file, the old one kept
        raise
    _fsync_folder(os.path.dirname(os.path.abspath(name)))
    return st is not None


__all__ = ["ExistingFile", "MAX_READ", "path_text", "problem", "read_bytes", "read_text",
           "temp_name", "TooLarge", "write_atomic"]
