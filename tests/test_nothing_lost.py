"""Nothing lost anywhere: saves that cannot destroy, progress that two
kernels write at once, files that cannot hang the kernel, and trust given
only to the project's own tutorials."""

import json
import os
import pathlib
import subprocess
import sys
import textwrap
import time
from types import SimpleNamespace

import pytest

from dendria_widget import files
from dendria_widget.errors import BadFile, DendriaError
from dendria_widget.lessons.progress import Progress
from dendria_widget.store import JsonStore, StoreError, set_home

try:
    from dendria_widget.lessons import load as load_lesson
except ImportError:  # pragma: no cover
    load_lesson = None


def _listing(folder):
    return sorted(p.name for p in folder.iterdir())


def _run(code, *args, timeout=120, **kw):
    """Run Python code in a fresh process (the package importable)."""
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout, **kw)


# ------------------------------------------------------------ the store
def test_a_store_reads_changes_and_writes_under_its_lock(tmp_path):
    s = JsonStore(tmp_path / "sub" / "marks.json", version=2, what="the marks")
    assert s.read() == {"version": 2} and not (tmp_path / "sub").exists()
    assert s.update(lambda d: {**d, "n": 1}) == {"version": 2, "n": 1}
    assert json.loads((tmp_path / "sub" / "marks.json").read_text("utf-8")) == {
        "version": 2, "n": 1}

    def in_place(d):
        d["n"] += 1
    assert s.update(in_place)["n"] == 2 and s.read()["n"] == 2
    assert _listing(tmp_path / "sub") == ["marks.json"]       # no lock file, no temp
    # an unchanged document is not written again
    before = os.stat(s.path).st_mtime_ns
    time.sleep(0.01)
    s.update(lambda d: d)
    assert os.stat(s.path).st_mtime_ns == before


def test_an_update_inside_an_update_of_the_same_folder_does_not_wait(tmp_path):
    a = JsonStore(tmp_path / "a.json", 1)
    b = JsonStore(tmp_path / "b.json", 1)

    def both(doc):
        b.update(lambda d: {**d, "n": 1})
        return {**doc, "n": 2}
    # had the inner update waited for the folder's lock, which the outer one
    # holds, it would have given up after its lock_timeout with a StoreError
    a.update(both)
    assert a.read()["n"] == 2 and b.read()["n"] == 1


@pytest.mark.parametrize("content,reason,words", [
    (b'{"version": 9, "solved": {}}', "newer", "newer dendria-widget (version 9"),
    (b"\xff\xfe{}", "bad", "not UTF-8"),
    (b"[" * 40 + b"]" * 40, "bad", "more deeply than 16 levels"),
    (b'{"version": 1, "n": ' + b"[" * 30 + b"]" * 30 + b"}", "bad", "more deeply"),
    (b"[1, 2]", "bad", "does not hold a JSON object"),
    (b'{"n": 1}', "bad", "has no version number"),
    (b'{"version": 1, "n": "x"}', "bad", "is not the marks: n is not a number"),
    (b'{"version": 1, "n": 1, "n": 2}', "bad", "appears twice"),
    (b"{", "bad", "not valid JSON"),
])
def test_a_file_the_store_cannot_use_is_refused_in_words_and_left_untouched(
        tmp_path, content, reason, words):
    def check(doc):
        if not isinstance(doc.get("n", 0), int):
            raise DendriaError("n is not a number")
    path = tmp_path / "marks.json"
    path.write_bytes(content)
    s = JsonStore(path, version=1, check=check, what="the marks")
    for attempt in (s.read, lambda: s.update(lambda d: {**d, "n": 5})):
        with pytest.raises(StoreError) as e:
            attempt()
        assert e.value.reason == reason and words in str(e.value)
        assert "PosixPath" not in str(e.value) and str(path) in str(e.value)
    assert path.read_bytes() == content and _listing(tmp_path) == ["marks.json"]


def test_a_store_too_large_is_refused_without_reading_it(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b'{"version": 1, "x": "' + b"a" * 5000 + b'"}')
    with pytest.raises(StoreError, match="more than the marks may") as e:
        JsonStore(path, 1, what="the marks", limit=1000).read()
    assert e.value.reason == "bad"


def test_the_home_can_be_chosen(tmp_path, monkeypatch):
    from dendria_widget import store
    monkeypatch.setenv(store.HOME_VARIABLE, str(tmp_path / "env"))
    assert store.home() == tmp_path / "env" and store.home_is_chosen()
    try:
        set_home(tmp_path / "drive")
        assert store.home() == tmp_path / "drive"
        assert Progress().path == tmp_path / "drive" / "progress.json"
    finally:
        set_home(None)
    assert store.home() == tmp_path / "env"
    monkeypatch.delenv(store.HOME_VARIABLE)
    assert not store.home_is_chosen()


# ------------------------------------------------------------- progress
def _fake_lesson(n):
    titles = [f"exercise {k}" for k in range(n)]
    return SimpleNamespace(name="99_many", exercises=lambda: [SimpleNamespace(title=t)
                                                              for t in titles])


MARKER = """
import sys, time, os
from types import SimpleNamespace
from dendria_widget.lessons.progress import Progress
path, start, go = sys.argv[1], int(sys.argv[2]), sys.argv[3]
titles = [f"exercise {k}" for k in range(600)]
lesson = SimpleNamespace(name="99_many",
                         exercises=lambda: [SimpleNamespace(title=t) for t in titles])
p = Progress(path)
open(f"{go}.ready{start}", "w").close()     # started: now both wait for the go
while not os.path.exists(go):
    time.sleep(0.001)
for k in range(start, 600, 2):
    p.mark_solved(lesson, titles[k])
print(p.kept, p.note)
"""


def test_two_kernels_marking_300_exercises_each_at_once_lose_none(tmp_path):
    path = tmp_path / "home" / "progress.json"
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    procs = [subprocess.Popen([sys.executable, "-c", MARKER, str(path), str(k), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env) for k in (0, 1)]
    deadline = time.monotonic() + 120
    while (time.monotonic() < deadline and all(p.poll() is None for p in procs)
           and not all(pathlib.Path(f"{go}.ready{k}").exists() for k in (0, 1))):
        time.sleep(0.01)                 # until both have started and wait
    assert all(pathlib.Path(f"{go}.ready{k}").exists() for k in (0, 1)), [
        p.communicate() for p in procs]
    go.write_text("")
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert all(out.startswith("True") for out, _ in outs), outs
    solved = json.loads(path.read_text("utf-8"))["solved"]["99_many"]
    assert len(solved) == 600 and len(set(solved)) == 600
    assert Progress(path).count(_fake_lesson(600)) == (600, 600)
    assert _listing(path.parent) == ["progress.json"]


@pytest.mark.parametrize("content,words", [
    (b'{"version": 2, "solved": {}, "later": 1}',
     "newer version of dendria-widget"),
    (b"\x80\x81", "not UTF-8"),
    (b'{"version": 1, "solved": ' + b"[" * 50 + b"]" * 50 + b"}", "deeply"),
    (b'{"version": 1, "solved": {"02_roots": "all"}}', "not a list of titles"),
    (b'{"version": 1, "solved": []}', "not a table of lessons"),
])
def test_progress_leaves_a_newer_or_bad_file_byte_for_byte(tmp_path, content, words):
    lesson = load_lesson("02_roots")
    title = lesson.exercises()[0].title
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    p = Progress(path)
    p.count(lesson)
    p.mark_solved(lesson, title)
    assert p.count(lesson)[0] == 1 and not p.kept
    p.reset(lesson)
    p.mark_solved(lesson, title)
    p.reset()
    assert path.read_bytes() == content and _listing(tmp_path) == ["progress.json"]
    assert words in p.note and "for this session only" in p.note
    assert "PosixPath" not in p.note
    # no message invites wiping it: it says the file is kept
    assert "kept as it is" in p.note or "left as it is" in p.note
    for wipe in ("Reset", "delete", "remove", "overwrite", "writes a new"):
        assert wipe not in p.note


def test_progress_from_a_newer_version_still_shows_its_marks(tmp_path):
    lesson = load_lesson("02_roots")
    title = lesson.exercises()[0].title
    path = tmp_path / "progress.json"
    content = json.dumps({"version": 3, "solved": {lesson.name: [title]}}).encode()
    path.write_bytes(content)
    p = Progress(path)
    assert p.solved(lesson) == [title] and "newer version" in p.note
    assert path.read_bytes() == content


def test_progress_keeps_keys_it_does_not_know(tmp_path):
    lesson = load_lesson("02_roots")
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"version": 1, "solved": {}, "puzzles": {"p1": True}}))
    Progress(path).mark_solved(lesson, lesson.exercises()[0].title)
    data = json.loads(path.read_text("utf-8"))
    assert data["puzzles"] == {"p1": True} and data["solved"][lesson.name]


def test_progress_in_the_browser_is_kept_on_a_chosen_drive(tmp_path, monkeypatch):
    from dendria_widget import store
    lesson = load_lesson("02_roots")
    title = lesson.exercises()[0].title
    monkeypatch.setattr("sys.platform", "emscripten")
    monkeypatch.delenv(store.HOME_VARIABLE)
    p = Progress(tmp_path / "none" / "progress.json")
    p.mark_solved(lesson, title)
    assert not p.kept and "browser" in p.note and not (tmp_path / "none").exists()
    try:
        set_home(tmp_path / "drive")
        p = Progress()
        p.mark_solved(lesson, title)
        assert p.kept and Progress().count(lesson)[0] == 1
        assert _listing(tmp_path / "drive") == ["progress.json"]
    finally:
        set_home(None)


# -------------------------------------------------------------- records
def _long_game():
    from dendria_widget import Game
    from dendria_widget.players import RandomPlayer

    g = Game("dendria-classic", size=5)
    player = RandomPlayer(seed=3)
    while not g.is_over and len(g.history) < 60:
        g.play(*player.choose_turn(g))
    return g


SAVE_UNDER_A_SIZE_LIMIT = """
import resource, signal, sys
from dendria_widget import Game
from dendria_widget.session import BoardSession
path, limit = sys.argv[1], int(sys.argv[2])
game = Game.from_record(open(sys.argv[3], encoding="utf-8").read())
s = BoardSession(game)
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)      # a write past the limit fails
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
print(s.save_record(path, overwrite=True))
print(s.status)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="resource limits are POSIX")
def test_a_record_save_cut_half_way_leaves_the_old_record_and_no_partial_file(tmp_path):
    from dendria_widget import Game

    folder = tmp_path / "games"
    folder.mkdir()
    path = folder / "game.json"
    old = Game("hedu", size=3)
    assert old.save(path) is False
    before = path.read_bytes()
    big = _long_game()
    new_text = big.to_json(indent=1) + "\n"
    (tmp_path / "new.json").write_text(new_text, encoding="utf-8")
    limit = len(new_text.encode()) // 2            # half of the new record fits
    assert len(before) < limit
    r = _run(SAVE_UNDER_A_SIZE_LIMIT, path, limit, tmp_path / "new.json")
    assert r.returncode == 0, r.stderr
    result, status = r.stdout.splitlines()[:2]
    assert result == "None"
    assert status == (f"Cannot save the record to {path}: file too large; {path} is as "
                      f"it was.")
    assert path.read_bytes() == before and _listing(folder) == ["game.json"]
    # without the limit, the same save goes through
    r = _run(SAVE_UNDER_A_SIZE_LIMIT, path, 10 ** 9, tmp_path / "new.json")
    assert r.stdout.splitlines()[1] == f"Record saved to {path}, replacing the file that was there."
    assert Game.load(path) == big and _listing(folder) == ["game.json"]


def test_an_interrupted_save_leaves_no_partial_file(tmp_path, monkeypatch):
    path = tmp_path / "x.json"
    path.write_bytes(b"old")
    real_write = os.write

    def cut(fd, data):
        real_write(fd, bytes(data[:3]))
        raise KeyboardInterrupt
    monkeypatch.setattr("dendria_widget.files.os.write", cut)
    with pytest.raises(KeyboardInterrupt):
        files.write_atomic(path, b"new content")
    monkeypatch.undo()
    assert path.read_bytes() == b"old" and _listing(tmp_path) == ["x.json"]


def test_saving_over_a_record_asks_first(tmp_path):
    from dendria_widget import BoardWidget, Game

    path = tmp_path / "game.json"
    w = BoardWidget(Game("dendria-classic", size=4))
    assert w.save_record(path) == str(path) and w.status == f"Record saved to {path}."
    first = path.read_bytes()
    w.play("plant c3", "end")
    # the Editor's button: the first click asks, the second replaces and says so
    panel = w.editor_panel
    panel.path.value = str(path)
    panel.save_record_button.click()
    assert w.status_kind == "refused" and path.read_bytes() == first
    assert w.status.startswith(f"{path} is already there, so the record was not saved")
    assert "Save again to replace it" in w.status
    panel.save_record_button.click()
    assert w.status == f"Record saved to {path}, replacing the file that was there."
    assert Game.load(path) == w.game
    second = path.read_bytes()
    w.play("plant d4", "end")
    panel.save_record_button.click()          # asks again: a replace is never silent
    assert "already there" in w.status and path.read_bytes() == second
    # the API: refused without overwrite, replaced with it
    assert w.save_record(path) is None and path.read_bytes() == second
    assert w.save_record(path, overwrite=True) == str(path)
    assert Game.load(path) == w.game
    # the Game's own API
    with pytest.raises(files.ExistingFile, match="is already there") as e:
        w.game.save(path)
    assert e.value.path == str(path) and "PosixPath" not in str(e.value)
    assert w.game.save(path, overwrite=True) is True
    assert _listing(tmp_path) == ["game.json"]


def test_an_export_never_replaces_silently_and_keeps_what_it_finished(tmp_path, monkeypatch):
    from dendria_widget import BoardWidget, Game

    w = BoardWidget(Game("dendria-classic", size=4))
    written = w.export(tmp_path, stem="pos")
    assert sorted(os.path.basename(p) for p in written) == ["pos.json", "pos.png", "pos.svg"]
    svg = (tmp_path / "pos.svg").read_bytes()
    w.play("plant c3", "end")
    assert w.export(tmp_path, stem="pos") == [] and "already" in w.status
    assert (tmp_path / "pos.svg").read_bytes() == svg
    assert len(w.export(tmp_path, stem="pos", overwrite=True)) == 3
    assert (tmp_path / "pos.svg").read_bytes() != svg
    # a disk that fills up after the picture: the SVG is kept and named
    real = files.os.replace
    calls = []

    def full(src, dst):
        calls.append(dst)
        if len(calls) > 1:
            raise OSError(28, "No space left on device")
        return real(src, dst)
    monkeypatch.setattr("dendria_widget.files.os.replace", full)
    monkeypatch.setattr("dendria_widget.files.os.link", full)
    done = w.export(tmp_path, stem="cut")
    monkeypatch.undo()
    assert [os.path.basename(p) for p in done] == ["cut.svg"]
    assert "no space left on device" in w.status and "Exported cut.svg before it (kept)" in w.status
    assert "cut.json not written" in w.status
    assert sorted(p.name for p in tmp_path.glob("cut*")) == ["cut.svg"]
    assert not list(tmp_path.glob(".*"))


# --------------------------------------------------------- reading files
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    # Opening a named pipe waits, for ever, for a writer: a reader that did so
    # would never return. So each reader must come back (within a bound far
    # beyond what they need, even on a busy machine: they take milliseconds).
    import threading

    from dendria_widget import BoardWidget, Game

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    code = """
    import sys, time
    from dendria_widget import BoardWidget, Game
    from dendria_widget.lessons.progress import Progress
    from dendria_widget.store import JsonStore
    w = BoardWidget(Game("hedu", size=3))
    t = time.monotonic()
    w.load_record(sys.argv[1]); print(w.status)
    try:
        Game.load(sys.argv[1])
    except Exception as e:
        print(type(e).__name__, e)
    p = Progress(sys.argv[1]); p.solved
    try:
        JsonStore(sys.argv[1], 1).read()
    except Exception as e:
        print(type(e).__name__, e)
    print(round(time.monotonic() - t, 3))
    """
    r = _run(code, fifo, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == f"Cannot read {fifo}: it is a named pipe (FIFO), not a file."
    assert lines[1] == f"BadFile cannot read {fifo}: it is a named pipe (FIFO), not a file"
    assert lines[2].startswith("StoreError cannot read")
    print(f"refused by every reader in another process in {lines[-1]} s")

    # and in this process too: every reader refuses it without waiting
    w = BoardWidget(Game("hedu", size=3))
    failed = []

    def readers():
        try:
            w.load_record(fifo)
            assert "named pipe" in w.status
            with pytest.raises(BadFile, match="named pipe"):
                BoardWidget.from_record(fifo)
            from dendria_widget.__main__ import main
            assert main(["analyze", str(fifo)]) == 1
            # nor is a save to it waiting for a reader
            assert w.save_record(fifo, overwrite=True) is None
            assert w.status == (f"Cannot save the record to {fifo}: it is a named pipe "
                                f"(FIFO), not a file; nothing was written.")
            assert w.export(tmp_path, stem="pipe") == [] and "already" in w.status
        except BaseException as e:          # noqa: BLE001 - shown below
            failed.append(e)

    thread = threading.Thread(target=readers, daemon=True)
    thread.start()
    thread.join(120)
    assert not thread.is_alive(), "a reader or writer waits on the named pipe"
    if failed:
        raise failed[0]
    assert _listing(tmp_path) == ["pipe.json"]


def test_files_too_large_or_not_files_are_refused_in_words(tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    with pytest.raises(BadFile, match=r"it holds 2 KB, more than a record may \(1000 bytes\)"):
        files.read_bytes(big, 1000, "a record")
    with pytest.raises(BadFile, match=r"it is a folder, not a file"):
        files.read_bytes(tmp_path)
    if os.path.exists("/dev/zero"):
        with pytest.raises(BadFile, match=r"/dev/zero: it is a device, not a file"):
            files.read_bytes("/dev/zero")
    with pytest.raises(BadFile, match=r"cannot save the picture to .*: it is a folder"):
        files.write_atomic(tmp_path, b"x", what="the picture")


def test_paths_in_messages_are_text(tmp_path):
    from pathlib import Path

    from dendria_widget import BoardWidget, Game

    w = BoardWidget(Game("hedu", size=3))
    missing = Path(tmp_path) / "missing.json"
    messages = []
    w.load_record(missing)
    messages.append(w.status)
    w.save_record(Path(tmp_path) / "no" / "such" / "x.json")
    messages.append(w.status)
    messages.append(repr(Progress(missing)))
    messages.append(Progress(tmp_path).note or "")
    for m in messages:
        assert "PosixPath" not in m and "WindowsPath" not in m and "('" not in m
    assert messages[0] == f"Cannot read {missing}: no such file or directory."
    assert messages[1].startswith(f"Cannot save the record to {tmp_path}/no/such/x.json: "
                                  f"no such file or directory; nothing was written")


# ---------------------------------------------------------------- trust
ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def _foreign_notebook(path):
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    nb = new_notebook(cells=[new_code_cell("1", outputs=[new_output(
        "display_data", data={"text/html": "<script>alert('mine')</script>"})])])
    nbformat.write(nb, str(path))


def _trusted(path):
    import nbformat
    from nbformat.sign import NotebookNotary

    notary = NotebookNotary()
    try:
        return notary.check_signature(nbformat.read(str(path), as_version=4))
    finally:
        notary.close()


@pytest.fixture
def jupyter_data(tmp_path, monkeypatch):
    folder = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(folder))
    return folder


def test_the_manifest_lists_every_built_tutorial_as_committed():
    from dendria_widget.tutorials import MANIFEST, read_manifest, sha256

    manifest = read_manifest(ROOT / "tutorials")
    notebooks = sorted(p.name for p in (ROOT / "tutorials").glob("*.ipynb"))
    assert sorted(manifest) == notebooks, (
        f"tutorials/{MANIFEST} is not the list of the notebooks: run "
        f"'python scripts/build_tutorials.py --manifest' after committing them")
    stale = [n for n in notebooks
             if sha256((ROOT / "tutorials" / n).read_bytes()) != manifest[n]]
    assert not stale, (f"these notebooks changed since tutorials/{MANIFEST} was written "
                       f"(rebuild them, or run 'python scripts/build_tutorials.py "
                       f"--manifest'): {', '.join(stale)}")


def test_lab_sh_trusts_only_the_projects_own_tutorials(tmp_path, jupyter_data):
    """The trust step of scripts/lab.sh, run as the script runs it (in a
    folder holding a copy of the tutorials, a foreign notebook and a
    tutorial changed since it was built), without starting JupyterLab."""
    import re
    import shutil

    script = (ROOT / "scripts" / "lab.sh").read_text("utf-8")
    steps = [line for line in script.splitlines() if "dendria_widget.tutorials trust" in line]
    assert steps == ['"$PYTHON" -m dendria_widget.tutorials trust tutorials'], steps
    assert not re.search(r"trust_notebooks|nbformat|jupyter trust", script)
    work = tmp_path / "clone"
    shutil.copytree(ROOT / "tutorials", work / "tutorials")
    _foreign_notebook(work / "tutorials" / "zz_foreign.ipynb")
    changed = work / "tutorials" / "02_roots.ipynb"
    changed.write_text(changed.read_text("utf-8").replace("Lesson 02", "Lesson two"),
                       encoding="utf-8")
    r = subprocess.run(["bash", "-c", steps[0]], cwd=work, capture_output=True, text=True,
                       env={**os.environ, "PYTHON": sys.executable}, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Left tutorials/zz_foreign.ipynb untrusted: it is not one of the tutorials" in r.stdout
    assert "Left tutorials/02_roots.ipynb untrusted: it was changed since it was built" in r.stdout
    untrusted = [p.name for p in sorted((work / "tutorials").glob("*.ipynb"))
                 if not _trusted(p)]
    assert untrusted == ["02_roots.ipynb", "zz_foreign.ipynb"]


def test_the_tutorials_command_never_trusts_a_foreign_notebook(tmp_path, monkeypatch,
                                                               jupyter_data, capsys):
    import shutil

    from dendria_widget import tutorials
    from dendria_widget.__main__ import main

    src = tmp_path / "installed"
    shutil.copytree(ROOT / "tutorials", src / "tutorials")
    shutil.copytree(ROOT / "docs", src / "docs")
    _foreign_notebook(src / "tutorials" / "zz_foreign.ipynb")
    edited = src / "tutorials" / "03_sprouting.ipynb"
    edited.write_text(edited.read_text("utf-8").replace("Lesson 03", "Lesson three"),
                      encoding="utf-8")
    monkeypatch.setattr(tutorials, "source", lambda name: src / name)
    dest = tmp_path / "nb"
    assert main(["tutorials", str(dest)]) == 0
    out = capsys.readouterr().out
    assert "Marked them as trusted" in out
    assert f"Left {dest / 'zz_foreign.ipynb'} untrusted" in out
    assert f"Left {dest / '03_sprouting.ipynb'} untrusted: it was changed" in out
    untrusted = [p.name for p in sorted(dest.glob("*.ipynb")) if not _trusted(p)]
    assert untrusted == ["03_sprouting.ipynb", "zz_foreign.ipynb"]
    assert not (dest / tutorials.MANIFEST).exists()
    # a folder carrying a manifest of its own gains nothing by it
    (dest / tutorials.MANIFEST).write_text(tutorials.manifest_text(
        {"zz_foreign.ipynb": tutorials.sha256((dest / "zz_foreign.ipynb").read_bytes())}))
    assert tutorials.trust_notebooks([dest / "zz_foreign.ipynb"]) == 0


def test_the_build_enters_only_committed_notebooks_in_the_manifest(tmp_path, monkeypatch):
    """``build_tutorials.py --manifest`` (after a merge): notebooks git
    tracks as committed get an entry; an untracked or changed one never."""
    import importlib.util

    from dendria_widget.tutorials import read_manifest, sha256

    spec = importlib.util.spec_from_file_location("build_tutorials_under_test",
                                                  ROOT / "scripts" / "build_tutorials.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    repo = tmp_path / "repo"
    (repo / "tutorials").mkdir(parents=True)
    for name in ("a.ipynb", "b.ipynb"):
        (repo / "tutorials" / name).write_text(f'{{"cells": [], "n": "{name}"}}')

    def git(*args):
        subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t",
                        *args], check=True, capture_output=True)
    git("init", "-q")
    git("add", "tutorials")
    git("commit", "-q", "-m", "notebooks")
    (repo / "tutorials" / "b.ipynb").write_text('{"cells": [], "changed": true}')
    _foreign_notebook(repo / "tutorials" / "c.ipynb")
    monkeypatch.setattr(build, "REPO", repo)
    monkeypatch.setattr(build, "TUTORIALS", repo / "tutorials")
    build.main(["--manifest"])
    manifest = read_manifest(repo / "tutorials")
    assert manifest == {"a.ipynb": sha256((repo / "tutorials" / "a.ipynb").read_bytes())}
    assert _listing(repo / "tutorials") == ["SHA256SUMS", "a.ipynb", "b.ipynb", "c.ipynb"]
