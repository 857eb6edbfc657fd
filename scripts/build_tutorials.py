"""Execute the tutorial notebooks in place, then clean them for committing.

    python scripts/build_tutorials.py                 # every tutorials/*.ipynb
    python scripts/build_tutorials.py tutorials/02_roots.ipynb ...

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
  notebook changes nothing.

A cell that raises stops the build with the notebook's name and the error.
Prints the time each notebook took, and the total.
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


def clean(nb):
    """Strip widget state, execution counts and machine paths (in place)."""
    patterns = _path_patterns()
    nb.metadata.pop("widgets", None)
    count = 0
    for cell in nb.cells:
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


def build(path):
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    nb = nbformat.read(path, as_version=4)
    # the kernel runs this Python: its folder goes first on the PATH, so the
    # "python3" kernel of this environment starts this interpreter
    env_bin = os.path.dirname(sys.executable)
    os.environ["PATH"] = env_bin + os.pathsep + os.environ.get("PATH", "")
    client = NotebookClient(nb, timeout=CELL_TIMEOUT, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    t0 = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as e:
        first = str(e).strip().splitlines()
        raise SystemExit(f"{path.name}: a cell failed:\n" + "\n".join(first[-12:])) from None
    took = time.perf_counter() - t0
    clean(nb)
    nbformat.write(nb, path)
    return took


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", type=Path,
                    help="notebooks to build (default: every tutorials/*.ipynb)")
    ap.add_argument("--clean-only", action="store_true",
                    help="only clean the saved notebooks, do not run them")
    args = ap.parse_args(argv)
    paths = [p.resolve() for p in args.notebooks] or sorted(TUTORIALS.glob("*.ipynb"))
    total = 0.0
    for path in paths:
        if not path.is_file():
            raise SystemExit(f"no notebook {path}")
        if args.clean_only:
            import nbformat

            nb = nbformat.read(path, as_version=4)
            nbformat.write(clean(nb), path)
            print(f"{path.name}: cleaned")
            continue
        took = build(path)
        total += took
        print(f"{path.name}: {took:.1f} s")
    if not args.clean_only:
        print(f"all {len(paths)} notebooks: {total:.1f} s")


if __name__ == "__main__":
    main()
