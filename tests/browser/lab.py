"""Drive JupyterLab in headless Chromium from pytest.

Used through the fixtures of ``tests/browser/conftest.py``:

* ``lab`` (session): a :class:`Lab` bound to ONE JupyterLab server, started on
  127.0.0.1 on a temporary copy of ``tutorials/`` with every Jupyter, IPython
  and XDG folder isolated in temporary folders;
* ``page`` (per test): a Playwright page in Debian's Chromium, with default
  timeouts set, that keeps JupyterLab loaded from one test to the next (a
  fresh page after a failed test): each test starts with no document open,
  no kernel running, the default window size and the mouse at the corner,
  and :meth:`Lab.open_notebook` opens its notebook in the JupyterLab
  already there (loading JupyterLab takes seconds of processor time).

A widget test looks like::

    def test_click(lab, page):
        lab.open_notebook(page, "click.ipynb", source_cells=[
            "from ipycanvas import Canvas\\nc = Canvas(width=200, height=100)\\nc",
            "c.fill_style = 'red'; c.fill_rect(0, 0, 100, 100)\\n"
            "clicks = []\\nc.on_mouse_down(lambda x, y: clicks.append((x, y)))",
        ])
        img = lab.wait_for_canvas(page, 0, lambda im: im.getpixel((50, 50)) == (255, 0, 0))
        lab.click_canvas(page, 0, 30, 40)
        lab.wait_for_kernel(page, "len(clicks) == 1")
        [(x, y)] = lab.kernel_literal(page, "clicks")
        assert abs(x - 30) <= 2 and abs(y - 40) <= 2

Cells are addressed by their 0-based index in the notebook (the index in
``source_cells``). Everything here has a timeout, in seconds.

This module must not import dendria_widget: it tests the harness itself too.
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any, Callable, Sequence

# Debian's chromium; DENDRIA_TEST_CHROMIUM may point elsewhere (other distros).
CHROMIUM = os.environ.get("DENDRIA_TEST_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

#: The window of a new page (and of the ``page`` fixture's at each test's start).
DEFAULT_VIEWPORT = {"width": 1280, "height": 900}
#: Default Playwright timeout for a single action (click, locator wait), ms.
DEFAULT_ACTION_TIMEOUT_MS = 20_000
#: Default timeout for loading JupyterLab in the page, ms.
DEFAULT_NAVIGATION_TIMEOUT_MS = 60_000

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
STDERR_MIME = "application/vnd.jupyter.stderr"


class LabError(AssertionError):
    """A notebook, kernel or page did not do what the test waited for."""


def strip_ansi(text: str) -> str:
    return _ANSI.sub("", text)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------
# Isolated environment
# --------------------------------------------------------------------------


def isolated_env(base: Path) -> dict[str, str]:
    """Environment for the server and the browser: every Jupyter, IPython and
    XDG folder under ``base``; JupyterLab's news/update toast switched off;
    notebooks shown without windowing (every cell in the DOM)."""
    dirs = {
        "JUPYTER_CONFIG_DIR": base / "jupyter-config",
        "JUPYTER_DATA_DIR": base / "jupyter-data",
        "JUPYTER_RUNTIME_DIR": base / "jupyter-runtime",
        "IPYTHONDIR": base / "ipython",
        "XDG_CONFIG_HOME": base / "xdg-config",
        "XDG_CACHE_HOME": base / "xdg-cache",
        "XDG_DATA_HOME": base / "xdg-data",
        "JUPYTERLAB_SETTINGS_DIR": base / "jupyter-config" / "lab" / "user-settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "jupyter-config" / "lab" / "workspaces",
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    settings = dirs["JUPYTERLAB_SETTINGS_DIR"] / "@jupyterlab"
    _write_json(
        settings / "apputils-extension" / "notification.jupyterlab-settings",
        {"fetchNews": "false", "checkForUpdates": False},
    )
    _write_json(
        settings / "notebook-extension" / "tracker.jupyterlab-settings",
        {"windowingMode": "none"},
    )
    env = dict(os.environ)
    env.update({k: str(v) for k, v in dirs.items()})
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_CONFIG_PATH", None)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # Quiet the debugger's "frozen modules" warning on kernel start.
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2))


# --------------------------------------------------------------------------
# The server
# --------------------------------------------------------------------------


class LabServer:
    """One JupyterLab server process on 127.0.0.1, on ``root_dir``."""

    def __init__(self, root_dir: Path, env: dict[str, str], log_path: Path):
        self.root_dir = Path(root_dir)
        self.env = env
        self.log_path = Path(log_path)
        self.token = uuid.uuid4().hex
        self.port: int | None = None
        self.proc: subprocess.Popen | None = None
        self._log = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90.0, attempts: int = 3) -> "LabServer":
        last = ""
        for _ in range(attempts):
            self.port = free_port()
            cmd = [
                sys.executable, "-m", "jupyterlab",
                "--no-browser",
                "--ip=127.0.0.1",
                f"--port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root_dir}",
                "--expose-app-in-browser",
                "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--ServerApp.log_level=WARN",
            ]
            if hasattr(os, "geteuid") and os.geteuid() == 0:
                cmd.append("--allow-root")
            self._log = open(self.log_path, "ab")
            self.proc = subprocess.Popen(
                cmd,
                cwd=self.root_dir,
                env=self.env,
                stdin=subprocess.DEVNULL,
                stdout=self._log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its kernels form one process group
            )
            try:
                self._wait_ready(timeout)
                return self
            except LabError as exc:
                last = str(exc)
                self.stop()
                if "address already in use" not in last.lower():
                    break
        raise LabError(last)

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        url = f"{self.base_url}/api/status?token={self.token}"
        while True:
            if self.proc.poll() is not None:
                raise LabError(
                    f"JupyterLab exited with code {self.proc.returncode} before "
                    f"answering on {self.base_url}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise LabError(
                    f"JupyterLab did not answer /api/status within {timeout:.0f} s:\n"
                    f"{self.log_tail()}"
                )
            time.sleep(0.2)

    def log_tail(self, n: int = 40) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").splitlines()
        except OSError:
            return "(no server log)"
        return "\n".join(lines[-n:])

    def api(self, method: str, path: str, body: Any = None, timeout: float = 10.0) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.base_url}{path}",
            data=data,
            method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=timeout) as r:
            raw = r.read()
        return json.loads(raw) if raw else None

    def shutdown_kernels(self) -> None:
        """Shut down every session and running kernel (used between tests)."""
        try:
            for s in self.api("GET", "/api/sessions"):
                try:
                    self.api("DELETE", f"/api/sessions/{s['id']}", timeout=20)
                except (urllib.error.URLError, OSError):
                    pass
            for k in self.api("GET", "/api/kernels"):
                try:
                    self.api("DELETE", f"/api/kernels/{k['id']}", timeout=20)
                except (urllib.error.URLError, OSError):
                    pass
        except (urllib.error.URLError, OSError):
            pass

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # the server stops its kernels
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        if proc is not None:
            # Any kernel left behind is in the server's own process group.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                pass
        if self._log is not None:
            self._log.close()
            self._log = None


# --------------------------------------------------------------------------
# JavaScript run in the page
# --------------------------------------------------------------------------

_JS_NOTEBOOK_READY = """
(path) => {
  const app = window.jupyterapp;
  if (!app || !app.shell) return false;
  const w = app.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path || !w.context.isReady) return false;
  const s = w.sessionContext;
  return !!(s && s.isReady && s.session && s.session.kernel
            && s.session.kernel.status === 'idle');
}
"""

_JS_APP_LOADED = """
(base) => !!(window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.commands
             && location.href.startsWith(base))
"""

# every document in the main area closed, unsaved changes dropped (no dialog)
_JS_CLOSE_DOCUMENTS = """
async () => {
  const shell = window.jupyterapp.shell;
  for (const w of Array.from(shell.widgets('main'))) {
    if (w.context && w.context.model) w.context.model.dirty = false;
    w.close();
  }
  const t0 = performance.now();
  while (performance.now() - t0 < 10000
         && Array.from(shell.widgets('main')).some((w) => w.context)) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return Array.from(shell.widgets('main')).filter((w) => w.context).length;
}
"""

_JS_NOTEBOOK_STATE = """
(path) => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.context || w.context.path !== path)
    return {error: 'the notebook ' + path + ' is no longer the current widget'};
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  const cells = [];
  w.content.widgets.forEach((cell, index) => {
    const m = cell.model;
    if (m.type !== 'code') return;
    const outputs = [];
    for (let i = 0; i < m.outputs.length; i++) {
      const o = m.outputs.get(i);
      const j = o.toJSON();
      const mimes = Object.keys(o.data || {});
      if (j.output_type === 'error') {
        outputs.push({kind: 'error', text: j.ename + ': ' + j.evalue + '\\n'
                      + (j.traceback || []).join('\\n')});
      } else if ((j.output_type === 'stream' && j.name === 'stderr')
                 || mimes.includes('application/vnd.jupyter.stderr')) {
        const t = j.text !== undefined ? j.text : o.data['application/vnd.jupyter.stderr'];
        outputs.push({kind: 'stderr', text: Array.isArray(t) ? t.join('') : String(t)});
      }
    }
    cells.push({
      index,
      source: m.sharedModel.getSource(),
      count: m.executionCount,
      running: m.executionState === 'running',
      problems: outputs,
    });
  });
  return {kernel: kernel ? kernel.status : 'none', cells};
}
"""

_JS_KERNEL_EXECUTE = """
async ({code, expr, timeoutMs}) => {
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w && w.sessionContext && w.sessionContext.session
                 && w.sessionContext.session.kernel;
  if (!kernel) return {status: 'nokernel'};
  const future = kernel.requestExecute({
    code, silent: expr !== null, store_history: false,
    user_expressions: expr === null ? {} : {value: expr},
    allow_stdin: false, stop_on_error: false,
  });
  let stdout = '', stderr = '', error = null;
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type, c = msg.content;
    if (t === 'stream') { if (c.name === 'stderr') stderr += c.text; else stdout += c.text; }
    else if (t === 'error') error = c.ename + ': ' + c.evalue + '\\n' + c.traceback.join('\\n');
  };
  let timer;
  const expired = new Promise((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  let reply;
  try {
    reply = await Promise.race([future.done, expired]);
  } catch (e) {
    return {status: 'jserror', message: String(e)};
  } finally {
    clearTimeout(timer);
  }
  if (reply === null) { try { future.dispose(); } catch (e) {} return {status: 'timeout'}; }
  const c = reply.content;
  return {status: c.status, stdout, stderr, error: error || (c.status === 'error'
          ? c.ename + ': ' + c.evalue : null),
          value: c.user_expressions ? c.user_expressions.value : null};
}
"""


_JS_TIMED_CLICK = """
async ({canvas, watched, x, y, timeoutMs}) => {
  const ctx = watched.getContext('2d');
  const px = Math.floor(x), py = Math.floor(y);
  const read = () => Array.from(ctx.getImageData(px, py, 1, 1).data).join(',');
  const before = read();
  const box = canvas.getBoundingClientRect();
  const cx = box.left + x * box.width / canvas.width;
  const cy = box.top + y * box.height / canvas.height;
  const top = document.elementFromPoint(cx, cy) || canvas;  // what a real mouse hits
  const t0 = performance.now();
  for (const type of ['mousedown', 'mouseup', 'click']) {
    top.dispatchEvent(new MouseEvent(type, {clientX: cx, clientY: cy, bubbles: true,
                                            button: 0}));
  }
  return await new Promise((resolve) => {
    const tick = () => {
      if (read() !== before) { resolve(performance.now() - t0); return; }
      if (performance.now() - t0 > timeoutMs) { resolve(null); return; }
      requestAnimationFrame(tick);
    };
    tick();
  });
}
"""


# --------------------------------------------------------------------------
# The helper API used by tests
# --------------------------------------------------------------------------


class Lab:
    """Helpers for tests: write/open/run notebooks, query the kernel, find and
    screenshot canvases. One instance per test session (fixture ``lab``)."""

    def __init__(self, server: LabServer, browser: Any):
        self.server = server
        self.browser = browser

    # -- files ---------------------------------------------------------------

    @property
    def root(self) -> Path:
        """The server's root folder (a temporary copy of tutorials/)."""
        return self.server.root_dir

    def write_notebook(self, name: str, source_cells: Sequence[str | dict]) -> Path:
        """Write a notebook of code cells (strings) into the server's root.
        A dict item is taken as an nbformat cell, e.g. a markdown cell."""
        import nbformat

        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {
            "name": "python3", "display_name": "Python 3", "language": "python",
        }
        nb.metadata["language_info"] = {"name": "python"}
        for src in source_cells:
            if isinstance(src, dict):
                nb.cells.append(nbformat.from_dict(src))
            else:
                nb.cells.append(nbformat.v4.new_code_cell(src))
        path = self.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, str(path))
        return path

    # -- pages ---------------------------------------------------------------

    def new_page(self, context_options: dict | None = None) -> Any:
        """A new page in its own browser context (the ``page`` fixture uses it)."""
        opts = {"viewport": dict(DEFAULT_VIEWPORT), "device_scale_factor": 1}
        opts.update(context_options or {})
        context = self.browser.new_context(**opts)
        page = context.new_page()
        page.set_default_timeout(DEFAULT_ACTION_TIMEOUT_MS)
        page.set_default_navigation_timeout(DEFAULT_NAVIGATION_TIMEOUT_MS)
        return page

    def app_loaded(self, page: Any) -> bool:
        """Is JupyterLab (of this server) loaded and started in ``page``?"""
        try:
            return bool(page.evaluate(_JS_APP_LOADED, self.server.base_url))
        except Exception:  # noqa: BLE001 - a page that is closed or navigating
            return False

    def close_documents(self, page: Any) -> None:
        """Close every document open in ``page``'s JupyterLab (dropping what
        is unsaved: no dialog); nothing when JupyterLab is not loaded."""
        if self.app_loaded(page):
            left = page.evaluate(_JS_CLOSE_DOCUMENTS)
            if left:
                raise LabError(f"{left} documents did not close")

    def open_notebook(
        self,
        page: Any,
        name: str,
        source_cells: Sequence[str | dict] | None = None,
        *,
        run: bool = True,
        timeout: float = 60.0,
        allow_stderr: bool = False,
    ) -> None:
        """Open ``name`` (relative to the server root) in JupyterLab and wait for
        its kernel to be idle; first write it if ``source_cells`` is given.
        With ``run`` (default), run all cells and wait until every code cell
        has executed, failing at once with the error text if an error or a
        stderr output appears (``allow_stderr=True`` tolerates stderr)."""
        if source_cells is not None:
            self.write_notebook(name, source_cells)
        elif not (self.root / name).exists():
            raise LabError(f"no notebook {name!r} in {self.root}")
        if self.app_loaded(page):
            # JupyterLab is loaded in this page already (the ``page`` fixture
            # keeps it from one test to the next): open the notebook in it,
            # as its URL would, instead of loading JupyterLab again
            page.evaluate("(path) => { window.jupyterapp.commands.execute("
                          "'docmanager:open', {path}); }", name)
        else:
            workspace = "t" + uuid.uuid4().hex[:12]
            url = (
                f"{self.server.base_url}/lab/workspaces/{workspace}/tree/"
                f"{urllib.request.pathname2url(name)}?token={self.server.token}"
            )
            page.goto(url, wait_until="domcontentloaded")
        try:
            page.wait_for_function(
                _JS_NOTEBOOK_READY, arg=name, timeout=timeout * 1000, polling=100
            )
        except Exception as exc:
            raise LabError(
                f"{name}: JupyterLab did not show the notebook with an idle kernel "
                f"within {timeout:.0f} s ({type(exc).__name__}).\n"
                f"Server log:\n{self.server.log_tail(15)}"
            ) from None
        if run:
            self.run_all(page, name, timeout=timeout, allow_stderr=allow_stderr)

    def run_all(
        self, page: Any, name: str, *, timeout: float = 60.0, allow_stderr: bool = False
    ) -> None:
        """Run all cells of the open notebook ``name``; see :meth:`open_notebook`."""
        # Not awaited: page.evaluate has no timeout of its own.
        page.evaluate(
            "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
        )
        self.wait_executed(page, name, timeout=timeout, allow_stderr=allow_stderr)

    def wait_executed(
        self, page: Any, name: str, *, timeout: float = 60.0, allow_stderr: bool = False
    ) -> None:
        """Wait until every non-empty code cell has an execution count and the
        kernel is idle; fail fast on error (and stderr) outputs."""
        deadline = time.monotonic() + timeout
        state: dict = {}
        while True:
            state = page.evaluate(_JS_NOTEBOOK_STATE, name)
            if state.get("error"):
                raise LabError(state["error"])
            cells = state["cells"]
            for cell in cells:
                for p in cell["problems"]:
                    if p["kind"] == "error" or not allow_stderr:
                        raise LabError(
                            f"{name}: cell {cell['index']} wrote "
                            f"{'an error' if p['kind'] == 'error' else 'to stderr'}:\n"
                            f"{strip_ansi(p['text']).rstrip()}\n"
                            f"--- cell {cell['index']} source ---\n{cell['source']}"
                        )
            pending = [
                c for c in cells
                if c["source"].strip() and (c["count"] is None or c["running"])
            ]
            if not pending and state["kernel"] == "idle":
                return
            if time.monotonic() > deadline:
                first = pending[0] if pending else None
                where = (
                    f"cell {first['index']} has not finished:\n{first['source']}"
                    if first else f"kernel is {state['kernel']!r}"
                )
                raise LabError(f"{name}: not executed within {timeout:.0f} s; {where}")
            time.sleep(0.1)

    # -- kernel --------------------------------------------------------------

    def _execute(self, page: Any, code: str, expr: str | None, timeout: float) -> dict:
        res = page.evaluate(
            _JS_KERNEL_EXECUTE,
            {"code": code, "expr": expr, "timeoutMs": int(timeout * 1000)},
        )
        status = res.get("status")
        if status == "nokernel":
            raise LabError("the current JupyterLab widget has no kernel")
        if status == "timeout":
            raise LabError(f"the kernel did not answer within {timeout} s: {expr or code!r}")
        if status == "jserror":
            raise LabError(f"kernel request failed: {res.get('message')}")
        if status != "ok":
            raise LabError(f"kernel error running {code!r}:\n{strip_ansi(res.get('error') or '')}")
        return res

    def kernel_eval(self, page: Any, expression: str, *, timeout: float = 60.0) -> str:
        """The repr (``text/plain``) of ``expression`` evaluated in the open
        notebook's kernel. Raises LabError if evaluating it raises."""
        res = self._execute(page, "", expression, timeout)
        value = res.get("value") or {}
        if value.get("status") != "ok":
            raise LabError(
                f"kernel error evaluating {expression!r}:\n"
                f"{value.get('ename')}: {value.get('evalue')}\n"
                + strip_ansi("\n".join(value.get("traceback") or []))
            )
        return value["data"]["text/plain"]

    def kernel_literal(self, page: Any, expression: str, *, timeout: float = 60.0) -> Any:
        """``ast.literal_eval`` of :meth:`kernel_eval` (lists, tuples, numbers...)."""
        return ast.literal_eval(self.kernel_eval(page, expression, timeout=timeout))

    def kernel_exec(self, page: Any, code: str, *, timeout: float = 60.0) -> str:
        """Run statements in the kernel (no cell, no history); returns stdout."""
        return self._execute(page, code, None, timeout)["stdout"]

    def wait_for_kernel(
        self, page: Any, condition: str, *, timeout: float = 10.0, interval: float = 0.1
    ) -> None:
        """Poll until the Python expression ``condition`` is true in the kernel
        (e.g. after a click, whose comm message arrives asynchronously)."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            last = self.kernel_eval(page, f"bool({condition})", timeout=timeout)
            if last == "True":
                return
            if time.monotonic() > deadline:
                raise LabError(f"kernel condition still false after {timeout} s: {condition}")
            time.sleep(interval)

    # -- cells and canvases --------------------------------------------------

    def cell_locator(self, page: Any, cell: int) -> Any:
        """The cell widget at 0-based index ``cell`` of the current notebook."""
        return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell").nth(cell)

    def output_locator(self, page: Any, cell: int) -> Any:
        """The output area of cell ``cell``."""
        return self.cell_locator(page, cell).locator(".jp-OutputArea")

    def canvas_locator(self, page: Any, cell: int, nth: int = 0) -> Any:
        """The ``nth`` <canvas> in the outputs of cell ``cell`` (an ipycanvas
        Canvas view *is* its <canvas> element)."""
        loc = self.output_locator(page, cell).locator("canvas").nth(nth)
        loc.wait_for(state="visible")
        return loc

    @staticmethod
    def screenshot(locator: Any) -> "Any":
        """Screenshot an element to an RGB Pillow image, 1 image px per CSS px.
        (An element screenshot is of the page, so stacked canvases such as a
        MultiCanvas's layers appear composited.)"""
        from PIL import Image

        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        if box is None:
            raise LabError("cannot screenshot an element that is not displayed")
        # Elements often sit at fractional CSS positions (JupyterLab's line
        # heights); an element screenshot then rounds outwards and is a pixel
        # too big. The browser paints a canvas snapped to whole pixels, so
        # clip the page at the rounded position with the exact size.
        clip = {
            "x": float(round(box["x"])),
            "y": float(round(box["y"])),
            "width": float(round(box["width"])),
            "height": float(round(box["height"])),
        }
        png = locator.page.screenshot(
            clip=clip, animations="disabled", caret="hide", scale="css"
        )
        return Image.open(io.BytesIO(png)).convert("RGB")

    def canvas_image(self, page: Any, cell: int, nth: int = 0) -> Any:
        """Screenshot of the ``nth`` canvas of cell ``cell`` as a Pillow image."""
        return self.screenshot(self.canvas_locator(page, cell, nth))

    def wait_for_canvas(
        self,
        page: Any,
        cell: int,
        predicate: Callable[[Any], bool],
        *,
        nth: int = 0,
        timeout: float = 10.0,
        save_to: str | os.PathLike | None = None,
    ) -> Any:
        """Screenshot the canvas until ``predicate(image)`` is true (drawing
        reaches the browser asynchronously, after the cell has finished) and
        return that image. On timeout, save the last image to ``save_to``
        if given, and fail."""
        deadline = time.monotonic() + timeout
        while True:
            img = self.canvas_image(page, cell, nth)
            if predicate(img):
                return img
            if time.monotonic() > deadline:
                msg = f"canvas {nth} of cell {cell} did not match within {timeout} s"
                if save_to is not None:
                    img.save(save_to)
                    msg += f"; last screenshot saved to {save_to}"
                raise LabError(msg)
            time.sleep(0.1)

    def canvas_to_page(
        self, page: Any, cell: int, x: float, y: float, nth: int = 0
    ) -> tuple[float, float]:
        """Page (viewport) coordinates of canvas pixel (x, y), taking the
        canvas's CSS scaling into account; scrolls the canvas into view."""
        loc = self.canvas_locator(page, cell, nth)
        loc.scroll_into_view_if_needed()
        width, height = loc.evaluate("(c) => [c.width, c.height]")
        box = loc.bounding_box()
        if box is None:
            raise LabError(f"canvas {nth} of cell {cell} is not displayed")
        return box["x"] + x * box["width"] / width, box["y"] + y * box["height"] / height

    def click_canvas(self, page: Any, cell: int, x: float, y: float, nth: int = 0) -> None:
        """Click with the real mouse at canvas pixel (x, y)."""
        px, py = self.canvas_to_page(page, cell, x, y, nth)
        page.mouse.click(px, py)

    def timed_click(
        self, page: Any, cell: int, x: float, y: float, *, nth: int = 0,
        watch: int | None = None, timeout: float = 10.0,
    ) -> float:
        """Click the ``nth`` canvas of cell ``cell`` at canvas pixel (x, y) and
        return the milliseconds until the pixel there changes on canvas
        ``watch`` (default: the clicked one), measured in the page: the
        mouse events are dispatched and the pixel polled at every frame by
        JavaScript, so nothing of the test's own round trips is counted."""
        loc = self.canvas_locator(page, cell, nth)
        loc.scroll_into_view_if_needed()
        target = self.output_locator(page, cell).locator("canvas").nth(
            nth if watch is None else watch)
        handle, watched = loc.element_handle(), target.element_handle()
        ms = page.evaluate(_JS_TIMED_CLICK, {"canvas": handle, "watched": watched,
                                             "x": x, "y": y, "timeoutMs": int(timeout * 1000)})
        if ms is None:
            raise LabError(f"the canvas pixel at ({x}, {y}) did not change within {timeout} s")
        return ms


def copy_notebooks(src: Path | None, dst: Path) -> Path:
    """Copy a notebooks folder (without checkpoints) to ``dst`` (JupyterLab
    autosaves, so the server never works on the originals)."""
    if src is not None and Path(src).is_dir():
        shutil.copytree(
            src, dst, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        )
    else:
        dst.mkdir(parents=True)
    return dst

