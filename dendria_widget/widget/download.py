"""Links that download files a notebook saved: ``download_links(paths)``.

A file a notebook writes lands beside it (the notebook's folder, shown in
JupyterLab's file browser; in the classroom site, the site's files kept in
the browser). The links carry the files themselves (``data:`` URLs with a
``download`` name), so they work wherever the output is shown, with or
without a server: JupyterLab, the classroom site, a saved notebook.

>>> import pathlib, tempfile
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = pathlib.Path(tmp, "game.json")
...     _ = path.write_text("{}")
...     links = download_links([path])
...     str(links) == f"Saved game.json in {pathlib.Path(tmp).as_posix()}; the links below download it."
...     'download="game.json"' in links._repr_html_()
True
True
>>> print(download_links(["my_games/a.json", "my_games/a.svg"]))
Saved a.json, a.svg in the folder my_games, beside this notebook; the links below download them.
"""

from __future__ import annotations

import base64
import html
import mimetypes
import os
from pathlib import Path
from typing import Iterable

#: files larger than this get no link (their place is still said)
MAX_BYTES = 2_000_000

_TYPES = {".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png"}


class DownloadLinks:
    """One download link per file, and where the files are, in words."""

    def __init__(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        self.paths = [Path(p) for p in paths]

    def where(self) -> str:
        """Which files were saved where, in words."""
        folders = {p.parent for p in self.paths}
        names = ", ".join(p.name for p in self.paths)
        if len(folders) != 1:
            return f"Saved {names}"
        folder = next(iter(folders))
        if str(folder) in ("", "."):
            return f"Saved {names} beside this notebook"
        if folder.is_absolute():
            return f"Saved {names} in {folder.as_posix()}"
        return f"Saved {names} in the folder {folder.as_posix()}, beside this notebook"

    def __str__(self) -> str:
        them = "it" if len(self.paths) == 1 else "them"
        return f"{self.where()}; the links below download {them}."

    __repr__ = __str__

    def _repr_html_(self) -> str:
        links = []
        for path in self.paths:
            try:
                data = path.read_bytes()
            except OSError as e:
                links.append(f"{html.escape(path.name)} (cannot be read: "
                             f"{html.escape(e.strerror or str(e))})")
                continue
            if len(data) > MAX_BYTES:
                links.append(f"{html.escape(path.name)} (too large for a link)")
                continue
            kind = (_TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0]
                    or "application/octet-stream")
            url = f"data:{kind};base64,{base64.b64encode(data).decode('ascii')}"
            links.append(f"<a download=\"{html.escape(path.name, quote=True)}\" "
                         f"href=\"{url}\">{html.escape(path.name)}</a>")
        return (f"<div class='dendria-downloads'>{html.escape(self.where())}. "
                f"Download: {' · '.join(links)}</div>")


def download_links(paths: Iterable[str | os.PathLike[str]]) -> DownloadLinks:
    """Download links for ``paths`` (shown as the cell's output)."""
    return DownloadLinks(paths)


__all__ = ["DownloadLinks", "download_links"]
