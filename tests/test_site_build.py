"""The classroom site's pieces that run without a browser: the Pyodide files
are refused unless each matches the official lock (scripts/build_site.py),
the tutorials get their install cell, and in the Pyodide kernel widget
messages keep their None values (dendria_widget/jupyterlite.py). The site
itself is built and played in tests/browser/test_site.py."""

import asyncio
import hashlib
import inspect
import io
import json
import re
import runpy
import sys
import tarfile
import textwrap
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def builder():
    return types.SimpleNamespace(**runpy.run_path(str(ROOT / "scripts" / "build_site.py")))


def _npm_tarball(folder, packages, version="0.27.7"):
    """A stand-in for npm's pyodide package: the core files and a lock."""
    lock = {"info": {"version": version}, "packages": {
        name: {"file_name": file_name, "sha256": hashlib.sha256(data).hexdigest(),
               "depends": depends}
        for name, (file_name, data, depends) in packages.items()}}
    path = folder / f"pyodide-{version}.tgz"
    with tarfile.open(path, "w:gz") as tar:
        for name in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                     "python_stdlib.zip", "package.json", "pyodide-lock.json"):
            data = json.dumps(lock).encode() if name == "pyodide-lock.json" else name.encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def test_every_pyodide_file_is_checked_against_the_official_lock(builder, tmp_path):
    packages = {"numpy": ("numpy-2.whl", b"numpy wheel", ["openblas"]),
                "openblas": ("openblas.zip", b"openblas", []),
                "unused": ("unused.whl", b"never asked", [])}
    tgz = _npm_tarball(tmp_path, packages)
    builder.pyodide_files.__globals__["npm_pack"] = lambda spec, dest: tgz
    builder.pyodide_files.__globals__["PYODIDE_NEEDS"] = ("numpy",)
    files_dir = tmp_path / "packages"
    files_dir.mkdir()
    (files_dir / "numpy-2.whl").write_bytes(b"numpy wheel")
    (files_dir / "openblas.zip").write_bytes(b"openblas")
    files, source, needed = builder.pyodide_files(tmp_path / "cache", files_dir)
    # the core, and the package asked for with what it depends on: no more
    assert files["numpy-2.whl"] == b"numpy wheel" and files["openblas.zip"] == b"openblas"
    assert "unused.whl" not in files and "pyodide.asm.wasm" in files
    assert str(files_dir) in source
    assert set(needed) == {"numpy", "openblas"} and needed["numpy"]["depends"] == ["openblas"]
    # one byte changed: refused, naming the file and both hashes
    (files_dir / "openblas.zip").write_bytes(b"openblaS")
    with pytest.raises(builder.BuildError, match=r"openblas.zip: its sha256 \w+ is not the"):
        builder.pyodide_files(tmp_path / "cache", files_dir)
    # a file missing: refused too
    (files_dir / "openblas.zip").unlink()
    with pytest.raises(builder.BuildError, match="openblas.*is not in the source"):
        builder.pyodide_files(tmp_path / "cache", files_dir)


def test_a_lock_of_another_pyodide_is_refused(builder, tmp_path):
    tgz = _npm_tarball(tmp_path, {}, version="0.26.0")
    builder.pyodide_files.__globals__["npm_pack"] = lambda spec, dest: tgz
    with pytest.raises(builder.BuildError, match="0.26.0, not 0.27.7"):
        builder.pyodide_files(tmp_path / "cache", tmp_path)


def test_the_site_tutorials_install_the_package_first(builder):
    nb = builder.site_notebook(ROOT / "tutorials" / "00_start_here.ipynb")
    first = "".join(nb["cells"][0]["source"])
    assert first == builder.INSTALL_CELL
    assert nb["metadata"]["kernelspec"]["name"] == "python"
    source = json.loads((ROOT / "tutorials" / "00_start_here.ipynb").read_text())
    assert len(nb["cells"]) == len(source["cells"]) + 1
    # the pictures stay, each text as one string; no cell counts as run
    def as_served(o):
        o = {**o, "execution_count": None} if "execution_count" in o else dict(o)
        if "text" in o:
            o["text"] = "".join(o["text"])
        if "data" in o:
            o["data"] = {k: "".join(v) if isinstance(v, list) and not k.endswith("json")
                         else v for k, v in o["data"].items()}
        return o

    assert [c.get("outputs") for c in nb["cells"][1:]] == [
        [as_served(o) for o in c["outputs"]] if "outputs" in c else None
        for c in source["cells"]]
    assert all(c["execution_count"] is None for c in nb["cells"] if c["cell_type"] == "code")
    # the project's own cells are trusted (as a Jupyter server marks them), so
    # JupyterLite keeps their pictures' style; the added install cell has no output
    assert all(c["metadata"].get("trusted") is True
               for c in nb["cells"][1:] if c["cell_type"] == "code")
    # outside Pyodide the cell does nothing (it never imports piplite)
    code = compile(first, "install", "exec", flags=0x2000)    # PyCF_ALLOW_TOP_LEVEL_AWAIT
    scope = {}
    assert sys.platform != "emscripten"
    run = eval(code, scope)                                    # a coroutine: the cell awaits
    if inspect.iscoroutine(run):
        asyncio.run(run)
    assert "sys" in scope and "piplite" not in scope


def test_in_the_pyodide_kernel_widget_messages_keep_none(monkeypatch):
    """A stand-in for the Pyodide kernel: its Comm's message goes to the page
    through send_comm, which (like Pyodide's conversion) drops None values
    of a Python dict; patched, the message is a JavaScript object made from
    JSON, where None is null."""
    from dendria_widget import jupyterlite

    sent = []

    def undefined_lost(value):              # Pyodide: None becomes undefined, and is lost
        if isinstance(value, dict):
            return {k: undefined_lost(v) for k, v in value.items() if v is not None}
        return value

    def send_comm(msg_type, content, metadata, topic, buffers):
        sent.append((msg_type, undefined_lost(content), buffers))

    class Comm:
        comm_id, topic = "c1", b"comm-c1"

        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            send_comm(msg_type, dict(data=data, comm_id=self.comm_id, **keys), metadata,
                      self.topic, buffers)

    fake_js = types.ModuleType("js")
    fake_js.JSON = types.SimpleNamespace(parse=lambda text: ("js", json.loads(text)))
    fake_kernel = types.ModuleType("pyodide_kernel")
    fake_kernel.comm = types.SimpleNamespace(Comm=Comm)
    fake_ipython = types.SimpleNamespace(send_comm=send_comm)
    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide_kernel", fake_kernel)
    monkeypatch.setitem(sys.modules, "pyodide_kernel.comm", fake_kernel.comm)
    monkeypatch.setattr("IPython.core.getipython.get_ipython", lambda: fake_ipython)

    state = {"state": {"display": None, "width": "10px"}, "method": "update"}
    Comm().publish_msg("comm_msg", data=state)
    assert sent[-1][1]["data"] == {"state": {"width": "10px"}, "method": "update"}  # lost

    monkeypatch.setattr(sys, "platform", "linux")
    assert jupyterlite.install() is False       # not in the browser: nothing changes
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert jupyterlite.install() is True and jupyterlite.install() is True   # once
    Comm().publish_msg("comm_msg", data=state, buffers=[memoryview(b"ab")])
    _, (kind, content), buffers = sent[-1]
    assert kind == "js" and content == {"data": state, "comm_id": "c1"}
    assert content["data"]["state"]["display"] is None and buffers == [b"ab"]


def test_the_site_shows_saved_text_as_printed(builder, tmp_path):
    """JupyterLite reads a notebook as it is stored: a text kept as a list of
    lines would show joined with commas. The site's copies hold each text as
    one string (JSON data stays as it is)."""
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps({"cells": [
        {"cell_type": "code", "execution_count": 3, "metadata": {}, "id": "a",
         "source": ["print(1)\n", "print(2)"],
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n", "2\n"]},
                     {"output_type": "execute_result", "execution_count": 3, "metadata": {},
                      "data": {"text/plain": ["a\n", "b"], "text/html": ["<b>\n", "</b>"],
                               "application/json": ["x", "y"]}}]},
        {"cell_type": "markdown", "metadata": {}, "id": "b", "source": ["# T\n", "text"]}],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    nb = builder.site_notebook(path)
    code, md = nb["cells"][1], nb["cells"][2]
    assert code["source"] == "print(1)\nprint(2)" and md["source"] == "# T\ntext"
    assert code["outputs"][0]["text"] == "1\n2\n"
    assert code["outputs"][1]["data"] == {"text/plain": "a\nb", "text/html": "<b>\n</b>",
                                          "application/json": ["x", "y"]}
    # and so in every tutorial the site copies
    for tutorial in sorted((ROOT / "tutorials").glob("*.ipynb")):
        for cell in builder.site_notebook(tutorial)["cells"]:
            assert isinstance(cell["source"], str)
            for o in cell.get("outputs", []):
                assert isinstance(o.get("text", ""), str)
                assert all(isinstance(v, (str, dict)) for k, v in o.get("data", {}).items()
                           if not k.endswith("json")), (tutorial.name, o["data"].keys())


def test_the_install_cell_says_one_sentence_when_the_site_is_out_of_reach(builder,
                                                                          monkeypatch):
    """In the browser with the network gone, piplite cannot fetch the wheel:
    the cell stops the run with one sentence (IPython shows what
    _render_traceback_ gives instead of a traceback)."""
    piplite = types.ModuleType("piplite")

    async def install(name):
        raise OSError("Request for ./pypi/dendria_widget.whl failed with status 0")

    piplite.install = install
    monkeypatch.setitem(sys.modules, "piplite", piplite)
    monkeypatch.setattr(sys, "platform", "emscripten")
    code = compile(builder.INSTALL_CELL, "install", "exec", flags=0x2000)
    # the site's kernel starts with the package loaded: nothing asked of piplite
    asyncio.run(eval(code, {}))
    # without it (a kernel started otherwise), piplite is asked, and fails
    monkeypatch.setitem(sys.modules, "dendria_widget", None)      # an ImportError
    with pytest.raises(Exception) as caught:
        asyncio.run(eval(code, {}))
    assert caught.value._render_traceback_() == [builder.NOT_INSTALLED]
    assert builder.NOT_INSTALLED.count(".") == 1 and "reconnect" in builder.NOT_INSTALLED
    # with the site in reach it installs, and says nothing
    asked = []

    async def install_ok(name):
        asked.append(name)

    piplite.install = install_ok
    asyncio.run(eval(code, {}))
    assert asked == ["dendria-widget"]


def test_the_site_caches_its_runtime_by_content(builder, tmp_path):
    """The site's service worker is the site's cache before JupyterLite's
    own: it lists every file that never changes within a build with its
    content's hash (a republished site fetches only what changed)."""
    out = tmp_path / "site"
    (out / "static" / "pyodide").mkdir(parents=True)
    (out / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(b"wasm")
    (out / "pypi").mkdir()
    (out / "pypi" / "a.whl").write_bytes(b"wheel")
    (out / "lab").mkdir()
    (out / "lab" / "index.html").write_text("<html>")
    jupyterlite = 'self.addEventListener("fetch",e=>{if(u.includes("/api/drive")){}})'
    (out / "service-worker.js").write_text(jupyterlite)
    assert builder.service_worker(out) == 2
    worker = (out / "service-worker.js").read_text()
    assert worker.endswith(jupyterlite)             # JupyterLite's, after the cache
    files = json.loads(re.search(r"const DENDRIA_FILES = (\{.*?\});", worker).group(1))
    assert files == {"pypi/a.whl": hashlib.sha256(b"wheel").hexdigest()[:16],
                     "static/pyodide/pyodide.asm.wasm":
                         hashlib.sha256(b"wasm").hexdigest()[:16]}
    pages = json.loads(re.search(r"const DENDRIA_PAGES = (\[.*?\]);", worker).group(1))
    assert pages == ["lab/index.html"]              # kept to be opened offline
    with pytest.raises(builder.BuildError, match="has the site's cache already"):
        builder.service_worker(out)
    (out / "service-worker.js").write_text("self.addEventListener('fetch', f)")
    with pytest.raises(builder.BuildError, match="not JupyterLite's service worker"):
        builder.service_worker(out)


def test_in_the_pyodide_kernel_progress_lives_on_the_sites_drive(tmp_path, monkeypatch):
    """JupyterLite's Pyodide kernel mounts the site's drive (the browser's
    storage) at /drive: the progress file is kept there, shared by every
    notebook of the site; without the drive it lasts the session."""
    from dendria_widget import store as store_module
    from dendria_widget.lessons import load, progress

    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(store_module, "DRIVE", drive)         # where store.home() looks
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(progress.HOME_VARIABLE)
    lesson = load("02_roots")
    title = lesson.exercises()[0].title
    store = progress.Progress()
    assert store.path == drive / ".dendria-widget" / "progress.json" and store.kept
    store.mark_solved(lesson, title)
    assert progress.Progress().solved(lesson) == [title]      # another notebook sees it
    assert "this browser's files" in store.place and ".dendria-widget" in store.place
    assert not store.note
    drive.rename(tmp_path / "gone")                             # no drive: this session only
    store = progress.Progress()
    assert not store.kept and "browser" in store.note


def _wheel(path, files):
    import zipfile

    with zipfile.ZipFile(path, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


def test_the_sites_wheel_leaves_out_what_a_lesson_never_uses(builder, tmp_path):
    import zipfile

    record = ("dendria_widget/__init__.py,sha256=x,1\n"
              "dendria_widget/_bundled/tutorials/a.ipynb,sha256=y,2\n"
              "dendria_widget/_native_src/kernel.cpp,sha256=z,3\n"
              "dendria_widget-0.1.0.dist-info/RECORD,,\n")
    path = _wheel(tmp_path / "dendria_widget-0.1.0-py3-none-any.whl", {
        "dendria_widget/__init__.py": "X = 1\n",
        "dendria_widget/_bundled/tutorials/a.ipynb": "{}",
        "dendria_widget/_native_src/kernel.cpp": "int x;",
        "dendria_widget-0.1.0.dist-info/METADATA":
            "Name: dendria-widget\nVersion: 0.1.0\nRequires-Dist: ipywidgets>=8\n"
            "Requires-Dist: pandas; extra == \"lab\"\n\nThe description: Name: no\n",
        "dendria_widget-0.1.0.dist-info/RECORD": record})
    slim = builder.slim_wheel(path.read_bytes())
    with zipfile.ZipFile(io.BytesIO(slim)) as z:
        assert sorted(z.namelist()) == ["dendria_widget-0.1.0.dist-info/METADATA",
                                        "dendria_widget-0.1.0.dist-info/RECORD",
                                        "dendria_widget/__init__.py"]
        assert z.read("dendria_widget-0.1.0.dist-info/RECORD").decode().splitlines() == [
            "dendria_widget/__init__.py,sha256=x,1", "dendria_widget-0.1.0.dist-info/RECORD,,"]
    assert builder.slim_wheel(path.read_bytes()) == slim          # the same bytes each time
    # what the site's lock says of it: the requirements without extras
    assert builder.wheel_info(slim) == ("dendria-widget", "0.1.0", ["dendria_widget"],
                                        ["ipywidgets"])


def test_wheels_compiled_ahead_import_without_compiling(builder, tmp_path):
    """The site's wheels carry their modules compiled (unchecked hash): in
    place of the source for the others' packages, beside it for this one;
    each imports from the wheel as it is."""
    import zipfile

    files = {"pkg_{k}/__init__.py": "from .mod import VALUE\n",
             "pkg_{k}/mod.py": "VALUE = 6 * 7\n",
             "pkg_{k}-1.0.dist-info/METADATA": "Name: pkg-{k}\nVersion: 1.0\n",
             "pkg_{k}-1.0.dist-info/RECORD": "pkg_{k}/__init__.py,sha256=a,1\n"
                                             "pkg_{k}/mod.py,sha256=b,2\n"}
    wheels = {}
    for k in ("a", "b"):
        name = f"pkg_{k}-1.0-py3-none-any.whl"
        wheels[name] = _wheel(tmp_path / name, {n.format(k=k): t.format(k=k)
                                                for n, t in files.items()}).read_bytes()
    built = builder.compiled_wheels(wheels, {"pkg_b-1.0-py3-none-any.whl"},
                                    tmp_path / "cache", sys.executable)
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(io.BytesIO(built["pkg_a-1.0-py3-none-any.whl"])) as z:
        names = set(z.namelist())
        record = z.read("pkg_a-1.0.dist-info/RECORD").decode()
    assert {"pkg_a/__init__.pyc", "pkg_a/mod.pyc"} <= names
    assert not {"pkg_a/__init__.py", "pkg_a/mod.py"} & names      # sourceless
    assert "pkg_a/mod.pyc,," in record and "pkg_a/mod.py," not in record
    with zipfile.ZipFile(io.BytesIO(built["pkg_b-1.0-py3-none-any.whl"])) as z:
        names = set(z.namelist())
        pyc = z.read(f"pkg_b/__pycache__/mod.{tag}.pyc")
    assert {"pkg_b/mod.py", f"pkg_b/__pycache__/mod.{tag}.pyc"} <= names
    assert int.from_bytes(pyc[4:8], "little") == 0b01            # hash-based, unchecked
    for k in ("a", "b"):
        path = tmp_path / f"built_{k}.whl"
        path.write_bytes(built[f"pkg_{k}-1.0-py3-none-any.whl"])
        sys.path.insert(0, str(path))
        try:
            assert __import__(f"pkg_{k}").VALUE == 42
        finally:
            sys.path.remove(str(path))
            for m in [m for m in sys.modules if m.startswith(f"pkg_{k}")]:
                del sys.modules[m]
    # kept in the cache by content: a rebuild gives the same bytes, compiling nothing
    again = builder.compiled_wheels(wheels, {"pkg_b-1.0-py3-none-any.whl"},
                                    tmp_path / "cache", "no-such-python")
    assert again == built


def test_the_sites_kernel_finds_standard_modules_before_the_drive(builder, tmp_path):
    """The site's piplite (the first module the kernel imports) moves the
    working folder ('' on sys.path: the drive) after the standard library,
    before the installed packages: a standard module never asks the drive,
    and a student's own module still imports."""
    import subprocess
    import zipfile

    path = _wheel(tmp_path / "piplite-0.6.1-py3-none-any.whl", {
        "piplite/__init__.py": '"""A package."""\n\nfrom .piplite import install\n',
        "piplite/piplite.py": "def install():\n    pass\n",
        "piplite-0.6.1.dist-info/RECORD":
            "piplite/__init__.py,sha256=old,40\npiplite/piplite.py,sha256=x,1\n"})
    wheel, member = builder.SYS_PATH_MODULE
    assert wheel == "piplite"
    patched = builder.prepended_wheel(path.read_bytes(), member, builder.SYS_PATH_AFTER_STDLIB)
    with zipfile.ZipFile(io.BytesIO(patched)) as z:
        source = z.read(member).decode()
        record = z.read("piplite-0.6.1.dist-info/RECORD").decode().splitlines()
    assert source.startswith('"""A package."""\n') and "from .piplite import install" in source
    assert record == ["piplite/__init__.py,,", "piplite/piplite.py,sha256=x,1"]
    with pytest.raises(builder.BuildError):                      # once only
        builder.prepended_wheel(patched, member, builder.SYS_PATH_AFTER_STDLIB)
    (tmp_path / "site").mkdir()
    with zipfile.ZipFile(io.BytesIO(patched)) as z:
        z.extractall(tmp_path / "site")
    (tmp_path / "drive").mkdir()
    (tmp_path / "drive" / "mine.py").write_text("WHO = 'the student'\n")
    code = ("import sys\n"
            f"sys.path[:] = ['', '/lib/python312.zip', '/lib/python3.12', "
            f"'/lib/python3.12/lib-dynload', {str(tmp_path / 'site' / 'site-packages')!r}, "
            f"{str(tmp_path / 'site')!r}]\n"
            "import piplite, mine\n"
            "at = sys.path.index('')\n"
            "print(sys.path[at - 1], sys.path[at + 1].endswith('site-packages'), mine.WHO)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path / "drive",
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["/lib/python3.12/lib-dynload", "True", "the", "student"]


def test_a_lesson_imports_no_module_it_does_not_need():
    """Opening a lesson (its widget) loads none of the lab, the puzzles'
    trainer, the analysis, the benchmarks or the command line, nor the heavy
    packages the lab uses: in the browser each would be seconds of start."""
    import subprocess

    code = ("import sys, json\n"
            "from dendria_widget import lessons\n"
            "lessons.LessonWidget('02_roots')\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=300, check=True, cwd=ROOT)
    loaded = set(json.loads(done.stdout.splitlines()[-1]))
    assert "dendria_widget.lessons.widget" in loaded
    ours = {"dendria_widget." + m for m in (
        "lab", "puzzles", "analyze", "bench", "bench_native", "bench_players", "bench_widget",
        "tutorials", "__main__")}
    assert not sorted(ours & loaded)
    heavy = {"dask", "distributed", "pandas", "matplotlib", "scipy", "pyarrow"}
    assert not sorted(m for m in loaded if m.split(".")[0] in heavy)
    # nor the standard library's web and mail (xml.sax.saxutils imports
    # urllib.request, which imports http and email): the SVG escapes its text
    # itself
    assert not sorted(m for m in loaded
                      if m.split(".")[0] in {"xml", "http", "email", "secrets", "hmac"}
                      or m == "urllib.request")


def test_the_svgs_escapes_are_the_standard_librarys():
    """render.svg escapes text and quotes attributes as xml.sax.saxutils
    does, without importing it."""
    from xml.sax import saxutils

    from dendria_widget.render import svg

    for text in ("plain", "", "a & b < c > d", "say \"hi\"", "it's", "both \" and '",
                 "lines\nand\ttabs\r", "&amp; already"):
        assert svg.escape(text) == saxutils.escape(text)
        assert svg.quoteattr(text) == saxutils.quoteattr(text)


def test_the_sites_copies_of_wheels_are_changed_as_said_or_refused(builder, tmp_path):
    """edited_wheel makes each change once, drops the changed module's old
    hash from RECORD, and refuses a text that is not there exactly once
    (another version of the wheel)."""
    import zipfile

    path = _wheel(tmp_path / "pkg-1.0-py3-none-any.whl", {
        "pkg/__init__.py": "from .big import thing\nx = 1\n",
        "pkg-1.0.dist-info/RECORD": "pkg/__init__.py,sha256=old,30\nother,sha256=y,1\n"})
    data = builder.edited_wheel(path.read_bytes(), [
        ("pkg/__init__.py", "from .big import thing\n", "thing = None\n")])
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert z.read("pkg/__init__.py").decode() == "thing = None\nx = 1\n"
        assert z.read("pkg-1.0.dist-info/RECORD").decode().splitlines() == [
            "pkg/__init__.py,,", "other,sha256=y,1"]
    for old in ("from .absent import it\n", "i"):            # 0 and 3 times
        with pytest.raises(builder.BuildError, match="not once"):
            builder.edited_wheel(path.read_bytes(), [("pkg/__init__.py", old, "")])
    # the real wheels' edits keep their modules valid Python
    for edits in builder.SITE_EDITS.values():
        for _member, _old, new in edits:
            compile(textwrap.dedent(new), "edit", "exec")


def test_a_compiled_module_kept_aside_loads_when_first_imported(builder, tmp_path):
    """The site's numpy and Pillow keep their compiled modules under a name
    Pyodide does not load ahead (its own rule, SHAREDLIB_REGEX of
    pyodide/_package_loader.py: ``\\.so(.\\d+)*$``); the finder at the top of
    the package loads one when it is first imported, and not before. Shown
    here with a real compiled module of this Python (``_bisect``)."""
    import importlib.machinery
    import subprocess
    import zipfile

    real = Path(importlib.import_module("_bisect").__file__)
    suffix = next(s for s in importlib.machinery.EXTENSION_SUFFIXES if real.name.endswith(s))
    path = tmp_path / "pkg-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("pkg/__init__.py", '"""A package."""\nfrom __future__ import annotations\n'
                                      "X = 1\n")
        z.writestr(f"pkg/_bisect{suffix}", real.read_bytes())
        z.writestr("pkg-1.0.dist-info/RECORD",
                   f"pkg/__init__.py,sha256=a,1\npkg/_bisect{suffix},sha256=b,2\n")
    lazy = builder.lazy_dynlibs_wheel(path.read_bytes(), "pkg/__init__.py")
    with zipfile.ZipFile(io.BytesIO(lazy)) as z:
        names = z.namelist()
        record = z.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
        z.extractall(tmp_path / "site")
    assert f"pkg/_bisect{suffix}{builder.LAZY_SUFFIX}" in names
    assert not [n for n in names if re.search(r"\.so(.\d+)*$", n)]     # none loaded ahead
    assert record == ["pkg/__init__.py,,", f"pkg/_bisect{suffix}{builder.LAZY_SUFFIX},sha256=b,2"]
    code = ("import sys, pkg\n"
            "before = 'pkg._bisect' in sys.modules\n"
            "from pkg import _bisect\n"
            "import pkg as again\n"
            "print(before, _bisect.bisect_right([1, 3, 5], 4), _bisect.__file__.endswith('.lazy'),\n"
            "      sum(getattr(f, 'site_compiled_on_import', False) for f in sys.meta_path))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path / "site",
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stdout.split() == ["False", "2", "True", "1"]
    with pytest.raises(builder.BuildError):                      # once only
        builder.lazy_dynlibs_wheel(lazy, "pkg/__init__.py")
