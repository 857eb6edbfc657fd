"""The theme probe: how the board learns the page's JupyterLab theme.

A tiny image that fails to load in an HTML widget (whose content the page
sets as innerHTML, where <script> never runs but an onerror handler does)
reads the theme variables where the board is shown and sends them to the
kernel through a hidden Text widget.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..render import theme as rtheme

if TYPE_CHECKING:  # for the type hints only
    from ..render.theme import Theme
    from .canvas import BoardCanvas

#: The JupyterLab theme variables the page reports to the kernel (the board
#: follows the page's theme unless a ``theme=`` was given).
THEME_VARS = ("--jp-layout-color0", "--jp-layout-color1", "--jp-layout-color2",
              "--jp-ui-font-color0", "--jp-ui-font-color1", "--jp-ui-font-color2",
              "--jp-border-color1", "--jp-brand-color1", "--jp-error-color0",
              "--jp-success-color0", "--jp-warn-color0")

# The theme probe: a tiny image that fails to load in an HTML widget (whose
# content the page sets as innerHTML, where <script> never runs but an
# onerror handler does). Its handler reads the theme variables where the
# board is shown, writes them as JSON into the board's hidden Text widget
# and fires its input event, so the value reaches the kernel as any typed
# text does; it does so again whenever JupyterLab switches its theme. Where
# no kernel listens (a static HTML export) it changes nothing.
_PROBE_JS = """(function (img) {
  var names = %(names)s, tries = 0;
  function send() {
    var box = img.closest('.dendria-board-widget');
    var input = box && box.querySelector('.dendria-theme-probe input');
    if (!input) { if (++tries < 100) { setTimeout(send, 100); } return; }
    var cs = getComputedStyle(box), out = {};
    names.forEach(function (n) { out[n] = cs.getPropertyValue(n).trim(); });
    out['theme-light'] = document.body.getAttribute('data-jp-theme-light') || '';
    out['theme-name'] = document.body.getAttribute('data-jp-theme-name') || '';
    var v = JSON.stringify(out);
    if (input.value === v) { return; }
    input.value = v;
    input.dispatchEvent(new Event('input', {bubbles: true}));
  }
  send();
  new MutationObserver(function () { setTimeout(send, 50); setTimeout(send, 800); })
    .observe(document.body, {attributes: true,
                             attributeFilter: ['data-jp-theme-name', 'data-jp-theme-light']});
})(this)"""


def probe_html() -> str:
    from html import escape as _esc

    js = _PROBE_JS % {"names": json.dumps(list(THEME_VARS)).replace('"', "'")}
    return (f'<img alt="" src="data:," style="display:none" '
            f'onerror="{_esc(js, quote=True)}">')


class ThemeFollower:
    """The board follows the page's JupyterLab theme (light, dark, high
    contrast) as the probe reports it, unless a theme was given."""

    board_canvas: BoardCanvas
    follow_page: bool
    page_theme: dict[str, str]

    def page_reported(self, report: str) -> None:
        """The page's theme variables arrived (JSON from the theme probe):
        follow the page's theme, unless a theme was given."""
        try:
            values = json.loads(report) if report else {}
        except ValueError:
            return
        if not isinstance(values, dict):
            return
        self.page_theme = {str(k): str(v) for k, v in values.items()}
        if self.follow_page:
            self.set_theme(page_theme(self.page_theme), follow=True)

    def set_theme(self, theme: str | Theme, follow: bool = False) -> Theme:
        """Draw with ``theme``: a Theme, or a name ("light", "dark",
        "high-contrast"; "page": follow JupyterLab's theme)."""
        if theme == "page":
            self.follow_page = True
            theme = page_theme(self.page_theme)
        else:
            self.follow_page = follow
        resolved = _resolve_theme(theme)
        if resolved != self.board_canvas.theme:
            self.board_canvas.theme = resolved
            self.board_canvas.drawn = {}
            self.board_canvas.redraw(force=True)
        return self.board_canvas.theme


def _resolve_theme(theme: Any) -> Theme:
    """A Theme from a Theme, a theme name, or None (the default)."""
    return rtheme.DEFAULT_THEME if theme is None else rtheme.resolve_theme(theme)


def page_theme(values: dict[str, str]) -> Theme:
    """The board theme for the page's JupyterLab theme variables
    (``{"--jp-layout-color0": "#111111", ...}``; {} for none)."""
    return rtheme.theme_from_css(values) if values else rtheme.DEFAULT_THEME
