"""The board's words (pure functions, no widgets): whose turn it is, the
score lines, what the mover may do next, what a step just did, a choice's
label. Every fact comes from the engine (``game.*``) or from ``explain``;
these functions only put it into words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..explain.sentences import cap, change_sentence, score_line, short_list
from ..interaction import CELL_VERBS, seat_words, seats

if TYPE_CHECKING:  # for the type hints only
    from ..explain.sentences import Change
    from ..game import Game
    from ..notation import Step

VERB_WORDS = {
    "end": "End turn", "pass": "Pass", "swap": "Swap",
}

def phase_words(game: Game) -> str:
    return game.variant.phase_words(game.phase)

def mover_words(game: Game) -> str:
    """'Dark to move (Player 2)'; during the komi-pie choices: who chooses."""
    if game.phase == "komi":
        return "Player 1 chooses the komi"
    if game.phase == "side":
        return "Player 2 chooses a side"
    if game.is_over:
        return "Game over"
    plays = seats(game)
    who = f" (Player {plays[game.to_move]})" if plays else ""
    return f"{game.variant.colour_word(game.to_move)} to move{who}"

def _total(part: dict[str, Any] | float) -> float:
    return part["total"] if isinstance(part, dict) else part   # every part has its total

def score_words(game: Game) -> list[str]:
    """One short line per colour: the total and its breakdown, in the words
    of :func:`~dendria_widget.explain.sentences.score_line` (the tutorials'
    score sentences use the same words)."""
    score = game.score()
    return [score_line(game, colour, score) for colour in score]

def hint(game: Game, legal: Iterable[Step], why_not: Iterable[tuple[str, str]] = (),
         quiz: bool = False) -> str:
    """What the mover may do next, in a few words (from the legal steps),
    then why a button is disabled: ``why_not`` is ``[(button label,
    engine reason)]``. ``quiz`` (an exercise, a puzzle: the learner finds
    the move): only the kinds of step open, no cell named (see
    :func:`quiz_bits`)."""
    if game.is_over:
        return "The game is over: Undo or step back through the history to explore."
    v = game.variant
    by_verb: dict[str, list] = {}
    for s in legal:
        by_verb.setdefault(s.verb, []).append(s.arg)
    if game.phase == "komi":
        ks = by_verb.get("komi", [])
        return (f"Player 1: choose the komi ({min(ks)} to {max(ks)} points for Light) "
                "and press Set komi." if ks else "")
    if game.phase == "side":
        return "Player 2: choose a side, Play dark or Play light."
    bits: list[str] = quiz_bits(game, by_verb) if quiz else []
    for verb in ("plant", "place", "move", "slide", "sprout", "grow", "capture"):
        if verb in by_verb and not quiz:
            cells = by_verb[verb]
            word = v.verb_word(verb)
            if verb in ("plant", "place") and len(cells) > 6:
                bits.append(f"{word} on one of {len(cells)} {v.plots_word()} "
                            "(click an empty cell)")
            elif verb == "move":
                bits.append(f"move the {v.kind_word('dendrid')} on {short_list(cells)} "
                            "(click it)")
            elif verb == "slide":
                bits.append(f"slide to {short_list(cells)}")
            else:
                bits.append(f"{word} {short_list(cells)}")
    for verb in ("end", "pass", "swap"):
        if verb in by_verb:
            bits.append(VERB_WORDS[verb])
    out = ("You may " + "; ".join(bits) + ".") if bits else ""
    for label, reason in why_not:
        out += f" {label} is not possible now: {reason}."
    return out.strip()

#: the piece each converting verb takes, in a quiz's words ("sprout a seed")
QUIZ_OBJECTS = {"sprout": ("kind", "seed"), "grow": ("group", "seed"),
                "capture": ("group", "tree")}


def quiz_bits(game: Game, by_verb: dict[str, list]) -> list[str]:
    """The kinds of step open to the mover, without a cell (an exercise's
    or a puzzle's status line must not name the answer): "sow a seed
    (click an empty plot)", "move a sprite (click it)", "slide (click a
    highlighted cell)", "sprout a seed (click it)"."""
    v = game.variant
    bits: list[str] = []
    for verb in ("plant", "place", "move", "slide", "sprout", "grow", "capture"):
        if verb not in by_verb:
            continue
        word = v.verb_word(verb)
        if verb in ("plant", "place"):
            kind = "seed" if "seed" in v.kind_words else v.kinds[0]
            noun = v.kind_word(kind)
            bits.append(f"{word} {article(noun)} {noun} (click an empty {v.plot_word})")
        elif verb == "move":
            bits.append(f"move a {v.kind_word(v.mover_kind)} (click it)")
        elif verb == "slide":
            bits.append("slide (click a highlighted cell)")
        else:
            how, kind = QUIZ_OBJECTS[verb]
            noun = v.kind_word(kind) if how == "kind" else v.group_word(kind)
            bits.append(f"{word} {article(noun)} {noun} (click it)")
    return bits


def article(noun: str) -> str:
    return "an" if noun[:1].lower() in "aeiou" else "a"


def step_choice_label(step: Step) -> str:
    """Label of a choice button: 'sprout e5', 'grow the seedbed of e5'."""
    verb = step.verb
    if verb == "grow":
        return f"grow the seedbed ({step.arg})"
    if verb == "capture":
        return f"capture the forest ({step.arg})"
    if verb == "slide":
        return f"slide to {step.arg}"
    if verb in CELL_VERBS:
        return f"{VERB_WORDS.get(verb, verb)} {step.arg}"
    return str(step)

def played_words(game: Game, step: Step, mover: str,
                 effects: Sequence[Change] = ()) -> str:

    """What a step just played did, in a sentence: ``game`` after it,
    ``mover`` the colour that played it, ``effects`` the pieces it changed
    (a conversion and a Hedu placement say what changed, in the words of
    :func:`~dendria_widget.explain.sentences.change_sentence`)."""
    v = game.variant
    who = v.colour_word(mover)
    verb, cell = step.verb, step.arg
    if effects and verb in ("sprout", "grow", "capture", "place"):
        said = change_sentence(game, step, effects)
        if said:   # "grow: the dark seedbed e4–e6 became ..." -> "Grow by Dark: ..."
            _, _, what = said.partition(": ")
            return f"{cap(v.verb_word(verb))} by {who}: {what or said}"
    if verb == "swap":
        return f"Swap: {seat_words(game, now=True) or 'the players exchange colours'}."
    if verb == "komi":
        return f"Player 1 set the komi: {cell} point{'s' if cell != 1 else ''} for Light."
    if verb == "side":
        return f"Player 2 chose {v.colour_word(str(cell))}: {seat_words(game, now=True)}."
    dendrid = v.kind_word("dendrid") if "dendrid" in v.kind_words else ""
    words = {
        "plant": f"{who} has {v.verb('plant').done} a seed on {cell}.",
        "sprout": f"{who} sprouted the seed on {cell}.",
        "grow": f"{who} grew the seedbed of {cell} into a forest.",
        "capture": f"{who} captured the forest of {cell}.",
        "move": f"{who}'s {dendrid} on {cell} sets out: click where it slides.",
        "slide": f"The {dendrid} slid to {cell}.",
        "end": f"{who} ended the turn.",
        "pass": f"{who} passed.",
        "place": f"{who} placed a stack on {cell}.",
    }
    return words.get(verb, f"{who} played {step}.")
