"""The learner's puzzle progress: their Glicko-2 rating, their streak, the
puzzles solved, every attempt, and the puzzles' own ratings as the
learner's attempts moved them.

Kept like the lessons' progress (:mod:`dendria_widget.lessons.progress`):
one small JSON file beside it, ``puzzles.json`` in the same folder
(``$DENDRIA_WIDGET_HOME`` when set), read at every question and written at
every change (a temp file moved into place, under a lock file, so two
notebooks open at once add to each other's progress instead of writing
over it). Where the file cannot be kept (a browser-only kernel, a home that
is not writable) the progress lasts the session and :attr:`note` says so.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

from ..lessons.progress import progress_path
from .glicko import Rating

FILE_NAME = "puzzles.json"
VERSION = 1
LOCK_WAIT = 2.0      # seconds to wait for another notebook's write
LOCK_STALE = 10.0    # a lock older than this was left by a stopped process
log = logging.getLogger(__name__)


def puzzle_progress_path() -> Path:
    """Where the puzzle progress lives: beside the lessons' progress file."""
    return progress_path().with_name(FILE_NAME)


def _empty() -> dict[str, Any]:
    return {"version": VERSION, "rating": [1500.0, 350.0, 0.06], "streak": 0,
            "best_streak": 0, "solved": [], "attempts": [], "puzzles": {}}


def _valid(data: Any) -> bool:
    return (isinstance(data, dict) and isinstance(data.get("rating"), list)
            and len(data["rating"]) == 3 and isinstance(data.get("solved"), list)
            and isinstance(data.get("attempts"), list) and isinstance(data.get("puzzles"), dict)
            and isinstance(data.get("streak"), int))


class PuzzleProgress:
    """The learner's puzzle progress, kept in ``path`` (default
    :func:`puzzle_progress_path`). Every read goes to the file; every change
    is one locked read-change-write."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else puzzle_progress_path()
        self._memory: dict[str, Any] | None = None
        self.note = ""
        if sys.platform == "emscripten":
            self._keep_in_memory("this kernel runs in the browser, where files are not kept")

    @property
    def kept(self) -> bool:
        """True when the progress is kept in the file between sessions."""
        return self._memory is None

    def _keep_in_memory(self, why: str, data: dict[str, Any] | None = None) -> None:
        self._memory = data if data is not None else _empty()
        self.note = f"Your puzzle progress is kept for this session only: {why}."

    # ---------------------------------------------------------- storage
    def read(self) -> dict[str, Any]:
        """Everything kept (a fresh dict)."""
        if self._memory is not None:
            return json.loads(json.dumps(self._memory))
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return _empty()
        except (OSError, ValueError) as e:
            log.warning("cannot read %s", self.path, exc_info=True)
            self._keep_in_memory(f"{self.path} cannot be read ({e})")
            return _empty()
        if not _valid(data):
            self._keep_in_memory(f"{self.path} is not a puzzle progress file")
            return _empty()
        return data

    def change(self, edit: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        """Read, apply ``edit`` (which changes the dict in place) and write,
        under the lock; returns what was written."""
        if self._memory is not None:
            edit(self._memory)
            return json.loads(json.dumps(self._memory))
        lock = self.path.with_name(self.path.name + ".lock")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            held = self._lock(lock)
        except OSError as e:
            data = _empty()
            edit(data)
            self._keep_in_memory(f"{self.path.parent} cannot be written ({e.strerror or e})",
                                 data)
            return json.loads(json.dumps(data))
        try:
            data = self.read()
            edit(data)
            if self._memory is not None:        # the read gave up on the file
                self._memory = data
                return json.loads(json.dumps(data))
            tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            try:
                tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n",
                               encoding="utf-8")
                os.replace(tmp, self.path)
            except OSError as e:
                log.warning("cannot write %s", self.path, exc_info=True)
                try:
                    tmp.unlink()
                except OSError:
                    pass
                self._keep_in_memory(f"{self.path} cannot be written ({e.strerror or e})",
                                     data)
            return data
        finally:
            if held:
                try:
                    lock.unlink()
                except OSError:
                    pass

    @staticmethod
    def _lock(lock: Path) -> bool:
        """Take the lock file (waiting a little for another writer; taking
        over a lock left by a stopped process). False: went on without it."""
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                os.close(fd)
                return True
            except FileExistsError:
                try:
                    if time.time() - lock.stat().st_mtime > LOCK_STALE:
                        lock.unlink()
                        continue
                except OSError:
                    continue
                if time.monotonic() > deadline:
                    log.warning("the lock %s is held; writing without it", lock)
                    return False
                time.sleep(0.02)

    # ------------------------------------------------------------ asking
    def rating(self) -> Rating:
        r = self.read()["rating"]
        return Rating(float(r[0]), float(r[1]), float(r[2]))

    def streak(self) -> int:
        return int(self.read()["streak"])

    def solved(self) -> list[str]:
        return [str(x) for x in self.read()["solved"]]

    def attempts(self) -> list[dict[str, Any]]:
        return list(self.read()["attempts"])

    def puzzle_rating(self, puzzle_id: str, start: Rating) -> Rating:
        """The puzzle's rating as this learner's attempts moved it (``start``
        when they never tried it)."""
        r = self.read()["puzzles"].get(puzzle_id)
        return start if r is None else Rating(float(r[0]), float(r[1]), float(r[2]))

    def record(self, puzzle_id: str, solved: bool, learner: Rating, puzzle: Rating) -> None:
        """Remember one rated attempt: the new ratings, the streak, the solve."""
        def edit(data: dict[str, Any]) -> None:
            data["rating"] = [learner.rating, learner.rd, learner.volatility]
            data["puzzles"][puzzle_id] = [puzzle.rating, puzzle.rd, puzzle.volatility]
            data["attempts"].append({"id": puzzle_id, "solved": solved,
                                     "rating": round(learner.rating, 1)})
            data["streak"] = data["streak"] + 1 if solved else 0
            data["best_streak"] = max(int(data.get("best_streak", 0)), data["streak"])
            if solved and puzzle_id not in data["solved"]:
                data["solved"].append(puzzle_id)
        self.change(edit)

    def mark_solved(self, puzzle_id: str) -> None:
        """Remember a solve that is not rated (after a retry)."""
        def edit(data: dict[str, Any]) -> None:
            if puzzle_id not in data["solved"]:
                data["solved"].append(puzzle_id)
        self.change(edit)

    def reset(self) -> None:
        """Forget everything (a fresh file)."""
        if self._memory is not None and sys.platform != "emscripten":
            self._memory, self.note = None, ""
        def edit(data: dict[str, Any]) -> None:
            data.clear()
            data.update(_empty())
        self.change(edit)

    def __repr__(self) -> str:
        return f"<PuzzleProgress ({self.path if self.kept else 'this session only'})>"
