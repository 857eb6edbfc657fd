"""Colours and sizes of the board pictures.

Three themes, by name (``build_scene(theme="dark")``): ``"light"``
(:data:`DEFAULT_THEME`), ``"dark"`` (:data:`DARK_THEME`, for JupyterLab's
dark theme) and ``"high-contrast"`` (:data:`HIGH_CONTRAST`);
:func:`theme_from_css` builds one from JupyterLab's CSS variables. Every
text colour is readable on what it is drawn on: :meth:`Theme.text_pairs`
lists each (text, background) pair, and the tests hold every one to a
contrast ratio of at least 4.5 (WCAG AA); letters on coloured chips take
black or white, whichever reads better (:func:`readable_on`).

:data:`DEFAULT_THEME` is colour-blind safe: pieces are told
apart by *shape* (seed: small disc, tree: large hexagon, dendrid: star, Hedu
stack: disc with its height) as well as by colour (dark: deep navy with a
white rim; light: cream with a dark rim), and every overlay colour comes from
the Okabe-Ito palette, each overlay also using its own shape or dash pattern
so that no fact is told by hue alone. :data:`HIGH_CONTRAST` is black and
white with thicker lines, for projectors and print.

Colours are CSS hex strings (``"#rrggbb"``), understood by SVG, ipycanvas
and Pillow alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

# The Okabe-Ito palette (Okabe & Ito 2008), safe for the common colour-vision
# deficiencies.
OKABE_ITO = {
    "orange": "#e69f00",
    "sky_blue": "#56b4e9",
    "bluish_green": "#009e73",
    "yellow": "#f0e442",
    "blue": "#0072b2",
    "vermillion": "#d55e00",
    "reddish_purple": "#cc79a7",
    "black": "#000000",
}


@dataclass(frozen=True)
class Theme:
    """Every colour and relative size the scene builder uses.

    Sizes ending in ``_scale`` are fractions of the hex radius; ``line`` is
    the cell border width in CSS pixels at radius 20 (scaled with the radius).
    """

    background: str = "#ffffff"
    # board
    cell: str = "#c9d6b0"           # a plot (soft sage: both piece colours stand out)
    cell_stroke: str = "#5f6b4e"
    lagoon: str = "#7fb8e0"         # water
    lagoon_stroke: str = "#3f7fb0"
    lagoon_wave: str = "#e8f4fc"
    coord: str = "#3b3b3b"          # cell names along the border
    line: float = 1.2
    # pieces: colour index 0 = dark / black, 1 = light / white
    piece_fill: tuple[str, str] = ("#1c2a4a", "#fff3d6")
    piece_stroke: tuple[str, str] = ("#ffffff", "#2a2112")
    piece_text: tuple[str, str] = ("#ffffff", "#1a1a1a")   # Hedu stack height on the disc
    piece_detail: tuple[str, str] = ("#8fa6d6", "#b08a3e")  # inner marks (tree rings)
    seed_scale: float = 0.30
    tree_scale: float = 0.70
    dendrid_scale: float = 0.80
    stack_scale: float = 0.70
    # last turn, and the pieces the last step changed
    last_turn: str = "#f0e442"
    last_turn_alpha: float = 0.75
    changed: str = "#e69f00"         # a ring round each changed piece
    ghost_alpha: float = 0.35        # a piece that left the board, faintly
    # overlays (Okabe-Ito)
    root: str = "#0072b2"            # a root ending on a nourisher (solid)
    root_edge: str = "#d55e00"       # a nutrientless root (dashed, to the edge)
    nourisher_ring: str = "#0072b2"
    hungry: str = "#d55e00"          # hungry seed: dashed ring
    nourished: str = "#009e73"       # nourished seed: solid ring
    sight: str = "#555555"           # dendrids' lines of sight (faint)
    sight_alpha: float = 0.35
    fertile: str = "#0072b2"         # outline of seedbeds and forests
    fertile_tint: str = "#56b4e9"    # their fertile soils (tinted)
    fertile_alpha: float = 0.3
    sprout: str = "#cc79a7"          # a seed that may sprout (ring + S)
    grow: str = "#009e73"            # a seedbed that may grow (solid hex + G)
    capture: str = "#d55e00"         # a forest that may be captured (dashed hex + C)
    power: str = "#4d4d4d"
    region_tint: tuple[str, str] = ("#1c2a4a", "#fffaf0")  # Hedu: region tinted by controller
    region_alpha: tuple[float, float] = (0.35, 0.7)
    region_neutral: str = "#7a7a7a"
    region_neutral_alpha: float = 0.25
    placement: str = "#0072b2"       # Hedu: height a stack would get
    preview_shrink: str = "#d55e00"
    preview_grow: str = "#009e73"
    preview_leave: str = "#000000"
    preview_place: str = "#e69f00"
    mark: str = "#f0e442"            # teacher marks (disc with a label)
    mark_stroke: str = "#000000"
    mark_text: str = "#000000"
    arrow: str = "#e69f00"
    arrow_alpha: float = 0.85
    # selection
    hover: str = "#56b4e9"
    selected: str = "#0072b2"
    target: str = "#009e73"
    # text on coloured chips (counts near lines, nourisher counts)
    chip: str = "#ffffff"
    chip_text: str = "#000000"
    # the key below the board (phrases and captions, on the background)
    key_text: str = "#1a1a1a"
    font: str = "DejaVu Sans, Verdana, Arial, sans-serif"

    def with_changes(self, **changes: Any) -> Theme:
        """A copy of this theme with some fields changed."""
        return replace(self, **changes)

    def text_pairs(self) -> list[tuple[str, str, str]]:
        """Every (what, text colour, background colour) the scene draws text
        with: border names on the background, names and power inside cells,
        the key, heights and counts on pieces and chips, mark labels."""
        return [
            ("cell names round the board", self.coord, self.background),
            ("cell names inside cells", self.coord, self.cell),
            ("the key and its captions", self.key_text, self.background),
            ("a dark piece's number", self.piece_text[0], self.piece_fill[0]),
            ("a light piece's number", self.piece_text[1], self.piece_fill[1]),
            ("counts on chips", self.chip_text, self.chip),
            ("power", self.power, self.cell),
            ("Hedu placement heights", self.placement, self.chip),
            ("teacher mark labels", self.mark_text, self.mark),
        ] + [(f"a letter on {c}", readable_on(c), c) for c in self.letter_chips()]

    def letter_chips(self) -> tuple[str, ...]:
        """The chip colours letters and numbers are written on."""
        return (self.sprout, self.grow, self.capture, self.preview_shrink, self.preview_grow,
                self.preview_leave)


DEFAULT_THEME = Theme()

DARK_THEME = Theme(
    background="#111111",           # JupyterLab dark: --jp-layout-color0
    cell="#4a5d3f",
    cell_stroke="#9db08a",
    lagoon="#1d4f7a",
    lagoon_stroke="#6fa8dc",
    lagoon_wave="#9cc9ee",
    coord="#e6e6e6",
    piece_fill=("#0e1830", "#fff3d6"),
    piece_stroke=("#dfe7ff", "#2a2112"),
    piece_text=("#ffffff", "#1a1a1a"),
    piece_detail=("#7f95c9", "#b08a3e"),
    last_turn="#d8c300",
    last_turn_alpha=0.45,
    changed="#ffb000",
    ghost_alpha=0.45,
    root="#56b4e9",
    root_edge="#ff8a5c",
    nourisher_ring="#56b4e9",
    hungry="#ff8a5c",
    nourished="#3fd0a4",
    sight="#e0e0e0",
    fertile="#56b4e9",
    fertile_tint="#56b4e9",
    fertile_alpha=0.3,
    sprout="#e7a3c8",
    grow="#3fd0a4",
    capture="#ff8a5c",
    power="#f0f0f0",
    region_tint=("#000000", "#ffffff"),
    region_alpha=(0.5, 0.3),
    region_neutral="#8a8a8a",
    region_neutral_alpha=0.3,
    placement="#0b4f80",
    preview_shrink="#ff8a5c",
    preview_grow="#3fd0a4",
    preview_leave="#f0f0f0",
    preview_place="#ffb000",
    mark="#f0e442",
    mark_stroke="#000000",
    mark_text="#000000",
    arrow="#ffb000",
    hover="#8fd3ff",
    selected="#56b4e9",
    target="#3fd0a4",
    chip="#f5f5f5",
    chip_text="#000000",
    key_text="#e6e6e6",
)

HIGH_CONTRAST = Theme(
    background="#ffffff",
    cell="#ffffff",
    cell_stroke="#000000",
    lagoon="#9ecae1",
    lagoon_stroke="#000000",
    lagoon_wave="#ffffff",
    coord="#000000",
    line=1.8,
    piece_fill=("#000000", "#ffffff"),
    piece_stroke=("#ffffff", "#000000"),
    piece_text=("#ffffff", "#000000"),
    piece_detail=("#9a9a9a", "#000000"),
    last_turn="#f0e442",
    last_turn_alpha=1.0,
    sight="#000000",
    sight_alpha=0.4,
    region_tint=("#000000", "#ffffff"),
    region_alpha=(0.4, 0.0),
)

THEMES = {"light": DEFAULT_THEME, "dark": DARK_THEME, "high-contrast": HIGH_CONTRAST}


# ------------------------------------------------------------- contrast
def _channel(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """The relative luminance (WCAG 2) of a ``#rrggbb`` colour."""
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (always a
    contrast of at least 4.58)."""
    return "#000000" if contrast("#000000", colour) >= contrast("#ffffff", colour) else "#ffffff"


# ------------------------------------------------------ JupyterLab's CSS
_NAMED = {"white": "#ffffff", "black": "#000000", "transparent": None}


def css_colour(value: object) -> str | None:
    """``#rrggbb`` from a CSS colour value (``#fff``, ``#ffffff``,
    ``#ffffffff``, ``rgb(…)``, ``rgba(…)``, ``white``, ``black``), or None
    when it cannot be read (a ``var(…)``, another name)."""
    if not isinstance(value, str):
        return None
    v = value.strip().lower()
    if v in _NAMED:
        return _NAMED[v]
    if v.startswith("#") and len(v) in (4, 5, 7, 9) and all(
            ch in "0123456789abcdef" for ch in v[1:]):
        if len(v) in (4, 5):
            return "#" + "".join(ch * 2 for ch in v[1:4])
        return v[:7]
    if v.startswith(("rgb(", "rgba(")) and v.endswith(")"):
        parts = v[v.index("(") + 1:-1].replace("/", ",").replace(" ", ",").split(",")
        parts = [p for p in parts if p]
        try:
            rgb = [float(p[:-1]) * 2.55 if p.endswith("%") else float(p) for p in parts[:3]]
        except ValueError:
            return None
        if len(rgb) == 3 and all(0 <= c <= 255 for c in rgb):
            return "#" + "".join(f"{round(c):02x}" for c in rgb)
    return None


def theme_from_css(variables: dict[str, Any]) -> Theme:
    """A theme that matches the page, from JupyterLab's CSS variables: a
    dict such as ``{"--jp-layout-color0": "#111111", "--jp-ui-font-color0":
    "rgba(255, 255, 255, 1)", "--jp-ui-font-family": "..."}`` (the names
    with or without the leading ``--``), and the page's ``theme-name`` and
    ``theme-light`` (JupyterLab's ``data-jp-theme-*`` attributes). A high
    contrast theme name gives the high-contrast theme; a dark page
    background (or ``theme-light`` false) starts from the dark theme, a
    light one from the light theme; the page's
    background and font colour are taken where they stay readable (every
    pair of :meth:`Theme.text_pairs` keeps a contrast of 4.5). Unreadable
    or missing values keep the base theme's."""
    if not isinstance(variables, dict):
        from ..errors import DendriaError
        raise DendriaError("theme_from_css takes a dict of CSS variables, like "
                           "{'--jp-layout-color0': '#111111'}")
    vals = {str(k).lstrip("-"): v for k, v in variables.items()}
    bg = css_colour(vals.get("jp-layout-color0"))
    name = str(vals.get("theme-name", "")).lower()
    light = str(vals.get("theme-light", "")).lower()
    if "high contrast" in name or "high-contrast" in name:
        base = HIGH_CONTRAST
    elif bg is not None:
        base = DEFAULT_THEME if luminance(bg) >= 0.18 else DARK_THEME
    else:
        base = DARK_THEME if light == "false" else DEFAULT_THEME
    changes: dict[str, str] = {}
    if bg is not None:
        changes["background"] = bg
    ink = css_colour(vals.get("jp-ui-font-color0") or vals.get("jp-content-font-color0"))
    back = bg or base.background
    if ink is not None and contrast(ink, back) >= 4.5:
        changes["key_text"] = ink
        if contrast(ink, base.cell) >= 4.5:
            changes["coord"] = ink
    if "key_text" not in changes and contrast(base.key_text, back) < 4.5:
        changes["key_text"] = readable_on(back)
    if "coord" not in changes and contrast(base.coord, back) < 4.5:
        changes["coord"] = base.key_text if contrast(base.key_text, base.cell) >= 4.5 \
            and contrast(base.key_text, back) >= 4.5 else readable_on(back)
    font = vals.get("jp-ui-font-family")
    if isinstance(font, str) and font.strip() and "var(" not in font:
        changes["font"] = font.strip()
    return base.with_changes(**changes)


def resolve_theme(theme: Theme | str) -> Theme:

    """A :class:`Theme` from a Theme or a name of :data:`THEMES`."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str) and theme in THEMES:
        return THEMES[theme]
    from ..errors import DendriaError
    raise DendriaError(f"unknown theme {theme!r} (themes: {', '.join(THEMES)}, or a Theme)")


__all__ = ["Theme", "DEFAULT_THEME", "DARK_THEME", "HIGH_CONTRAST", "OKABE_ITO", "THEMES",
           "resolve_theme", "theme_from_css", "css_colour", "contrast", "luminance",
           "readable_on"]
