"""Work that runs beside the notebook: a computer player's think, a hint.

Where threads exist (a Jupyter kernel on CPython) the work runs on a daemon
thread, and the event loop runs other cells meanwhile. In the browser
(JupyterLite's Pyodide) no thread can start (``RuntimeError: can't start new
thread``): there the work runs on the event loop itself, scheduled after the
click that asked for it has returned. It then runs at once, within its own
budget (a player's seconds or iterations), and between two such runs the
loop hands over to the browser, which delivers the next click: a Stop pressed
before a think starts (or between two computer turns) still stops it.

Either way ``done()`` is called in the event loop's thread when the work has
finished. :func:`start` returns a :class:`Task`, which can be waited for
(``join``) like a thread.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import Any


def threads_available() -> bool:
    """False where no thread can start: Pyodide (``sys.platform`` is
    ``"emscripten"``) or WASI."""
    return sys.platform not in ("emscripten", "wasi")


class Task:
    """Work started by :func:`start`: ``join(timeout)`` waits for it (on the
    event loop it is run at once, here), ``is_alive()`` says whether it has
    not finished yet, ``threaded`` whether it runs on a thread."""

    def __init__(self, work: Callable[[], Any], done: Callable[[], Any], loop: Any):
        self._work = work
        self._done = done
        self._loop = loop
        self._finished = threading.Event()
        self._handle: Any = None
        self.thread: threading.Thread | None = None

    @property
    def threaded(self) -> bool:
        return self.thread is not None

    def is_alive(self) -> bool:
        return not self._finished.is_set()

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the work (at most ``timeout`` seconds on a thread); True
        once it has finished. On the event loop it runs now, if it has not
        run yet (``done`` still comes from the loop)."""
        if self.thread is not None:
            self.thread.join(timeout)
        elif self.is_alive():
            if self._handle is not None:
                self._handle.cancel()
            self._run_here()
        return not self.is_alive()

    # the two ways to run
    def _on_thread(self) -> None:
        try:
            self._work()
        finally:
            self._finished.set()
            try:
                self._loop.call_soon_threadsafe(self._done)
            except RuntimeError:           # the loop is closed: nobody to tell
                pass

    def _run_here(self) -> None:
        if not self.is_alive():
            return
        try:
            self._work()
        finally:
            self._finished.set()
            self._loop.call_soon(self._done)


def start(work: Callable[[], Any], done: Callable[[], Any], loop: Any,
          name: str = "dendria-background") -> Task:
    """Run ``work()`` beside the event loop ``loop`` (a running asyncio loop),
    then call ``done()`` from that loop: on a thread where threads exist,
    else on the loop itself, soon after the caller returns. ``work`` should
    not raise (catch and keep the error for ``done``); if it does, ``done``
    is called all the same and the exception goes to the loop's handler."""
    task = Task(work, done, loop)
    if threads_available():
        thread = threading.Thread(target=task._on_thread, name=name, daemon=True)
        try:
            thread.start()
        except RuntimeError:               # a platform without threads after all
            pass
        else:
            task.thread = thread
            return task
    task._handle = loop.call_soon(task._run_here)
    return task
