"""Drive a notebook through the page alone: the keyboard, the menus and the
DOM, for front ends that expose no ``window.jupyterapp`` (JupyterLite,
Notebook 7) and for Voila. Used by test_site.py and test_notebook_voila.py.

* :func:`serve_folder` serves a static folder on 127.0.0.1 (the site);
* :class:`ServerProcess` runs a Jupyter server command (Notebook 7, Voila)
  on a free port until it answers;
* :class:`DomNotebook` runs all cells from the Run menu, waits for them by
  their prompts, appends a cell and reads its output, and finds, reads and
  clicks a board widget's canvas.

Everything has a timeout, in seconds.
"""

from __future__ import annotations

import functools
import http.server
import io
import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any, ClassVar

from .lab import LabError, free_port

# ------------------------------------------------------------------ servers


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
        ".json": "application/json"}

    #: every answer sent, as (path, status, bytes of the body), when set
    served: list[tuple[str, int, int]] | None = None

    def log_message(self, *args: Any) -> None:   # no line per request in the test log
        pass

    def send_response(self, code: int, message: str | None = None) -> None:
        self._answer = (int(code), 0)
        super().send_response(code, message)

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-length":
            self._answer = (self._answer[0], int(value))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        if self.served is not None:
            code, length = self._answer
            body = length if self.command == "GET" and code == 200 else 0
            self.served.append((self.path.split("?")[0], code, body))
        super().end_headers()

    _answer: tuple[int, int] = (0, 0)


def serve_folder(folder: Path, served: list[tuple[str, int, int]] | None = None
                 ) -> tuple[http.server.ThreadingHTTPServer, str]:
    """A static web server on 127.0.0.1 (a free port) for ``folder``, in a
    daemon thread; returns the server (``shutdown()`` it) and its URL. Given
    a list ``served``, every answer is appended to it as (path, status,
    bytes of the body): what the browser fetched from the site itself, not
    from its caches."""
    handler = type("_Handler", (_QuietHandler,), {"served": served})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="site-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class ServerProcess:
    """A server command (``{port}`` in it is replaced by a free port),
    started in its own process group, ready once ``ready_path`` answers
    (any HTTP status)."""

    def __init__(self, cmd: list[str], cwd: Path, env: dict[str, str], log_path: Path,
                 ready_path: str = "/"):
        self.cmd, self.cwd, self.env, self.log_path = cmd, cwd, env, log_path
        self.ready_path = ready_path
        self.port = 0
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        self.port = free_port()
        cmd = [c.replace("{port}", str(self.port)) for c in self.cmd]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(cmd, cwd=self.cwd, env=self.env,
                                         stdin=subprocess.DEVNULL, stdout=log,
                                         stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                raise LabError(f"{cmd[:4]} exited with code {self.proc.returncode}:\n"
                               f"{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=2):
                    return self
            except urllib.error.HTTPError:       # it answers (a 404 is an answer)
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise LabError(f"{cmd[:4]} did not answer within {timeout:.0f} s:\n"
                               f"{self.log_tail()}")
            time.sleep(0.2)

    def log_tail(self, n: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        try:                             # its kernels, in its process group
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass


# ----------------------------------------------------------------- notebook

_JS_CELLS = """
() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return null;
  return [...panel.querySelectorAll('.jp-Notebook .jp-Cell')].map((cell, index) => {
    const prompt = cell.querySelector('.jp-InputArea-prompt');
    const editor = cell.querySelector('.cm-content');
    return {
      index,
      code: cell.classList.contains('jp-CodeCell'),
      prompt: prompt ? prompt.textContent.trim() : '',
      source: editor ? [...editor.querySelectorAll('.cm-line')].map(l => l.textContent).join('\\n') : '',
      problems: [...cell.querySelectorAll(
        '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
        .map(e => e.textContent),
    };
  });
}
"""


_JS_KERNEL_STATE = """
() => {
  const bar = document.querySelector('#jp-main-statusbar');
  if (bar) return bar.innerText;
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const name = panel && panel.querySelector('.jp-KernelName');
  const status = panel && panel.querySelector('.jp-Notebook-ExecutionIndicator');
  if (!name || !status || /No Kernel/.test(name.textContent)) return 'toolbar: no kernel';
  return 'toolbar: ' + status.getAttribute('data-status');
}
"""


class DomNotebook:
    """The notebook open in ``page`` (JupyterLab's DOM: JupyterLite, Notebook 7)."""

    def __init__(self, page: Any, name: str):
        self.page = page
        self.name = name

    def cells(self) -> list[dict]:
        cells = self.page.evaluate(_JS_CELLS)
        if cells is None:
            raise LabError(f"{self.name}: no notebook is shown")
        return cells

    def wait_shown(self, timeout: float = 90.0) -> None:
        self.page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"
                          ).first.wait_for(state="visible", timeout=timeout * 1000)

    def cell(self, index: int) -> Any:
        return self.page.locator(
            ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(index)

    def menu(self, menu: str, item: str) -> None:
        """Click ``item`` in the menu bar's ``menu``."""
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
        self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}$")).click()

    def wait_idle(self, timeout: float = 120.0) -> None:
        """Until the page says the notebook's kernel is idle: the status bar
        (JupyterLab, JupyterLite), else the toolbar's kernel name and status
        (Notebook 7, which has no status bar)."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.page.evaluate(_JS_KERNEL_STATE)
            if re.search(r"\|\s*Idle", text) or text == "toolbar: idle":
                return
            if time.monotonic() > deadline:
                raise LabError(f"{self.name}: the kernel is not idle after {timeout:.0f} s: "
                               f"{text!r}")
            time.sleep(0.25)

    def run_all(self, timeout: float = 180.0) -> None:
        """Run > Run All Cells (again if no cell started within 20 s: a click
        while the page was still settling), then wait for every cell."""
        self.wait_shown()
        self.wait_idle()
        for _ in range(3):
            self.menu("Run", "Run All Cells")
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                if any(c["code"] and c["prompt"] not in ("", "[ ]:") for c in self.cells()):
                    self.wait_executed(timeout)
                    return
                time.sleep(0.25)
        raise LabError(f"{self.name}: Run All Cells started no cell")

    def wait_executed(self, timeout: float = 60.0, allow_stderr: bool = False) -> None:
        """Until every non-empty code cell shows an execution count; fails at
        once on an error (or stderr) output."""
        deadline = time.monotonic() + timeout
        while True:
            cells = self.cells()
            for c in cells:
                if c["problems"] and not allow_stderr:
                    raise LabError(f"{self.name}: cell {c['index']} wrote an error:\n"
                                   f"{c['problems'][0]}\n--- its source ---\n{c['source']}")
            pending = [c for c in cells if c["code"] and c["source"].strip()
                       and not re.fullmatch(r"\[\d+\]:", c["prompt"])]
            if not pending:
                return
            if time.monotonic() > deadline:
                raise LabError(f"{self.name}: not executed within {timeout:.0f} s; cell "
                               f"{pending[0]['index']} ({pending[0]['prompt']}):\n"
                               f"{pending[0]['source'][:300]}")
            time.sleep(0.25)

    def append_cell(self, code: str, timeout: float = 60.0) -> int:
        """Add a code cell at the end with the keyboard, run it, wait for it;
        returns its index."""
        mark = f"# cell {uuid.uuid4().hex[:10]}"
        n = len(self.cells())
        self.cell(n - 1).locator(".jp-InputPrompt").click()     # select it (command mode)
        self.page.keyboard.press("Escape")
        self.page.keyboard.press("b")                           # a new cell below
        self.page.keyboard.press("Enter")                       # edit it
        self.page.keyboard.insert_text(f"{mark}\n{code}")      # no auto-closed brackets
        self.page.keyboard.press("Shift+Enter")
        self.wait_executed(timeout)
        found = [c["index"] for c in self.cells() if c["source"].startswith(mark)]
        if len(found) != 1:
            raise LabError(f"{self.name}: the cell added is not found once: {found}")
        return found[0]

    def ask(self, expression: str, timeout: float = 60.0) -> Any:
        """The value of a Python expression (JSON-able) in the kernel, by a
        cell appended at the end that prints it."""
        index = self.append_cell(
            f"import json as _json\nprint('@@' + _json.dumps({expression}) + '@@')", timeout)
        text = self.cell(index).locator(".jp-Cell-outputArea").inner_text()
        found = re.search(r"@@(.*)@@", text, re.DOTALL)
        if not found:
            raise LabError(f"{self.name}: no answer to {expression!r} in {text!r}")
        return json.loads(found.group(1))

    def output(self, index: int) -> Any:
        return self.cell(index).locator(".jp-Cell-outputArea")


# -------------------------------------------------------------------- board

def canvas_image(canvas: Any) -> Any:
    """The canvas as shown, as a Pillow image, 1 pixel a CSS pixel."""
    from PIL import Image

    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    if box is None:
        raise LabError("the canvas is not displayed")
    clip = {k: float(round(box[k])) for k in ("x", "y", "width", "height")}
    png = canvas.page.screenshot(clip=clip, animations="disabled", caret="hide", scale="css")
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(px: tuple, hexcolour: str, tol: int = 40) -> bool:
    want = tuple(int(hexcolour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tol for a, b in zip(px, want))


def _scale(canvas: Any) -> float:
    """Page pixels per board pixel (the canvas has 2 pixels a board pixel,
    and may be shown smaller)."""
    box = canvas.bounding_box()
    if box is None:
        raise LabError("the canvas is not displayed")
    return box["width"] / (canvas.evaluate("(c) => c.width") / 2)


def wait_pixel(canvas: Any, x: float, y: float, colour: str, timeout: float = 20.0) -> Any:
    """Until the canvas shows ``colour`` at the board's pixel (x, y) (a
    ``cell_center``); returns that image."""
    deadline = time.monotonic() + timeout
    while True:
        img = canvas_image(canvas)
        scale = _scale(canvas)
        px = img.getpixel((int(x * scale), int(y * scale)))
        if near(px, colour):
            return img
        if time.monotonic() > deadline:
            raise LabError(f"the canvas shows {px} at ({x:.0f}, {y:.0f}), not {colour}, "
                           f"after {timeout:.0f} s")
        time.sleep(0.2)


def click_board(canvas: Any, x: float, y: float) -> None:
    """A real mouse click at the board's CSS pixel (x, y) (a ``cell_center``),
    whatever the canvas's own scale."""
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    scale = _scale(canvas)
    canvas.page.mouse.click(box["x"] + x * scale, box["y"] + y * scale)


def move_list(output: Any) -> list[str]:
    """The texts of the move list (the Moves tab's list) in an output, with
    plain spaces."""
    texts = output.locator(".widget-select select").first.evaluate(
        "(s) => [...s.options].map(o => o.text)")
    return [t.replace("\xa0", " ") for t in texts]


def pictures_shown(page: Any) -> list[str]:
    """The class (``dw-light`` or ``dw-dark``) of each lesson-page picture
    the page shows now: a saved picture comes in both colours, and the
    notebook's style shows the one of the theme."""
    return page.evaluate("""() => [...document.querySelectorAll('.dendria-picture img')]
        .filter((i) => getComputedStyle(i).display !== 'none')
        .map((i) => i.className)""")
