"""The words of every refusal, once per edition.

The engines refuse a step with a :class:`~dendria_widget.rules.refusal.Refusal`
(a reason code and its facts); this module is the one place that turns one
into a sentence. Dendria's sentences are written once with the edition's
words as fields (``{dendrid}``, ``{plant}``, ``{planting}``, ``{planted}``,
``{a_plant}``: the classic edition plants dendrids, the sprites edition sows
sprites); Hedu has its own.

>>> from dendria_widget import Game
>>> g = Game("dendria-sprites", size=4, opening="none")
>>> str(g.refusal("move d4"))
'd4 holds no dark sprite to move (it is empty)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..rules.base import PASSES_TO_END
from ..rules.options import DEFAULTS
from ..rules.variant import variant_for
from .sentences import number_word

if TYPE_CHECKING:  # for the type hints only
    from ..rules.outcome import Outcome
    from ..rules.refusal import Refusal
    from ..rules.variant import Variant

#: Dendria's refusals by code. Fields: the refusal's facts, and the
#: edition's words (``dendrid``, ``dendrids``, ``Dendrid``, ``plant``,
#: ``planting``, ``planted``, ``soil`` and ``soils``: an empty cell, one and
#: many (the one table, ``Variant.words``); ``plots``: the word for as many
#: fertile cells as a refusal names, ``cells``: those cells; ``piece``,
#: ``what``, ``action``, ``group`` and the lists are made by
#: :func:`_dendria_fields`; ``first``, ``second``, ``First``, ``Second``: the
#: colours in the order they move, :func:`_colour_fields`). No number, colour
#: or rule's nickname is typed here: a number is a fact or a rule constant,
#: and a rule is called by the name the lessons teach ("the repetition
#: rule"; tests/test_refusals.py).
DENDRIA = {
    "game-over": "the game is over",
    "not-a-plot": "{given} is not a {soil} of this board",
    "komi-first": ("the komi comes before any piece: the player to move sets it (komi "
                   "{komi_min} to komi {komi_max})"),
    "side-now": ("now the player who did not set the komi chooses a side: 'side {first}' "
                 "or 'side {second}'"),
    "komi-not-now": "the komi is chosen only at the start of a komi-pie game",
    "bad-komi": "the komi must be a whole number from {komi_min} to {komi_max}",
    "side-not-now": "a side is chosen only after the komi, in a komi-pie game",
    "bad-side": "the side must be {first} or {second}",
    "swap-not-now": "a swap is allowed only as {Second}'s answer to {First}'s opening seed",
    "opening-plant": ("the opening turn is a {first} seed on any {soil} ('{plant} X'), then "
                      "'end'"),
    "opening-no-pass": "the opening turn cannot be passed: {plant} a seed",
    "pass-mid-turn": "a pass is a whole turn: this turn has begun, finish it with 'end'",
    "plant-not-first": "a seed can be {planted} only to begin a turn",
    "occupied": "{cell} is not empty: a {piece} stands there",
    "not-hungry": ("{cell} is nourished, not hungry: every root of {cell} ends on a nourisher "
                   "({nourishers}); a seed may only be {planted} where it would see the edge"),
    "sowing-clash": ("sowing on {cell} is refused: your pieces on {one} and {other}, "
                     "each next to {cell}, touch each other"),
    "plant-repeats": ("{planting} on {cell} leads only to boards seen before: no legal end "
                      "of the turn (the repetition rule)"),
    "move-not-first": "a journey can start only to begin a turn",
    "no-own-dendrid": "{cell} holds no {colour} {dendrid} to move (it is {what})",
    "stuck": ("the {dendrid} on {cell} cannot slide anywhere: every line is blocked by "
              "trees, enemy {dendrids} or the edge"),
    "no-journey-power": ("every journey of the {dendrid} on {cell} would break the power "
                         "rule or repeat an earlier board, so it has no legal end"),
    "no-journey-superko": ("every journey of the {dendrid} on {cell} ends on a board seen "
                           "before (the repetition rule)"),
    "not-in-turn": ("'{verb}' is a step inside a turn: begin the turn with {a_plant} or a "
                    "move"),
    "opening-one-seed": "the opening turn holds nothing after its seed: end it with 'end'",
    "slide-no-journey": "only a journeying {dendrid} slides: start with 'move X'",
    "slide-after-capture": "the {dendrid} captured an enemy {dendrid}: no slide may follow",
    "off-line": ("{cell} is not on the journey's line: the {dendrid} on {at} keeps going "
                 "{direction}"),
    "not-straight": "{cell} is not on a straight line from {at}",
    "stop-not-empty": "a {dendrid} stops only on an empty {soil}; {cell} holds a {piece}",
    "way-blocked": ("the way to {cell} is blocked by the {piece} on {blocker}: a {dendrid} "
                    "never passes trees or enemy {dendrids}"),
    "no-sprite-capture": "a {dendrid} never lands on an enemy {dendrid}{rules}",
    "unreachable": "{cell} cannot be reached from {at}",
    "dead-end": "{action} leads to a dead end: no legal end of the turn could follow",
    "no-sprout-on-move": "seeds do not sprout during a journey{rules}",
    "conversions-later": "conversions come only after a slide{rules}",
    "no-seed-to-sprout": "{cell} holds no seed to sprout{standing}",
    "hungry": "the seed on {cell} is hungry: it sees the edge, so it cannot sprout",
    "outnumbered": ("the seed on {cell} has {mine} {colour} nourisher{mine_s} and {theirs} "
                    "{other}: it sprouts only with strictly more {colour} nourishers than "
                    "{other} ones"),
    "no-seedbed": "{cell} holds no seed: only a seedbed grows",
    "no-grow-after-plant": "after {planting}, no seedbed grows{rules}",
    "one-grow": "the new seedbed has grown already: no other grow follows {a_plant}",
    "grow-other-seedbed": ("after {planting}, only the seedbed that holds the new seed may "
                           "grow"),
    "enclosed-never": ("the {group} of {cell} has no fertile {soil}{enclosed_never}"),
    "enclosed-outseen": ("the seedbed of {cell} has no fertile {soil} and sees {mine} of your "
                         "{dendrids} against {theirs}: it needs strictly more of yours"),
    "unfertilized": ("the {group} of {cell} {cannot}: its fertile {plots} {cells} {are} not "
                     "fertilized by your {dendrids}"),
    "capture-not-now": "forests are captured only during a move",
    "no-enemy-tree": "{cell} holds no enemy tree to capture",
    "protected-enclosed": ("the forest of {cell} is protected: it has no fertile {soil} and "
                           "sees {theirs} of its owner's {dendrids} against {mine}"),
    "protected": ("the forest of {cell} is protected: every fertile {soil} of it is "
                  "fertilized by its owner"),
    "enclosed-safe": ("the forest of {cell} has no fertile {soil}, and a forest cannot be "
                      "captured while it has none"),
    "owner-fertilizes": ("the forest of {cell} cannot be captured: its owner fertilizes "
                         "every one of its fertile {soils} too"),
    "unknown-step": "unknown step {verb!r}",
    "no-slide-yet": "a move needs a slide before the turn can end",
    "power-rule": ("the power rule: the journey began on {start} (power {start_power}) and "
                   "must end on a {soil} of lower power, but {at} has power {power}, and no "
                   "step of this turn gained a tree"),
    "no-turn-to-end": "there is no turn to end now",
    "repeats-board": "ending the turn now would repeat an earlier board (the repetition rule)",
    "hedu-verb": "'place' is a Hedu step; in Dendria {plant} a seed ('{plant} g7')",
    "unknown-verb": ("unknown step {verb!r} (steps: {plant}, sprout, grow, capture, move, "
                     "slide, end, pass, swap, komi, side)"),
}

#: Hedu's refusals by code (fields: the refusal's facts and the colours).
HEDU = {
    "not-a-step": "a step is a pair (verb, argument), not {given}",
    "unknown-step": "unknown Hedu step {verb!r} (Hedu steps: place, pass, swap)",
    "not-a-plot": "{given} is not a plot of this board",
    "game-over": "the game is over",
    "swap-not-now": ("a swap is allowed only as {Second}'s answer to {First}'s opening "
                     "placement (the pie rule)"),
    "takes-nothing": "'{verb}' takes nothing after it",
    "opening-no-pass": "{First}'s opening turn is a placement: it cannot be passed",
    "occupied": "{cell} is not empty: a {piece} stack stands there",
    "no-region": ("{cell} has no empty neighbour: a stack there would touch no region, so "
                  "it would get no piece, and a stack of no piece is no placement"),
    "place-repeats": ("placing on {cell} would end the turn on a board seen before "
                      "(the repetition rule)"),
    "dendria-plant": "'{verb}' is a Dendria step; in Hedu place a stack ('place g7')",
    "dendria-verb": "'{verb}' is a Dendria step; Hedu steps are place, pass and swap",
    "unknown-verb": "unknown step {verb!r} (Hedu steps: place, pass, swap)",
}

#: What a dead end was reached by, per verb (``dead-end``).
_ACTIONS = {"slide": "sliding to {cell}", "sprout": "sprouting {cell}",
            "grow": "growing the seedbed of {cell}", "capture": "capturing the forest of {cell}"}


def _edition_words(v: Variant) -> dict[str, str]:
    """The edition's words: the one table, ``Variant.words``."""
    return v.words()


def _colour_fields(v: Variant) -> dict[str, str]:
    """The edition's colours in the order they move (``first`` and
    ``second``, as the notation writes them: 'dark'; ``First`` and
    ``Second`` as a name: 'Dark'), so that no refusal types a colour."""
    first, second = v.colours
    return {"first": first, "second": second,
            "First": v.colour_word(first), "Second": v.colour_word(second)}


#: The refusals one option's value makes, and that option.
OPTION_OF = {"no-sprite-capture": "sprite_capture", "no-sprout-on-move": "sprout_on_move",
             "conversions-later": "convert_at_start", "no-grow-after-plant": "grow_after_plant"}


def _rules(v: Variant, option: str) -> str:
    """Which rules refuse, after a refusal an option's value makes: the
    edition, when the option has the edition's own value (" in the classic
    edition"); the option and its value otherwise, for a designer who
    changed it (" under these rules: the option convert_at_start is off")."""
    value = v.options.get(option)
    if value == DEFAULTS[v.ruleset].get(option):
        return f" in the {v.title.split(', ')[-1]}"
    said = ("on" if value else "off") if isinstance(value, bool) else str(value)
    return f" under these rules: the option {option} is {said}"


def _dendria_fields(v: Variant, refusal: Refusal) -> dict[str, Any]:
    facts = refusal.facts
    out = dict(facts)
    out.update(_edition_words(v))
    out.update(_colour_fields(v))
    piece = facts.get("piece")
    if piece is not None:
        out["piece"] = v.piece_words(piece)
    code = refusal.code
    if code == "no-own-dendrid":
        out["what"] = f"a {out['piece']}" if piece else "empty"
    elif code == "no-seed-to-sprout":
        out["standing"] = f" (a {out['piece']} stands there)" if piece else ""
    elif code == "dead-end":
        out["action"] = _ACTIONS[facts["verb"]].format(cell=facts["cell"])
    elif code == "outnumbered":
        out["mine_s"] = "" if facts["mine"] == 1 else "s"
    elif code == "not-hungry":
        out["nourishers"] = ", ".join(facts["nourishers"])
    elif code == "sowing-clash":
        out["one"], out["other"] = facts["pair"]
    if code in OPTION_OF:
        out["rules"] = _rules(v, OPTION_OF[code])
    if "kind" in facts:
        seedbed = facts["kind"] == "seed"
        out["group"] = "seedbed" if seedbed else "forest"
        out["cannot"] = "cannot grow" if seedbed else "cannot be captured"
        # a group with no fertile soil is safe only while it has none
        out["enclosed_never"] = (f", and a group with no fertile {out['soil']} does not "
                                 + ("convert" if seedbed else "change hands")
                                 + _rules(v, "enclosed_groups"))
    if "soils" in facts:
        out["cells"] = ", ".join(facts["soils"])
        out["plots"] = v.plots_word(len(facts["soils"]))
        out["are"] = "is" if len(facts["soils"]) == 1 else "are"
    return out


#: How a game ended (:class:`~dendria_widget.rules.outcome.Termination`'s
#: values), in words; fields: the outcome's facts and the edition's words.
ENDINGS = {
    "passes": "{passes_to_end} passes in a row",
    "move-limit": ("the {dendrid} move limit: {turns} turns in a row without {a_plant} "
                   "({dendrid} moves and passes)"),
    "no-placement": "no empty plot admits a placement",
}


def ending_text(outcome: Outcome, variant: Variant) -> str:
    """How the game ended, in the edition's words (without a capital or a
    full stop): 'two passes in a row'."""
    words = _edition_words(variant) if variant.family != "hedu" else {}
    # the rule's own number (rules.base.PASSES_TO_END), never typed here
    words["passes_to_end"] = number_word(PASSES_TO_END)
    return ENDINGS[outcome.termination.value].format(**outcome.facts, **words)


def refusal_text(refusal: Refusal, variant: Variant | None = None) -> str:
    """A refusal in the words of its rules' edition (or of ``variant``'s):
    the reason, without a capital or a full stop (see
    :func:`~dendria_widget.explain.sentences.sentence`)."""
    v = variant if variant is not None else variant_for(refusal.rules)
    if v.family == "hedu":
        return HEDU[refusal.code].format(**refusal.facts, **_colour_fields(v))
    return DENDRIA[refusal.code].format(**_dendria_fields(v, refusal))


__all__ = ["refusal_text", "ending_text", "DENDRIA", "HEDU", "ENDINGS"]
