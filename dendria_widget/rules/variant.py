"""What a ruleset calls things and which ideas it has: one description object
per ruleset, read by the explanations, the renderer and the widget.

As OpenSpiel's ``GameType`` carries a game's own names, a :class:`Variant`
carries an edition's words (the sprites edition *sows* seeds and calls its
dendrids *sprites* and its cells *plots*; the classic edition *plants* on
*soils*; Hedu *places* *stacks* on *plots*), its colours, phases and piece
kinds and the editor's palette. (The overlays a game offers are
``render.overlays.offered(variant)``: each overlay is one unit there.)

Words follow the edition; **ideas follow the option values**, not the
ruleset's name: a classic game with ``power_rule=True`` has power, a
sprites game with ``capture="fertilized"`` has no protection.

>>> from dendria_widget import Game
>>> v = Game("dendria-sprites").variant
>>> v.verb_word("plant"), v.kind_word("dendrid"), v.plot_word
('sow', 'sprite', 'plot')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..notation import VERB_SYNONYMS
from .options import option_specs, resolve_rules

if TYPE_CHECKING:  # for the type hints only
    from ..notation import Step
    from .options import OptionValue, Rules


@dataclass(frozen=True)
class Verb:
    """A step's verb as the edition says it: ``word`` ("sow"), ``ing``
    ("sowing") and ``done`` ("sown")."""
    verb: str
    word: str
    ing: str
    done: str


def _verbs(*rows: tuple[str, str, str, str]) -> dict[str, Verb]:
    return {r[0]: Verb(*r) for r in rows}


#: A planting as a noun with its article, per edition ("without a plant",
#: "without a sowing"): the engine's words for refusals, endings and options.
A_PLANT = {"plant": "a plant", "sow": "a sowing", "place": "a placement"}


def plural_of(word: str) -> str:
    """'seed' -> 'seeds', 'sky' -> 'skies' (the words rulesets use)."""
    return word[:-1] + "ies" if word.endswith("y") else word + "s"


class Variant:
    """The description of one ruleset under given rules (see the module doc).

    Class attributes are the edition's words; instance attributes are the
    ideas the option values turn on (``power``, ``protection``, ...).
    Make one with :func:`variant_for` (or ``game.variant``)."""

    ruleset = ""
    title = ""
    family = ""                       # "dendria" or "hedu": which engine and explanations
    colours: tuple[str, ...] = ()      # the colour names of the notation, first to move first
    kinds: tuple[str, ...] = ()        # the piece kinds of the notation
    kind_words: dict[str, str] = {}    # kind -> the edition's word
    group_words: dict[str, str] = {}   # kind -> the word for a group of that kind
    plot_word = "plot"                 # an empty cell
    verbs: dict[str, Verb] = {}        # notation verb -> Verb
    # the ideas every ruleset says yes or no to (set by each subclass)
    power: bool
    protection: bool
    enclosed_sight: bool
    sprite_capture: bool
    komi: bool
    swap: bool

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.options: dict[str, OptionValue] = dict(rules.options)

    # ------------------------------------------------------------ words
    def colour_word(self, colour: str) -> str:
        """'Dark', 'Light', 'Black', 'White'."""
        return colour.capitalize()

    def colour_index(self, colour: str) -> int:
        """0 for the first colour (dark, black), 1 for the second."""
        return self.colours.index(colour)

    def kind_word(self, kind: str, n: int = 1) -> str:
        """The edition's word for a piece kind ('sprite'), plural when n != 1."""
        w = self.kind_words[kind]
        return w if n == 1 else plural_of(w)

    def group_word(self, kind: str, n: int = 1) -> str:
        w = self.group_words[kind]
        return w if n == 1 else plural_of(w)

    def plots_word(self, n: int = 2) -> str:
        return self.plot_word if n == 1 else plural_of(self.plot_word)

    def verb_word(self, verb: str) -> str:
        """The edition's word for a notation verb ('plant' -> 'sow')."""
        v = self.verbs.get(verb)
        return v.word if v else verb

    def step_text(self, step: Step) -> str:
        """A step in the notation as the edition writes it: its own verb where
        the notation reads that verb as a synonym (sprites: ``sow d4``), else
        ``str(step)``."""
        text = str(step)
        word = self.verb_word(step.verb)
        if word != step.verb and VERB_SYNONYMS.get(word) == step.verb:
            return word + text[len(step.verb):]
        return text

    def verb(self, verb: str) -> Verb:
        """The :class:`Verb` of a notation verb."""
        return self.verbs.get(verb) or Verb(verb, verb, verb + "ing", verb + "ed")

    def piece_words(self, piece: str) -> str:
        """A piece string of the notation ('dark dendrid') in the edition's
        words ('dark sprite')."""
        colour, kind = piece.split()
        return f"{colour} {self.kind_word(kind)}"

    #: the notation verb of a planting, and the piece kind that journeys
    #: (Hedu: a placement and its stack), for :meth:`words`
    planting_verb = "plant"
    mover_kind = "dendrid"

    def words(self) -> dict[str, str]:
        """THE table of this edition's words, as fields for a sentence written
        once (refusals, endings, option texts, tooltips, lessons):
        ``dendrid``, ``dendrids``, ``plant``, ``plants``, ``planting``,
        ``planted``, ``a_plant``, ``soil``, ``soils``, each also with a
        capital (``Dendrid``, ``Plant``...). The classic edition plants
        dendrids on soils; the sprites edition sows sprites on plots; Hedu
        places stacks on plots."""
        plant = self.verb(self.planting_verb)
        dendrid = self.kind_word(self.mover_kind)
        table = {"dendrid": dendrid, "dendrids": plural_of(dendrid),
                 "plant": plant.word, "plants": plural_of(plant.word),
                 "planting": plant.ing, "planted": plant.done,
                 "a_plant": A_PLANT.get(plant.word, "a " + plant.word),
                 "soil": self.plot_word, "soils": self.plots_word()}
        table.update({k[0].upper() + k[1:]: w[0].upper() + w[1:] for k, w in list(table.items())})
        return table

    def _words(self) -> dict[str, str]:
        """Words to fill the tooltip templates with (:meth:`words`)."""
        return self.words()

    def option_doc(self, name: str) -> str:
        """What the rules option ``name`` means, in this edition's words."""
        return option_specs(self.ruleset)[name].doc.format(**self._words())

    # ------------------------------------------------------------- editor
    @property
    def palette(self) -> tuple[tuple[str, str], ...]:
        """The editor's pieces: ``(value, label)`` pairs, ``"remove"`` first;
        values are piece strings of the notation, labels the edition's words."""
        return (("remove", "remove"),)

    def phase_words(self, phase: str) -> str:
        """What the phase means, in a few words."""
        return phase

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.ruleset}>"


class Dendria(Variant):
    """Dendria: seeds, trees and dendrids of Dark and Light."""

    family = "dendria"
    colours = ("dark", "light")
    kinds = ("seed", "tree", "dendrid")
    group_words = {"seed": "seedbed", "tree": "forest", "dendrid": "host"}

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        o = self.options
        #: power of a cell and the power rule of journeys
        self.power = bool(o["power_rule"])
        #: forests protected by their owner (capture of unprotected forests)
        self.protection = o["capture"] == "unprotected"
        #: groups with no fertile soil judged by the dendrids they see
        self.enclosed_sight = o["enclosed_groups"] == "sight"
        #: a journey may end on an enemy dendrid and remove it
        self.sprite_capture = bool(o["sprite_capture"])
        #: the new seedbed may grow once after a plant
        self.grow_after_plant = o["grow_after_plant"] == "planted"
        #: the mover's pieces next to a new seed must not touch
        self.non_touching = o["sowing"] == "non-touching"
        #: an empty ray sees the edge
        self.touching_edge = o["edge_sight"] == "touching"
        self.komi = o["opening"] == "komi-pie"
        self.swap = o["opening"] in ("pie", "komi-pie")
        self.move_limit: int | None = rules.dendrid_move_limit

    @property
    def palette(self) -> tuple[tuple[str, str], ...]:
        return (("remove", "remove"),) + tuple(
            (f"{c} {k}", f"{c} {self.kind_word(k)}") for c in self.colours for k in self.kinds)

    def phase_words(self, phase: str) -> str:
        plant, dendrid = self.verb_word("plant"), self.kind_word("dendrid")
        first, second = self.colours
        after = "sprout seeds, grow the new seedbed" if self.grow_after_plant else "sprout seeds"
        return {
            "komi": f"the player to move chooses the komi (points for "
                    f"{self.colour_word(second)})",
            "side": "the other player chooses a side",
            "opening": f"the opening: a {first} seed on any {self.plot_word}, then End turn",
            "swap": f"{self.colour_word(second)} may swap colours, or play",
            "turn": f"a new turn: {plant} a seed, move a {dendrid}, or pass",
            "plant": f"after {self.verb('plant').ing}: {after}, then End turn",
            "move": "a journey: slide on along the line, convert, then End turn",
            "over": "the game is over",
        }.get(phase, phase)


_DENDRIA_VERBS = (
    ("sprout", "sprout", "sprouting", "sprouted"),
    ("grow", "grow", "growing", "grown"),
    ("capture", "capture", "capturing", "captured"),
    ("move", "move", "moving", "moved"),
    ("slide", "slide", "sliding", "slid"),
    ("end", "end the turn", "ending the turn", "ended the turn"),
    ("pass", "pass", "passing", "passed"),
    ("swap", "swap", "swapping", "swapped"),
    ("komi", "set the komi", "setting the komi", "set the komi"),
    ("side", "choose a side", "choosing a side", "chose a side"),
)


class DendriaClassic(Dendria):
    """Dendria, classic edition: plant on soils; dendrids."""

    ruleset = "dendria-classic"
    title = "Dendria, classic edition"
    kind_words = {"seed": "seed", "tree": "tree", "dendrid": "dendrid"}
    plot_word = "soil"
    verbs = _verbs(("plant", "plant", "planting", "planted"), *_DENDRIA_VERBS)


class DendriaSprites(Dendria):
    """Dendria, sprites edition: sow on plots; sprites."""

    ruleset = "dendria-sprites"
    title = "Dendria, sprites edition"
    kind_words = {"seed": "seed", "tree": "tree", "dendrid": "sprite"}
    plot_word = "plot"
    verbs = _verbs(("plant", "sow", "sowing", "sown"), *_DENDRIA_VERBS)


class Hedu(Variant):
    """Hedu: stacks of Black and White on plots; regions and prisoners."""

    ruleset = "hedu"
    title = "Hedu"
    family = "hedu"
    colours = ("black", "white")
    kinds = ("stack",)
    kind_words = {"stack": "stack"}
    group_words = {"stack": "group"}
    planting_verb = "place"
    mover_kind = "stack"
    plot_word = "plot"
    verbs = _verbs(("place", "place", "placing", "placed"),
                   ("pass", "pass", "passing", "passed"),
                   ("swap", "swap", "swapping", "swapped"))
    #: the heights the editor offers
    PALETTE_HEIGHTS = (1, 2, 3)

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.swap = self.options["opening"] == "pie"
        # Dendria's ideas, absent here
        self.power = self.protection = self.enclosed_sight = self.sprite_capture = False
        self.komi = False

    def piece_words(self, piece: str) -> str:
        colour, height = piece.split()
        return f"{colour} stack of {height}"

    @property
    def palette(self) -> tuple[tuple[str, str], ...]:
        return (("remove", "remove"),) + tuple(
            (f"{c} {h}", f"{c} {h}") for c in self.colours for h in self.PALETTE_HEIGHTS)

    def phase_words(self, phase: str) -> str:
        first, second = (self.colour_word(c) for c in self.colours)
        return {
            "opening": f"{first}'s opening placement",
            "swap": f"{second} may swap colours, or place",
            "turn": "place a stack on an empty plot, or pass",
            "over": "the game is over",
        }.get(phase, phase)


VARIANTS = {cls.ruleset: cls for cls in (DendriaClassic, DendriaSprites, Hedu)}

@lru_cache(maxsize=256)
def variant_for(rules: Rules) -> Variant:
    """The :class:`Variant` of a :class:`~dendria_widget.rules.Rules`."""
    return VARIANTS[rules.ruleset](rules)


def variant_of(ruleset: str) -> Variant:
    """The :class:`Variant` of ``ruleset`` under its default rules (its
    words, for a ruleset no game plays yet)."""
    return variant_for(resolve_rules(ruleset))


__all__ = ["Variant", "Dendria", "DendriaClassic", "DendriaSprites", "Hedu", "Verb",
           "VARIANTS", "variant_for"]
