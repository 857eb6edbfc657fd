"""The tutorial notebooks and the rules documents that ship with the package.

In a clone they are the folders ``tutorials/`` and ``docs/`` beside the
package (an editable install reads them there); a built wheel carries copies
in ``dendria_widget/_bundled/`` (see ``setup.py``). ``dendria-widget
tutorials DIR`` copies them for a learner:

>>> import tempfile, pathlib
>>> from dendria_widget.tutorials import copy_tutorials
>>> with tempfile.TemporaryDirectory() as tmp:
...     copied = copy_tutorials(pathlib.Path(tmp) / "nb")
...     "00_start_here.ipynb" in [p.name for p in copied.notebooks]
True
"""

from __future__ import annotations

import os
import pathlib
import shutil
from typing import Iterable, NamedTuple

from .errors import DendriaError

HERE = pathlib.Path(__file__).resolve().parent
BUNDLED = HERE / "_bundled"
DEFAULT_DIR = "dendria-tutorials"
# the notebook to open first: the tutorials' index, or the first tutorial
FIRST_NOTEBOOKS = ("index.ipynb", "00_start_here.ipynb")
# links from a notebook to the documents: in a clone ../docs/, in a copy docs/
CLONE_DOCS_LINK, COPY_DOCS_LINK = "](../docs/", "](docs/"


def _skipped(path: pathlib.Path) -> bool:
    return any(part.startswith(".") or part == "__pycache__" for part in path.parts)


def source(name: str) -> pathlib.Path:
    """The folder ``tutorials`` or ``docs`` this installation reads from."""
    for folder in (BUNDLED / name, HERE.parent / name):
        if folder.is_dir():
            return folder
    raise DendriaError(f"this installation of dendria-widget has no {name} folder; "
                       f"reinstall it with pip (pip install --force-reinstall dendria-widget)")


def files(folder: pathlib.Path) -> list[pathlib.Path]:
    """The files of a folder to ship or copy, as paths relative to it, sorted."""
    return sorted(p.relative_to(folder) for p in folder.rglob("*")
                  if p.is_file() and not _skipped(p.relative_to(folder)))


class Copied(NamedTuple):
    """What :func:`copy_tutorials` did: the notebooks now in the folder, the
    ones it left alone (they were there already), and the notebook to open
    first."""
    folder: pathlib.Path
    notebooks: list[pathlib.Path]
    kept: list[pathlib.Path]
    first: pathlib.Path


def copy_tutorials(dest: str | os.PathLike[str] = DEFAULT_DIR, overwrite: bool = False) -> Copied:
    """Copy the tutorial notebooks (and their other files) into ``dest``, and
    the rules documents into ``dest/docs``; returns a :class:`Copied`.

    A file that is already in ``dest`` is kept as it is (a learner's work is
    never overwritten) unless ``overwrite`` is true. Links from a notebook
    to ``../docs/`` are made to point at the copied ``docs/``."""
    dest = pathlib.Path(dest)
    if dest.exists() and not dest.is_dir():
        raise DendriaError(f"{dest} is a file, not a folder: give the name of a folder "
                           f"to copy the tutorials into")
    plan = [(source("tutorials"), dest), (source("docs"), dest / "docs")]
    notebooks: list[pathlib.Path] = []
    kept: list[pathlib.Path] = []

    try:
        for src, target in plan:
            for rel in files(src):
                out = target / rel
                if rel.suffix == ".ipynb":
                    notebooks.append(out)
                if out.exists() and not overwrite:
                    kept.append(out)
                    continue
                out.parent.mkdir(parents=True, exist_ok=True)
                if rel.suffix == ".ipynb" and target == dest:
                    text = (src / rel).read_text(encoding="utf-8")
                    out.write_text(text.replace(CLONE_DOCS_LINK, COPY_DOCS_LINK),
                                   encoding="utf-8")
                else:
                    shutil.copyfile(src / rel, out)
    except OSError as e:
        raise DendriaError(f"cannot copy the tutorials into {dest}: "
                           f"{e.strerror or e}") from None
    names = {p.name: p for p in notebooks if p.parent == dest}
    first = next((names[n] for n in FIRST_NOTEBOOKS if n in names),
                 min(names.values(), default=dest))
    return Copied(dest, notebooks, kept, first)


def trust_notebooks(notebooks: Iterable[pathlib.Path]) -> int:
    """Mark the tutorial notebooks as trusted by this user's Jupyter (the
    signature goes into Jupyter's own database, the files are not changed);
    returns how many were signed.

    JupyterLab strips the style from the saved output of a notebook it does
    not trust, so an untrusted lesson would show its pages' light pictures in
    a dark theme until its cells run again. The tutorials are this
    package's own notebooks, written by its build: signing them when they are
    installed or copied lets their saved pictures follow the theme. Without
    ``nbformat`` (no Jupyter server in this Python) there is nothing to sign
    for, and nothing is done."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:
        return 0
    notary = NotebookNotary()
    signed = 0
    try:
        for path in notebooks:
            notary.sign(nbformat.read(str(path), as_version=4))
            signed += 1
    except (OSError, ValueError) as e:
        raise DendriaError(f"cannot mark the tutorial notebooks as trusted: "
                           f"{getattr(e, 'strerror', None) or e}") from None
    finally:
        notary.close()
    return signed


__all__ = ["copy_tutorials", "trust_notebooks", "Copied", "source", "files", "DEFAULT_DIR"]
