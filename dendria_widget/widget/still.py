"""The picture a widget leaves in a saved notebook: one mechanism for every
widget the package shows (the board, a lesson, the puzzle trainer, the
lessons' progress table).

Shown in a notebook, such a widget makes two outputs (a front end draws one
kind of data per output, and JupyterLab would draw a dead widget's "model
not found" over a picture in the same one):

1. the live widget's view, with a sentence for front ends that cannot draw
   it (an untrusted notebook, GitHub, an export): what it is, and that it
   plays here when the cell runs;
2. its *still*: the picture as the widget shows it now, in HTML, with the
   style :data:`STILL_STYLE`, scoped to the cell's output area.

While the widget lives (its view, class :data:`LIVE`, is in the output
area) the still is hidden. Once it is gone (a saved notebook opened with a
new kernel, trusted: ipywidgets gives its output the class
``jupyter-widgets`` only when it could not draw the widget, and that output
holds only "Error displaying widget: model not found") that output is hidden
instead, and the still shows with a line saying to run the cell. Where
styles are stripped (an untrusted notebook) the widget's view is not drawn
either: its sentence shows, then the picture. The same classes are
JupyterLab's, Notebook 7's, Voila's and the JupyterLite site's.

A widget takes part by mixing in :class:`LeavesPicture` (first among its
bases) and giving ``live_words``, ``still_words`` and ``still_html``.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Any

import ipywidgets as widgets

log = logging.getLogger(__name__)

#: the class of every widget that leaves a picture (on its view's element)
LIVE = "dendria-live"
#: ipywidgets' output of a widget it could not draw
DEAD_WIDGET = ".jp-OutputArea-output.jupyter-widgets"
#: no :has() inside a :has() (browsers drop such a rule)
STILL_STYLE = (
    "<style>"
    f".jp-OutputArea:has(.{LIVE}) > .jp-OutputArea-child:has(.dendria-still)"
    "{display:none!important}"
    f".jp-OutputArea:has(.dendria-still) > .jp-OutputArea-child:has(> {DEAD_WIDGET})"
    "{display:none!important}"
    f".jp-OutputArea:has(> .jp-OutputArea-child > {DEAD_WIDGET}) .dendria-still-words"
    "{display:block!important}"
    "</style>")


def still_bundle(html: str, words: str) -> dict[str, str]:
    """The still output: ``html`` (the picture) under the line ``words``
    (shown only where the widget could not be drawn), with the style."""
    return {"text/html": (f"<div class='dendria-still'>{STILL_STYLE}"
                          f"<p class='dendria-still-words' style='display:none'>"
                          f"<b>{escape(words)}</b></p>{html}</div>"),
            "text/plain": f"[{words}]"}


class LeavesPicture(widgets.DOMWidget):
    """A widget that leaves its picture behind in a saved notebook (see the
    module). Put it first among the widget's bases and call
    :meth:`_leave_picture` in ``__init__``."""

    def _leave_picture(self) -> None:
        self.add_class(LIVE)

    def live_words(self) -> str:
        """What the widget is, and that it plays here when the cell runs."""
        raise NotImplementedError

    def still_words(self) -> str:
        """The line above the saved picture: run the cell to use it."""
        raise NotImplementedError

    def still_html(self) -> str:
        """The picture as the widget shows it now, in HTML."""
        raise NotImplementedError

    def still(self) -> dict[str, str]:
        """The still output (see the module)."""
        return still_bundle(self.still_html(), self.still_words())

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, and its sentence where it cannot be drawn."""
        data = super()._repr_mimebundle_(**kwargs) or {}
        words = self.live_words()
        data["text/html"] = f"<p><b>{escape(words)}</b></p>"
        data["text/plain"] = words
        return data

    def _ipython_display_(self) -> None:
        """Shown in a notebook: the live widget, then its still (two outputs)."""
        from IPython.display import display

        display(self._repr_mimebundle_(), raw=True)
        try:
            still = self.still()
        except Exception:  # noqa: BLE001 - the live widget shows regardless
            log.exception("the picture of %s could not be made", type(self).__name__)
            return
        display(still, raw=True)


__all__ = ["LIVE", "STILL_STYLE", "DEAD_WIDGET", "LeavesPicture", "still_bundle"]
