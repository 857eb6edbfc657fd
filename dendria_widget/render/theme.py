"""Colours and sizes of the board pictures.

:data:`DEFAULT_THEME` is high-contrast and colour-blind safe: pieces are told
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
    piece_fill: tuple = ("#1c2a4a", "#fff3d6")
    piece_stroke: tuple = ("#ffffff", "#2a2112")
    piece_text: tuple = ("#ffffff", "#1a1a1a")   # Hedu stack height on the disc
    piece_detail: tuple = ("#8fa6d6", "#b08a3e")  # inner marks (tree rings)
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
    region_tint: tuple = ("#1c2a4a", "#fffaf0")  # Hedu: region tinted by controller
    region_alpha: tuple = (0.35, 0.7)
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

    def with_changes(self, **changes):
        """A copy of this theme with some fields changed."""
        return replace(self, **changes)


DEFAULT_THEME = Theme()

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

THEMES = {"light": DEFAULT_THEME, "high-contrast": HIGH_CONTRAST}


def resolve_theme(theme):
    """A :class:`Theme` from a Theme or a name of :data:`THEMES`."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str) and theme in THEMES:
        return THEMES[theme]
    from ..errors import DendriaError
    raise DendriaError(f"unknown theme {theme!r} (themes: {', '.join(THEMES)}, or a Theme)")


__all__ = ["Theme", "DEFAULT_THEME", "HIGH_CONTRAST", "OKABE_ITO", "THEMES", "resolve_theme"]
