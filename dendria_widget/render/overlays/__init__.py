"""Overlays: each one registered unit -- its name, button label and tooltip
(in the edition's words), its key entries, the facts it asks the engine
for (through :mod:`dendria_widget.explain`), the shapes it draws, its
caption and its key's samples.

A new overlay is one file: a subclass of :class:`OverlayUnit` passed to
:func:`register` (the built-in ones are in :mod:`.dendria` and :mod:`.hedu`).
Once registered it is in the scene (``build_scene(game, overlays=[name])``),
in the key below the board, in :data:`~dendria_widget.render.scene.OVERLAYS`
and in the board widget's list of overlays (:func:`offered`)::

    class Seeds(OverlayUnit):
        name, family, label = "seeds", "dendria", "Seeds"
        tooltip = "every seed on the board"
        entries_of = (("seed", "a seed"),)

        def draw(self, b, game, focus, shown):
            for cell, piece in game.pieces.items():
                if piece.endswith("seed"):
                    x, y = b.geo.center[b.geo.ids[cell]]
                    b.over_l.append(Circle(x, y, 0.5 * b.R, None, b.t.sight, 2,
                                           tag="seed:" + cell, legend="seeds:seed"))
            return f"{len(...)} seeds"

    register(Seeds())

Layers: this package is the render layer; it may import explain (the
facts) and the rules below it, never the session or the widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Sequence

from ...errors import DendriaError

if TYPE_CHECKING:  # for the type hints only
    from ...game import Game
    from ...rules.variant import Variant
    from ..scene import Shape, _Builder


def board_number(b: _Builder, legend: str) -> str:
    """The number the key's sample shows for the entry ``legend`` (an
    overlay's name and entry, with a colon): one the board shows under that
    entry (the smallest),
    so the key never types a number of its own; ``"n"`` when the board
    shows none."""
    texts = [str(getattr(s, "text", "")) for s in b.over_l
             if getattr(s, "legend", None) == legend]
    numbers = sorted(int(t) for t in texts if t.isdigit())
    return str(numbers[0]) if numbers else "n"


@dataclass(frozen=True)
class Overlay:
    """One overlay a game offers, as a button shows it: its ``name`` (what
    ``build_scene`` takes), the button ``label``, a ``tooltip`` in the
    edition's words, and its ``scope``: ``"focus"`` (about the hovered or
    clicked cell), ``"board"`` (about the whole board) or ``"both"`` (the
    whole board, and the cause of one cell's fact when a cell is focused)."""
    name: str
    label: str
    tooltip: str
    scope: str


class OverlayUnit:
    """One overlay, whole. A subclass sets the class attributes and
    ``draw``; ``sample`` draws an entry's symbol in the key (by default a
    small plot; override it to show the board's own symbol)."""

    #: the name ``build_scene`` takes (and the shapes' ``legend`` prefix)
    name: ClassVar[str] = ""
    #: the game family it explains: "dendria" or "hedu"
    family: ClassVar[str] = "dendria"
    #: the button's label and tooltip; ``{soil}``, ``{soils}``, ``{dendrid}``,
    #: ``{dendrids}``, ``{plant}``, ``{planting}``: the edition's words
    label: ClassVar[str] = ""
    tooltip: ClassVar[str] = ""
    scope: ClassVar[str] = "board"
    #: the key's entries: (entry, phrase) -- the phrase a template as above
    entries_of: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: the room the key keeps for the caption, in characters (see
    #: render.scene.caption_lines)
    caption_room: ClassVar[int] = 100
    #: when it draws, among the overlays shown (lower first: under later ones)
    draw_order: ClassVar[int] = 50

    def offered(self, variant: Variant) -> bool:
        """Whether a game under these rules offers it (the option values decide)."""
        return variant.family == self.family

    def entries(self, variant: Variant) -> tuple[tuple[str, str], ...]:
        """The key's entries in the edition's words, in key order."""
        words = _words(variant)
        return tuple((e, phrase.format(**words)) for e, phrase in self.entries_of)

    def overlay(self, variant: Variant) -> Overlay:
        words = _words(variant)
        return Overlay(self.name, self.label.format(**words), self.tooltip.format(**words),
                       self.scope)

    def draw(self, b: _Builder, game: Game, focus: str | None, shown: Sequence[str]) -> str:
        """Ask the engine for the facts, append the shapes to the builder's
        layers (``b.under_l``: under the pieces, ``b.over_l``: over the
        board; each shape with ``legend="name:entry"``) and return the
        caption: a sentence in the edition's words."""
        raise NotImplementedError(f"the overlay {self.name!r} draws nothing")

    def sample(self, b: _Builder, entry: str, x: float, y: float, out: list[Shape]) -> None:
        """The key's symbol of ``entry``, centred on (x, y), at the key's
        sample radius (``render.scene.KEY_SAMPLE``), appended to ``out``."""


def _words(variant: Variant) -> dict[str, str]:
    return variant._words()


_REGISTRY: dict[str, OverlayUnit] = {}


def register(unit: OverlayUnit) -> OverlayUnit:
    """Register an overlay (a unit of a subclass of :class:`OverlayUnit`);
    returns it. Its name must be new."""
    if not isinstance(unit, OverlayUnit):
        raise DendriaError(f"an overlay is an OverlayUnit, not {type(unit).__name__}")
    if not unit.name or unit.name == "annotations":
        raise DendriaError(f"an overlay needs a name of its own, not {unit.name!r}")
    if unit.name in _REGISTRY:
        raise DendriaError(f"there is an overlay called {unit.name!r} already")
    _REGISTRY[unit.name] = unit
    return unit


def unregister(name: str) -> None:
    """Forget the overlay ``name`` (a test's own overlay, after the test)."""
    if _REGISTRY.pop(name, None) is None:
        raise DendriaError(f"there is no overlay called {name!r}")


def unit(name: str) -> OverlayUnit:
    """The registered overlay ``name``."""
    try:
        return _REGISTRY[name]
    except KeyError:
        raise DendriaError(f"unknown overlay {name!r} "
                           f"(overlays: {', '.join(_REGISTRY)})") from None


def units(variant: Variant | None = None) -> list[OverlayUnit]:
    """Every registered overlay in button order; with ``variant``, those
    a game under its rules offers."""
    return [u for u in _REGISTRY.values() if variant is None or u.offered(variant)]


def offered(variant: Variant) -> tuple[Overlay, ...]:
    """The overlays a game under these rules offers, in button order."""
    return tuple(u.overlay(variant) for u in units(variant))


def offered_names(variant: Variant) -> frozenset[str]:
    return frozenset(u.name for u in units(variant))


class Names(Sequence[str]):
    """Every overlay name (the registered ones, in button order, then the
    teacher's ``annotations``), read when asked: an overlay registered later
    is in it."""

    def _names(self) -> tuple[str, ...]:
        return (*_REGISTRY, "annotations")

    def __getitem__(self, k: Any) -> Any:
        return self._names()[k]

    def __len__(self) -> int:
        return len(_REGISTRY) + 1

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __contains__(self, name: object) -> bool:
        return name == "annotations" or name in _REGISTRY

    def __eq__(self, other: object) -> bool:
        return tuple(self) == tuple(other) if isinstance(other, (tuple, list, Names)) \
            else NotImplemented

    def __hash__(self) -> int:
        return hash(self._names())

    def __repr__(self) -> str:
        return repr(self._names())


#: every overlay name, the registered ones and ``annotations``
NAMES = Names()

__all__ = ["Overlay", "OverlayUnit", "register", "unregister", "unit", "units", "offered",
           "offered_names", "NAMES"]
