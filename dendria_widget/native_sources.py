"""The native kernel's sources, as the build records them (standard library
only: setup.py reads this file before the package is installed).

The build writes :func:`sources_hash` of ``_native_src/`` into
``_compiled.json`` under ``"_native"``; dendria_widget/native.py does not
load a kernel built from other sources (an edited editable install) and
says how to rebuild it."""

from __future__ import annotations

import hashlib
import os


def sources_hash(folder: str) -> str:
    """The SHA-256 of the C++ sources in ``folder`` (names and contents, in
    name order)."""
    h = hashlib.sha256()
    for name in sorted(os.listdir(folder)):
        if name.endswith((".cpp", ".hpp")):
            h.update(name.encode())
            with open(os.path.join(folder, name), "rb") as f:
                h.update(f.read())
    return h.hexdigest()
