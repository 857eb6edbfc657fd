"""Words and small HTML for the board widget's panels (pure functions).

Every fact shown comes from the engine (``game.*``) or from
``dendria_widget.explain``; these functions only put it into words.
"""

from __future__ import annotations

from html import escape

from ..explain.sentences import (cap, change_sentence, describe, points, score_line,
                                 short_list)
from ..interaction import CELL_VERBS, choices_made, seat_words, seats

VERB_WORDS = {
    "end": "End turn", "pass": "Pass", "swap": "Swap",
}

#: The widget's style sheet: every text colour from JupyterLab's theme
#: variables (with fallbacks for other front ends), and fixed heights for
#: the lines above and below the board so that the board never moves.
STYLE = """<style>
.dendria-board-widget { color: var(--jp-ui-font-color1, #1a1a1a); }
.dendria-line { height: 1.45em; line-height: 1.45em; overflow: hidden;
  white-space: nowrap; text-overflow: ellipsis; }
.dendria-header-box, .dendria-header-box .widget-html-content { min-width: 0;
  max-width: 100%; overflow: hidden; }
.dendria-score { font-size: 0.92em; }
.dendria-banner { background: var(--jp-brand-color1, #0072b2);
  color: var(--jp-ui-inverse-font-color0, #ffffff); padding: 0 8px;
  border-radius: 4px; font-weight: bold; }
.dendria-status { height: 2.9em; line-height: 1.45em; overflow: hidden; }
.dendria-status-info { color: var(--jp-ui-font-color1, #333333); }
.dendria-status-ok { color: var(--jp-success-color0, #005a2b); }
.dendria-status-refused { color: var(--jp-error-color0, #b00020); }
.dendria-hint { height: 2.7em; line-height: 1.35em; overflow: hidden;
  font-size: 0.9em; color: var(--jp-ui-font-color2, #555555); }
.dendria-help { color: var(--jp-ui-font-color2, #555555); }
.dendria-present .dendria-status, .dendria-present .dendria-line { font-size: 1.6em; }
</style>"""


def phase_words(game):
    return game.variant.phase_words(game.phase)


def mover_words(game):
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


def _total(part):
    return part.get("total") if isinstance(part, dict) else part


def score_words(game):
    """One short line per colour: the total and its breakdown, in the words
    of :func:`~dendria_widget.explain.sentences.score_line` (the tutorials'
    score sentences use the same words)."""
    score = game.score()
    return [score_line(game, colour, score) for colour in score]


def _line(html_text, title, cls="dendria-line"):
    """One line of fixed height; the whole text is its tooltip."""
    return (f"<div class='{cls}' title='{escape(title, quote=True)}'>"
            f"{html_text or '&nbsp;'}</div>")


def header_html(game):
    """Four lines of fixed height: whose turn and the phase (or the
    game-over banner with the winner), who plays which colour, and the
    score of each colour with its breakdown (long texts end in an ellipsis;
    the whole text is the line's tooltip)."""
    v = game.variant
    parts = []
    if game.is_over:
        w = game.winner
        score = game.score()
        totals = " to ".join(points(_total(score[c])) for c in score)
        who = "A draw" if w == "draw" else f"{v.colour_word(w)} wins"
        why = f" ({game.end_reason})" if game.end_reason else ""
        words = f"Game over: {who}, {totals}{why}"
        parts.append(_line(f"<span class='dendria-banner'>{escape(words)}</span>", words))
    else:
        turn, phase = mover_words(game), phase_words(game)
        parts.append(_line(f"<b>{escape(turn)}</b> &middot; <i>{escape(phase)}</i>",
                           f"{turn}: {phase}"))
    seat = seat_words(game, now=choices_made(game)) or ""
    parts.append(_line(escape(seat), seat))
    for line in score_words(game)[:2]:
        parts.append(_line(escape(line), line, "dendria-line dendria-score"))
    return "<div class='dendria-header'>" + "".join(parts) + "</div>"


def status_html(text, kind="info"):
    """The status line (two lines of fixed height): ``kind`` is info, ok or
    refused."""
    icon = {"refused": "\u2716 ", "ok": "\u2714 "}.get(kind, "")
    body = escape(text or "")
    return (f"<div class='dendria-status dendria-status-{kind}' "
            f"title='{escape(text or '', quote=True)}'>{icon}{body}</div>")


def hint_html(words):
    """The hint line (what to do next, and why not), of fixed height."""
    return (f"<div class='dendria-hint' title='{escape(words, quote=True)}'>"
            f"{escape(words)}</div>")


def hint(game, legal, why_not=()):
    """What the mover may do next, in a few words (from the legal steps),
    then why a button is disabled: ``why_not`` is ``[(button label,
    engine reason)]``."""
    if game.is_over:
        return "The game is over: Undo or step back through the history to explore."
    v = game.variant
    by_verb = {}
    for s in legal:
        by_verb.setdefault(s.verb, []).append(s.arg)
    if game.phase == "komi":
        ks = by_verb.get("komi", [])
        return (f"Player 1: choose the komi ({min(ks)} to {max(ks)} points for Light) "
                "and press Set komi." if ks else "")
    if game.phase == "side":
        return "Player 2: choose a side, Play dark or Play light."
    bits = []
    for verb in ("plant", "place", "move", "slide", "sprout", "grow", "capture"):
        if verb in by_verb:
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


# ------------------------------------------------------------- the details
def details_html(game, cell, facts, slides=None):
    """The details panel: ``facts`` is ``explain.explain_cell(game, cell)``
    (Dendria or Hedu), in the sentences of
    :func:`~dendria_widget.explain.sentences.describe` (the tutorials' words):
    the first one with the cell's name in bold, the others as a list.
    ``slides``: during a journey, where the journeying piece may slide now
    (on its line)."""
    if facts is None:
        return ("<div class='dendria-details'><i>Point at a cell to see its roots, "
                "its group and what may be done there.</i></div>")
    head, *items = describe(game, cell, facts, slides)
    name = facts.get("cell", cell)
    if head.startswith(name):
        head_html = f"<b>{escape(name)}</b>{escape(head[len(name):])}"
    else:
        head_html = escape(head)
    out = [head_html]
    if items:
        out.append("<ul style='margin:2px 0 0 0;padding-left:1.2em'>")
        out.extend(f"<li>{escape(i)}</li>" for i in items)
        out.append("</ul>")
    return "<div class='dendria-details'>" + "".join(out) + "</div>"


def step_choice_label(step):
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



def played_words(game, step, mover, effects=()):
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
        return f"Player 2 chose {v.colour_word(cell)}: {seat_words(game, now=True)}."
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
