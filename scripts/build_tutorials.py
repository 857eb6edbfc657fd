"""Execute the tutorial notebooks in place, then clean them for committing.

    python scripts/build_tutorials.py                 # every tutorials/*.ipynb
    python scripts/build_tutorials.py tutorials/02_roots.ipynb ...
    python scripts/build_tutorials.py --new 20_my_lesson     # a new lesson's notebook

Each notebook runs top to bottom in a kernel of THIS Python (run the script
from the project's virtual environment), in the tutorials folder. Then the
saved notebook is cleaned, so it reads well on GitHub and diffs stay small:

- no widget state (``metadata.widgets``) and no widget views in the outputs:
  a widget's output keeps its SVG picture and its text, so every step's board
  shows without a kernel;
- execution counts renumbered 1, 2, 3... in cell order (nbval runs only
  cells that have one), and no per-cell execution metadata;
- no machine paths: this clone's folder and temporary folders in the outputs
  are replaced by short placeholders;
- a cell's printed text is one output per stream (stdout, stderr), however
  the kernel happened to cut it while running, so rebuilding an unchanged
  notebook changes nothing;
- test markers out of the learner's sight: a first line ``# NBVAL_CHECK_OUTPUT``
  (or any ``# NBVAL_*``) becomes nbval's cell tag ``nbval-check-output``;
- cell ids numbered from the notebook's name (``02-00``, ``02-01``...).

Before it runs, a lesson's notebook gets its last section written afresh
from the lesson's data: its puzzles in words and a cell that opens the
puzzle trainer on its goals (``dendria_widget.puzzles.links``: keyed on the
lesson's name without its number, so renumbering lessons keeps the link),
just before the link to the next lesson.

Then the shape of a lesson notebook (one whose name is a lesson's) is
checked, and the build stops naming what is wrong: the playable lesson
(``LessonWidget``) is its first code cell, only markdown before it; its
pages follow as pictures, every page of the lesson drawn; no cell prints
an exercise's solution (solutions are tested in tests/, never shown); and
no picture's text asks to press *Play* (only the lesson widget has that
button).

The kernels run with a temporary folder as their home, so the learner's
progress is written there (never in the real home) and the saved notebooks
show none.

``--new NAME`` writes the notebook of a lesson that has none yet (its data
module ``dendria_widget/lessons/data/lNN_<stem>.py`` is there) in that shape:
its title and summary, the lesson widget, then one picture cell per page,
and a link to the next lesson; then builds it. Edit its text and add the
engine's sentences under the pictures as the other lessons do.

A cell that raises stops the build with the notebook's name and the error.
Prints the time each notebook took, and the total.

Every notebook built (or cleaned) gets its SHA-256 in ``tutorials/SHA256SUMS``
(``sha256sum`` format), the manifest by which scripts/lab.sh and
``dendria-widget tutorials`` trust only the project's own notebooks. Entries
of notebooks not built this time are kept while the file still matches
them. ``--manifest`` only writes the manifest, of the notebooks git tracks
and that are as committed (after merging branches that rebuilt notebooks);
an untracked or changed notebook never gets an entry.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TUTORIALS = REPO / "tutorials"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CELL_TIMEOUT = 120  # seconds


def _path_patterns():
    tmp = re.escape(tempfile.gettempdir().rstrip("/"))
    home = re.escape(str(Path.home()))
    return [
        (re.compile(re.escape(str(REPO)) + r"/?"), ""),
        (re.compile(tmp + r"/[^\s'\"]*/"), "<tmp>/"),
        (re.compile(tmp + r"/[^\s'\"/]+"), "<tmp>"),
        (re.compile(home + r"/"), "~/"),
    ]


def _scrub(text, patterns):
    for pat, rep in patterns:
        text = pat.sub(rep, text)
    return text


def _scrub_data(value, patterns):
    if isinstance(value, str):
        return _scrub(value, patterns)
    if isinstance(value, list):
        return [_scrub_data(v, patterns) for v in value]
    if isinstance(value, dict):
        return {k: _scrub_data(v, patterns) for k, v in value.items()}
    return value


MARKER = re.compile(r"^# ?NBVAL_([A-Z_]+)[ \t]*\n?")


def tag_markers(cell):
    """Move ``# NBVAL_*`` first lines of a code cell into nbval's cell tags."""
    if cell.cell_type != "code":
        return
    tags = list(cell.metadata.get("tags", []))
    m = MARKER.match(cell.source)
    while m:
        tag = "nbval-" + m.group(1).lower().replace("_", "-")
        if tag not in tags:
            tags.append(tag)
        cell.source = cell.source[m.end():]
        m = MARKER.match(cell.source)
    if tags:
        cell.metadata["tags"] = tags


def _id_prefix(name):
    return name[:2] if name else "c"


def clean(nb, name=None):
    """Strip widget state, execution counts and machine paths, move test
    markers to cell tags and number the cell ids (``name``: the notebook's
    stem, for the ids) -- in place."""
    patterns = _path_patterns()
    nb.metadata.pop("widgets", None)
    count = 0
    for k, cell in enumerate(nb.cells):
        if name is not None:
            cell["id"] = f"{_id_prefix(name)}-{k:02d}"
        tag_markers(cell)
        for key in ("execution", "ExecuteTime", "collapsed", "scrolled"):
            cell.metadata.pop(key, None)
        if cell.cell_type != "code":
            continue
        count += 1
        cell.execution_count = count
        outputs = []
        for out in cell.outputs:
            if "execution_count" in out:
                out.execution_count = count
            if "data" in out:
                out.data.pop(WIDGET_VIEW, None)
                if not out.data:
                    continue
                out.data = _scrub_data(dict(out.data), patterns)
            if "text" in out:
                out.text = _scrub(out.text, patterns)
            if out.get("output_type") == "error":
                out.traceback = [_scrub(t, patterns) for t in out.traceback]
            out.pop("transient", None)
            last = outputs[-1] if outputs else None
            if (out.get("output_type") == "stream" and last is not None
                    and last.get("output_type") == "stream" and last.name == out.name):
                last.text += out.text
                continue
            outputs.append(out)
        cell.outputs = outputs
    return nb


def _text_outputs(cell, mime):
    for out in cell.get("outputs", []):
        value = out.get("data", {}).get(mime)
        if value:
            yield "".join(value) if isinstance(value, list) else value


def shape_problems(nb, name):
    """What is wrong with the shape of the notebook ``name`` (its stem), in
    sentences (none: it is right). Every notebook: no ``# NBVAL_*`` line in
    sight. A lesson's notebook: see the module's doc."""
    problems = []
    code = [c for c in nb.cells if c.cell_type == "code"]
    for c in code:
        if re.search(r"^# ?NBVAL_", c.source, re.MULTILINE):
            problems.append(f"a cell shows a test marker ({c.source.splitlines()[0]}): "
                            "use nbval's cell tags")
    sys.path.insert(0, str(REPO))
    from dendria_widget.lessons import catalog

    lessons = {lesson.name: lesson for lesson in catalog()}
    lesson = lessons.get(name)
    if lesson is None:
        return problems
    first = next((k for k, c in enumerate(nb.cells) if c.cell_type == "code"), None)
    if first is None or "LessonWidget(" not in nb.cells[first].source:
        problems.append("the first code cell must show the playable lesson "
                        f"(lessons.LessonWidget(\"{name}\"))")
    elif "nbval-ignore-output" not in nb.cells[first].metadata.get("tags", []):
        problems.append("the lesson widget's cell needs the tag nbval-ignore-output")
    for c in code:
        if re.search(r"\.(solution|wrong)\b|solution_words|show_solution", c.source):
            problems.append("a cell shows an exercise's solution or wrong answers "
                            f"({c.source.splitlines()[0]!r}): test them in tests/, "
                            "never show them")
    shown = "\n".join(t for c in code for t in _text_outputs(c, "text/markdown"))
    if code and all(c.get("outputs") is not None for c in code) and any(
            c.get("outputs") for c in code):
        missing = [k + 1 for k in range(len(lesson))
                   if f"(step {k + 1} of {len(lesson)})" not in shown]
        if missing:
            problems.append(f"the pages {', '.join(map(str, missing))} of {len(lesson)} are "
                            "not drawn (lesson.show(k) for each page)")
    if not any(c.metadata.get(PUZZLES_KEY) and "puzzles.Trainer(" in c.source for c in code):
        problems.append("the lesson does not end with its puzzles (the build writes them: "
                        "scripts/build_tutorials.py)")
    if "**Play**" in shown:
        problems.append("a page's picture asks to press Play, which only the lesson "
                        "widget has")
    return problems


PLAY_MARKDOWN = """## Play the lesson

Run the cell below (Shift+Enter, or the ▶ button). **Next** and **Previous** go
through the pages; **Play**, on a page that shows steps happening, plays them one
by one. On an exercise, play on the board, then press **Check**;
**Retry** starts it again. Stuck? **Hint** helps in stages: first a sentence,
then the part of the board to look at, and then **Show solution**. The exercises
you solve are counted, here and in the [index](index.ipynb)."""

PAGES_MARKDOWN = """## The pages, to read

Every page of the lesson as a picture, with what the engine says about it: to
read without running anything (on GitHub, or in an export). The exercises are
shown as they start, without their solutions: solve them on the board above."""


PUZZLES_KEY = "dendria_puzzles"     # cell metadata of the cells written here


def puzzle_cells(lesson):
    """The cells that end a lesson's notebook: its puzzles in words, and the
    trainer on its goals (written from the lesson's data:
    dendria_widget.puzzles.links)."""
    import nbformat

    sys.path.insert(0, str(REPO))
    from dendria_widget.puzzles import links

    words = nbformat.v4.new_markdown_cell(links.notebook_markdown(lesson))
    code = nbformat.v4.new_code_cell(links.trainer_code(lesson))
    code.metadata["tags"] = ["nbval-ignore-output"]
    for cell in (words, code):
        cell.metadata[PUZZLES_KEY] = True
    return [words, code]


def with_puzzles(nb, name):
    """The lesson ``name``'s notebook with its puzzle cells written afresh
    from the lesson's data, just before its last cell (the link to the next
    lesson); other notebooks as they are. In place; returns ``nb``."""
    sys.path.insert(0, str(REPO))
    from dendria_widget.lessons import catalog

    lesson = {x.name: x for x in catalog()}.get(name)
    if lesson is None:
        return nb
    cells = [c for c in nb.cells if not c.metadata.get(PUZZLES_KEY)]
    last = cells[-1] if cells else None
    at = (len(cells) - 1 if last is not None and last.cell_type == "markdown"
          and re.match(r"(Next|Back to)\b", last.source) else len(cells))
    nb.cells = cells[:at] + puzzle_cells(lesson) + cells[at:]
    return nb


def new_notebook(name):
    """The notebook of the lesson ``name`` (a stem like ``13_sprites_sowing``),
    in the shape :func:`shape_problems` checks, not yet run."""
    import nbformat

    sys.path.insert(0, str(REPO))
    from dendria_widget.lessons import catalog

    lessons = catalog()
    names = [lesson.name for lesson in lessons]
    if name not in names:
        raise SystemExit(f"there is no lesson {name!r} (its module would be "
                         f"dendria_widget/lessons/data/l{name}.py); the lessons: "
                         + ", ".join(names))
    k = names.index(name)
    lesson = lessons[k]
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    widget = code(f'from dendria_widget import lessons\n\nlessons.LessonWidget("{name}")')
    widget.metadata["tags"] = ["nbval-ignore-output"]
    cells = [md(f"# Lesson {lesson.number}: {lesson.title}\n\n{lesson.summary}\n\n"
                "The full rules are in [the rules](../docs/rules.md)."),
             md(PLAY_MARKDOWN), widget, md(PAGES_MARKDOWN),
             code(f'lesson = lessons.load("{name}")')]
    for j, page in enumerate(lesson.pages):
        if page.play:
            cells.append(code(f"lesson.show({j}, played=0)\nlesson.show({j}, text=False)"))
        else:
            cells.append(code(f"lesson.show({j})"))
    if k + 1 < len(lessons):
        after = lessons[k + 1]
        cells.append(md(f"Next: [lesson {after.number}, {after.title[:1].lower()}"
                        f"{after.title[1:]}]({after.name}.ipynb)."))
    else:
        cells.append(md("Back to [the list of tutorials](index.ipynb)."))
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = cells
    return clean(with_puzzles(nb, name), name)


def build(path):
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
    with_puzzles(nb, path.stem)
    for cell in nb.cells:
        tag_markers(cell)
    # the kernel's home is a temporary folder: the learner's progress is
    # written there (never in the real home), and the saved notebook shows none
    home = tempfile.mkdtemp(prefix="dendria-widget-home-")
    saved = {k: os.environ.get(k) for k in ("HOME", "DENDRIA_WIDGET_HOME")}
    os.environ["HOME"] = home
    os.environ.pop("DENDRIA_WIDGET_HOME", None)
    # the kernel runs this Python: its folder goes first on the PATH, so the
    # "python3" kernel of this environment starts this interpreter
    env_bin = os.path.dirname(sys.executable)
    os.environ["PATH"] = env_bin + os.pathsep + os.environ.get("PATH", "")
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    # what a lesson saves beside itself (lesson 00's my_games) is the
    # learner's: the run's copy is removed, never committed nor packaged
    before = set(path.parent.iterdir())
    t0 = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as e:
        first = str(e).strip().splitlines()
        raise SystemExit(f"{path.name}: a cell failed:\n" + "\n".join(first[-12:])) from None
    finally:
        import shutil

        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(home, ignore_errors=True)
        for left in set(path.parent.iterdir()) - before:
            if left.is_dir():
                shutil.rmtree(left, ignore_errors=True)
            else:
                left.unlink(missing_ok=True)
    took = time.perf_counter() - t0
    clean(nb, path.stem)
    problems = shape_problems(nb, path.stem)
    if problems:
        raise SystemExit(f"{path.name}: not in shape:\n- " + "\n- ".join(problems))
    nbformat.write(nb, path)
    return took


def _git_own(paths):
    """The notebooks among ``paths`` that git tracks and that are as committed."""
    import subprocess

    def git(*args):
        return subprocess.run(["git", "-C", str(REPO), *args], capture_output=True,
                              text=True, check=True).stdout.splitlines()
    tracked = set(git("ls-files", "--", "tutorials"))
    changed = set(git("diff", "--name-only", "HEAD", "--", "tutorials"))
    return [p for p in paths if (rel := p.relative_to(REPO).as_posix()) in tracked
            and rel not in changed]


def write_manifest(built):
    """Enter the notebooks ``built`` in tutorials/SHA256SUMS (with their
    SHA-256 now); keep the other entries whose notebook still matches."""
    sys.path.insert(0, str(REPO))
    from dendria_widget.files import write_atomic
    from dendria_widget.tutorials import MANIFEST, manifest_text, read_manifest, sha256

    digests = read_manifest(TUTORIALS)
    for name, digest in list(digests.items()):
        path = TUTORIALS / name
        if not path.is_file() or sha256(path.read_bytes()) != digest:
            del digests[name]
    for path in built:
        if path.parent == TUTORIALS:
            digests[path.name] = sha256(path.read_bytes())
    write_atomic(TUTORIALS / MANIFEST, manifest_text(digests), what="the manifest")
    print(f"{MANIFEST}: {len(digests)} notebooks")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", type=Path,
                    help="notebooks to build (default: every tutorials/*.ipynb)")
    ap.add_argument("--clean-only", action="store_true",
                    help="only clean the saved notebooks, do not run them")
    ap.add_argument("--new", metavar="NAME",
                    help="write the notebook of the lesson NAME (e.g. 13_sprites_sowing), "
                         "then build it")
    ap.add_argument("--manifest", action="store_true",
                    help="only write tutorials/SHA256SUMS, of the notebooks git tracks "
                         "as committed")
    args = ap.parse_args(argv)
    if args.manifest:
        write_manifest(_git_own(sorted(TUTORIALS.glob("*.ipynb"))))
        return
    if args.new:
        import nbformat

        path = TUTORIALS / f"{args.new}.ipynb"
        if path.exists():
            raise SystemExit(f"{path.name} is there already: edit it, or remove it first")
        nbformat.write(new_notebook(args.new), path)
        print(f"{path.name}: written, {build(path):.1f} s")
        write_manifest([path])
        return
    paths = [p.resolve() for p in args.notebooks] or sorted(TUTORIALS.glob("*.ipynb"))
    total = 0.0
    for path in paths:
        if not path.is_file():
            raise SystemExit(f"no notebook {path}")
        if args.clean_only:
            import nbformat

            nb = nbformat.read(path, as_version=4)
            nbformat.write(clean(nb, path.stem), path)
            print(f"{path.name}: cleaned")
            continue
        took = build(path)
        total += took
        print(f"{path.name}: {took:.1f} s")
    write_manifest(paths)
    if not args.clean_only:
        print(f"all {len(paths)} notebooks: {total:.1f} s")


if __name__ == "__main__":
    main()
