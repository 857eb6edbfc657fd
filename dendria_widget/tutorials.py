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

import hashlib
import os
import pathlib
import re
import sys
from typing import Iterable, NamedTuple, TextIO

from .errors import BadFile, DendriaError
from .files import path_text, read_bytes, write_atomic

HERE = pathlib.Path(__file__).resolve().parent
BUNDLED = HERE / "_bundled"
DEFAULT_DIR = "dendria-tutorials"
# the notebook to open first: the tutorials' index, or the first tutorial
FIRST_NOTEBOOKS = ("index.ipynb", "00_start_here.ipynb")
# links from a notebook to the documents: in a clone ../docs/, in a copy docs/
CLONE_DOCS_LINK, COPY_DOCS_LINK = "](../docs/", "](docs/"
#: The tutorials' manifest, written by scripts/build_tutorials.py: the
#: SHA-256 of every notebook the build made (``sha256sum`` format).
MANIFEST = "SHA256SUMS"
_MANIFEST_LINE = re.compile(r"([0-9a-f]{64}) [ *]([^/\\\0]+\.ipynb)")
#: The largest notebook read to be signed.
MAX_NOTEBOOK = 64 * 1024 * 1024


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
    """The files of a folder to copy for a learner, as paths relative to it,
    sorted (not the tutorials' manifest, which is the installation's)."""
    return sorted(p.relative_to(folder) for p in folder.rglob("*")
                  if p.is_file() and not _skipped(p.relative_to(folder))
                  and p.relative_to(folder) != pathlib.Path(MANIFEST))


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
        raise DendriaError(f"{path_text(dest)} is a file, not a folder: give the name of a folder "
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
                data = (src / rel).read_bytes()
                if rel.suffix == ".ipynb" and target == dest:
                    data = as_copied(data.decode("utf-8")).encode("utf-8")
                write_atomic(out, data, what="a tutorial")
    except BadFile as e:
        raise DendriaError(f"cannot copy the tutorials into {path_text(dest)}: {e}") from None
    except OSError as e:
        raise DendriaError(f"cannot copy the tutorials into {path_text(dest)}: "
                           f"{e.strerror or e}") from None
    names = {p.name: p for p in notebooks if p.parent == dest}
    first = next((names[n] for n in FIRST_NOTEBOOKS if n in names),
                 min(names.values(), default=dest))
    return Copied(dest, notebooks, kept, first)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(folder: pathlib.Path | None = None) -> dict[str, str]:
    """The manifest of the tutorials (``{notebook name: SHA-256}``) in
    ``folder`` (default: this installation's tutorials); empty when there is
    none. A line that is not ``<sha256>  <name>.ipynb`` is a DendriaError."""
    folder = source("tutorials") if folder is None else folder
    path = folder / MANIFEST
    if not path.exists():
        return {}
    try:
        text = read_bytes(path, 1024 * 1024, "the tutorials' manifest").decode("utf-8")
    except (BadFile, UnicodeDecodeError) as e:
        raise DendriaError(f"the tutorials' manifest cannot be read: {e}") from None
    out: dict[str, str] = {}
    for k, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        m = _MANIFEST_LINE.fullmatch(line.strip())
        if not m:
            raise DendriaError(f"line {k + 1} of {path_text(path)} is not '<SHA-256>  "
                               f"<notebook>.ipynb'")
        out[m.group(2)] = m.group(1)
    return out


def manifest_text(digests: dict[str, str]) -> str:
    """The manifest's text: one ``<sha256>  <name>`` line per notebook, sorted."""
    return "".join(f"{digest}  {name}\n" for name, digest in sorted(digests.items()))


def as_copied(text: str) -> str:
    """A notebook's text as :func:`copy_tutorials` writes it (its links to
    the documents point at the copied ``docs/``)."""
    return text.replace(CLONE_DOCS_LINK, COPY_DOCS_LINK)


class Trusted(NamedTuple):
    """What :func:`trust_own_tutorials` did: the notebooks signed, and the
    ones left untrusted with the reason in words."""
    signed: list[pathlib.Path]
    refused: list[tuple[pathlib.Path, str]]


def _own_text(path: pathlib.Path, data: bytes, manifest: dict[str, str]) -> str | None:
    """Why the notebook ``path`` (its bytes ``data``) is not one of the
    project's own, or None when it is: its name is in the manifest and its
    bytes are the built notebook's, or the copy of it :func:`copy_tutorials`
    writes."""
    digest = manifest.get(path.name)
    if digest is None:
        return "it is not one of the tutorials built with dendria-widget"
    if sha256(data) == digest:
        return None
    try:
        built = read_bytes(source("tutorials") / path.name, MAX_NOTEBOOK, "a notebook")
    except (BadFile, DendriaError):
        built = b""
    if sha256(built) == digest and data == as_copied(built.decode("utf-8")).encode("utf-8"):
        return None
    return "it was changed since it was built"


def trust_own_tutorials(notebooks: Iterable[pathlib.Path]) -> Trusted:
    """Mark as trusted by this user's Jupyter (the signature goes into
    Jupyter's own database, the files are not changed) those of
    ``notebooks`` that are this project's own tutorials, exactly as they were
    built: their SHA-256 is the one the manifest (:data:`MANIFEST`, written
    by scripts/build_tutorials.py) gives for their name, as built or as
    copied by :func:`copy_tutorials`. Any other notebook (a foreign one, a
    tutorial changed since) is left untrusted, with the reason.

    JupyterLab strips the style from the saved output of a notebook it does
    not trust, so an untrusted lesson would show its pages' light pictures in
    a dark theme until its cells run again; signing only the project's own
    notebooks lets their pictures follow the theme without letting any other
    notebook's saved HTML run. Each file is read once: what is signed is
    what was checked. Without ``nbformat`` (no Jupyter server in this
    Python) there is nothing to sign for, and nothing is done."""
    paths = [pathlib.Path(p) for p in notebooks]
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:
        return Trusted([], [(p, "this Python has no Jupyter to trust it") for p in paths])
    manifest = read_manifest()
    signed: list[pathlib.Path] = []
    refused: list[tuple[pathlib.Path, str]] = []
    notary = NotebookNotary()
    try:
        for path in paths:
            try:
                data = read_bytes(path, MAX_NOTEBOOK, "a notebook")
            except BadFile as e:
                refused.append((path, str(e)))
                continue
            why = _own_text(path, data, manifest)
            if why is not None:
                refused.append((path, why))
                continue
            notary.sign(nbformat.reads(data.decode("utf-8"), as_version=4))
            signed.append(path)
    except (OSError, ValueError) as e:
        raise DendriaError(f"cannot mark the tutorial notebooks as trusted: "
                           f"{getattr(e, 'strerror', None) or e}") from None
    finally:
        notary.close()
    return Trusted(signed, refused)


def trust_notebooks(notebooks: Iterable[pathlib.Path]) -> int:
    """:func:`trust_own_tutorials`, returning how many notebooks were signed."""
    return len(trust_own_tutorials(notebooks).signed)


def main(argv: list[str] | None = None, out: TextIO | None = None) -> int:
    """``python -m dendria_widget.tutorials trust PATH...``: sign the
    project's own tutorials among the notebooks (a folder: its ``*.ipynb``);
    scripts/lab.sh runs it. Says what it left untrusted, and why."""
    out = sys.stdout if out is None else out
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] != "trust":
        out.write("usage: python -m dendria_widget.tutorials trust PATH...\n")
        return 2
    paths: list[pathlib.Path] = []
    for arg in args[1:]:
        p = pathlib.Path(arg)
        paths.extend(sorted(p.glob("*.ipynb")) if p.is_dir() else [p])
    try:
        done = trust_own_tutorials(paths)
    except DendriaError as e:
        out.write(f"error: {e}\n")
        return 1
    if done.signed:
        out.write(f"Marked {len(done.signed)} tutorial notebooks as trusted.\n")
    for path, why in done.refused:
        out.write(f"Left {path_text(path)} untrusted: {why}.\n")
    return 0


__all__ = ["copy_tutorials", "trust_notebooks", "trust_own_tutorials", "Copied", "Trusted",
           "source", "files", "read_manifest", "manifest_text", "MANIFEST", "DEFAULT_DIR"]


if __name__ == "__main__":
    sys.exit(main())
