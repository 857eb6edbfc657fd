"""SVG output: a standalone ``<svg>`` document from a Scene.

>>> from dendria_widget import Game
>>> from dendria_widget.render.svg import game_svg
>>> svg = game_svg(Game("dendria-classic", size=5))
>>> svg.startswith("<svg")
True

The output is deterministic (the same scene gives the same text, numbers
rounded to 0.01 px) and every shape is one element carrying its tag in a
``data-tag`` attribute (an arrow is a ``<g>`` of its shaft and head).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .scene import Circle, Line, Points, Polygon, Scene, Shape, Text, arrow_parts, build_scene

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as entities, as ``xml.sax.saxutils.escape``
    does (which imports ``urllib.request``, ``http`` and ``email``, all at
    a lesson's start in the browser, for three replacements)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """An attribute's value escaped and quoted, as ``xml.sax.saxutils.quoteattr``
    does."""
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"{}"'.format(text.replace('"', "&quot;"))


_ANCHOR = {"start": "start", "middle": "middle", "end": "end"}


def _n(x: float) -> str:
    s = f"{x:.2f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def _pts(points: Points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: float, alpha: float,
           dash: Iterable[float] | None) -> str:
    out = [f'fill="{fill}"' if fill else 'fill="none"']
    if stroke and width > 0:
        out.append(f'stroke="{stroke}" stroke-width="{_n(width)}"')
        if dash:
            out.append(f'stroke-dasharray="{" ".join(_n(d) for d in dash)}"')
    if alpha < 1:
        out.append(f'opacity="{_n(alpha)}"')
    return " ".join(out)


def _tag(shape: Shape) -> str:
    return f" data-tag={quoteattr(shape.tag)}" if shape.tag else ""


def shape_to_svg(s: Shape) -> str:
    """One SVG element for one shape."""
    if isinstance(s, Polygon):
        return (f'<polygon points="{_pts(s.points)}" '
                f'{_paint(s.fill, s.stroke, s.width, s.alpha, s.dash)}{_tag(s)}/>')
    if isinstance(s, Circle):
        return (f'<circle cx="{_n(s.cx)}" cy="{_n(s.cy)}" r="{_n(s.r)}" '
                f'{_paint(s.fill, s.stroke, s.width, s.alpha, s.dash)}{_tag(s)}/>')
    if isinstance(s, Line):
        if s.arrow and len(s.points) >= 2:
            shaft, head = arrow_parts(s)
            op = f' opacity="{_n(s.alpha)}"' if s.alpha < 1 else ""
            dash = (f' stroke-dasharray="{" ".join(_n(d) for d in s.dash)}"'
                    if s.dash else "")
            return (f'<g{op}{_tag(s)}><polyline points="{_pts(shaft)}" fill="none" '
                    f'stroke="{s.stroke}" stroke-width="{_n(s.width)}"{dash}/>'
                    f'<polygon points="{_pts(head)}" fill="{s.stroke}"/></g>')
        return (f'<polyline points="{_pts(s.points)}" '
                f'{_paint(None, s.stroke, s.width, s.alpha, s.dash)}{_tag(s)}/>')
    if isinstance(s, Text):
        halo = ""
        if s.halo:
            halo = (f' stroke="{s.halo}" stroke-width="{_n(s.size * 0.22)}" '
                    'paint-order="stroke" stroke-linejoin="round"')
        weight = ' font-weight="bold"' if s.weight == "bold" else ""
        return (f'<text x="{_n(s.x)}" y="{_n(s.y)}" font-size="{_n(s.size)}"{weight} '
                f'text-anchor="{_ANCHOR.get(s.anchor, "middle")}" '
                f'dominant-baseline="central" fill="{s.fill}"{halo}{_tag(s)}>'
                f'{escape(s.text)}</text>')
    raise TypeError(f"not a scene shape: {s!r}")


def scene_to_svg(scene: Scene, title: str | None = None) -> str:
    """The standalone SVG text of a scene (width, height and viewBox in CSS px)."""
    w, h = _n(scene.width), _n(scene.height)
    font = getattr(scene, "font", None) or "DejaVu Sans, Verdana, Arial, sans-serif"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}" font-family={quoteattr(font)} '
             'stroke-linecap="round" stroke-linejoin="round">']
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(f'<rect width="{w}" height="{h}" fill="{scene.background}"/>')
    for name, shapes in scene.layers.items():
        if not shapes:
            continue
        parts.append(f'<g class="{name}">')
        parts.extend(shape_to_svg(s) for s in shapes)
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def _title(game: Game) -> str:
    ruleset = game.rules.ruleset
    if game.is_over:
        w = game.winner
        state = "a draw" if w == "draw" else f"{w} wins"
    else:
        state = f"{game.to_move} to move"
    return f"{ruleset}, {state}"


def game_svg(game: Game, **kw: Any) -> str:

    """The SVG text of a game; keyword arguments go to
    :func:`~dendria_widget.render.scene.build_scene` (default: teacher
    annotations shown, no other overlay)."""
    kw.setdefault("overlays", ("annotations",))
    kw.setdefault("key", "compact")
    return scene_to_svg(build_scene(game, **kw), title=_title(game))


__all__ = ["scene_to_svg", "game_svg", "shape_to_svg"]


#: The style of a picture kept in a notebook's output in the light and the
#: dark theme (:func:`themed_picture`): the one that matches JupyterLab's
#: theme (``data-jp-theme-light``), VS Code's, or else the system's
#: (``prefers-color-scheme``) shows; where styles are stripped (an untrusted
#: notebook) the light one shows.
PICTURE_STYLE = (
    "<style>"
    ".dendria-picture img{max-width:100%}"
    "[data-jp-theme-light='false'] .dendria-picture .dw-light,"
    "body.vscode-dark .dendria-picture .dw-light{display:none!important}"
    "[data-jp-theme-light='false'] .dendria-picture .dw-dark,"
    "body.vscode-dark .dendria-picture .dw-dark{display:inline!important}"
    "@media (prefers-color-scheme: dark){"
    "body:not([data-jp-theme-light]):not(.vscode-light) .dendria-picture .dw-light"
    "{display:none!important}"
    "body:not([data-jp-theme-light]):not(.vscode-light) .dendria-picture .dw-dark"
    "{display:inline!important}}"
    "</style>")


def data_uri(svg: str) -> str:
    """An SVG document as a short data URI for an ``<img>``: without the
    ``data-tag`` attributes (for tests of the SVG, not for a reader), single
    quotes for attributes where the text has none, percent-encoded."""
    import re
    from urllib.parse import quote

    svg = re.sub(r""" data-tag=("[^"]*"|'[^']*')""", "", svg)
    if "'" not in svg:
        svg = svg.replace('"', "'")
    return "data:image/svg+xml," + quote(svg, safe=" /:=,.;-_()'!*")


def themed_picture(light: str, dark: str, alt: str) -> str:
    """HTML showing the SVG ``light`` or ``dark`` as the reader's theme is
    (see :data:`PICTURE_STYLE`); ``alt`` says in words what it shows."""
    from html import escape as html_escape

    a = html_escape(alt, quote=True)
    return (f"<div class='dendria-picture'>{PICTURE_STYLE}"
            f"<img class='dw-light' alt=\"{a}\" src=\"{data_uri(light)}\">"
            f"<img class='dw-dark' alt=\"{a}\" style='display:none' "
            f"src=\"{data_uri(dark)}\"></div>")
