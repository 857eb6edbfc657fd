"""In the browser (JupyterLite's Pyodide kernel): widget messages keep their
``None`` values.

The Pyodide kernel (jupyterlite-pyodide-kernel 0.6) hands a comm message to
the page by converting the Python dict to JavaScript, and that conversion
turns ``None`` into ``undefined``, which the message then loses: a widget
trait set back to ``None`` never reaches the page. So a part hidden with
``layout.display = "none"`` stays hidden once ``display`` is ``None`` again
(an exercise's Check button, the pie rule's Swap). :func:`install` makes the
kernel's comms send the message as JSON made in Python, where ``None`` is
``null``, as in every other Jupyter kernel. Nothing changes elsewhere.
"""

from __future__ import annotations

import json
import sys

_MARK = "_dendria_keeps_null"


def install() -> bool:
    """Patch the Pyodide kernel's Comm (once); False where there is none."""
    if sys.platform != "emscripten":
        return False
    try:
        import js  # type: ignore[import-not-found]
        from pyodide_kernel import comm as kernel_comm  # type: ignore[import-not-found]
    except ImportError:
        return False
    comm_class = kernel_comm.Comm
    original = comm_class.publish_msg
    if getattr(original, _MARK, False):
        return True

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        data = {} if data is None else data
        metadata = {} if metadata is None else metadata
        try:
            text = json.dumps(dict(data=data, comm_id=self.comm_id, **keys))
        except (TypeError, ValueError):     # not plain JSON: as the kernel sends it
            return original(self, msg_type, data, metadata, buffers, **keys)
        if buffers is not None:
            buffers = [(b.tobytes() if hasattr(b, "tobytes") else b) for b in buffers]
        from IPython.core.getipython import get_ipython
        # a JavaScript object already: the kernel passes it on unchanged
        get_ipython().send_comm(msg_type, js.JSON.parse(text), metadata, self.topic, buffers)

    setattr(publish_msg, _MARK, True)
    comm_class.publish_msg = publish_msg
    return True
