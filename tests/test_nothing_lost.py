"""Nothing lost anywhere: saves that cannot destroy, progress that two
kernels write at once, files that cannot hang the kernel, and trust given
only to the project's own tutorials."""

import json
import os
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
    time.sleep(1.0)                  # both started and waiting
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
