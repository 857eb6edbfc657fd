"""Words and small HTML for the board widget's panels (pure functions).

Every fact shown comes from the engine (``game.*``) or from
``dendria_widget.explain``; these functions only put it into words.
"""

from __future__ import annotations

from html import escape

from ..explain.sentences import (change_sentence, fertile_soil_words, points,
                                 score_line)
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


def cap(s):
    return s[:1].upper() + s[1:] if s else s


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


def _short_list(cells, n=6):
    cells = list(cells)
    if len(cells) <= n:
        return ", ".join(cells)
    return ", ".join(cells[:n]) + f" and {len(cells) - n} more"


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
                bits.append(f"move the {v.kind_word('dendrid')} on {_short_list(cells)} "
                            "(click it)")
            elif verb == "slide":
                bits.append(f"slide to {_short_list(cells)}")
            else:
                bits.append(f"{word} {_short_list(cells)}")
    for verb in ("end", "pass", "swap"):
        if verb in by_verb:
            bits.append(VERB_WORDS[verb])
    out = ("You may " + "; ".join(bits) + ".") if bits else ""
    for label, reason in why_not:
        out += f" {label} is not possible now: {reason}."
    return out.strip()


# ------------------------------------------------------------- the details


def _plural(n, word, words=None):
    return f"{n} {word if n == 1 else (words or word + 's')}"


def _root_words(v, root):
    d = root["direction"]
    n = root["empty_between"]
    plots = _plural(n, f"empty {v.plot_word}", f"empty {v.plots_word()}")
    if root["nourisher"] is None:
        return f"{d} sees the edge ({plots}, no nutrient)"
    piece = v.piece_words(root["nourisher_piece"])
    return f"{d} ends on the {piece} on {root['nourisher']} ({plots} between)"


def details_html(game, cell, facts, slides=None):
    """The details panel: ``facts`` is ``explain.explain_cell(game, cell)``
    (Dendria or Hedu), put into sentences. ``slides``: during a journey,
    where the journeying piece may slide now (on its line)."""
    if facts is None:
        return ("<div class='dendria-details'><i>Point at a cell to see its roots, "
                "its group and what may be done there.</i></div>")
    v = game.variant
    piece = facts.get("piece")
    head = (f"a {v.piece_words(piece)}" if piece else f"an empty {v.plot_word}")
    out = [f"<b>{escape(cell)}</b>: {escape(head)}."]
    if v.family == "dendria":
        items = _dendria_items(v, facts, slides)
    else:
        items = _hedu_items(v, facts)
    out.append("<ul style='margin:2px 0 0 0;padding-left:1.2em'>")
    out.extend(f"<li>{escape(i)}</li>" for i in items)
    out.append("</ul>")
    return "<div class='dendria-details'>" + "".join(out) + "</div>"


def _sentence(text):
    text = cap(str(text).strip())
    return text if text.endswith((".", "!", "?")) else text + "."


def _dendria_items(v, facts, slides=None):
    items = []
    counts = facts.get("nourishers_by_colour", {})
    roots = facts.get("roots", [])
    plant = v.verb("plant")
    dendrids = v.kind_word("dendrid", 2)
    if facts.get("hungry"):
        items.append("Hungry: at least one root sees the edge"
                     + (f" (a seed may be {plant.done} here)" if not facts.get("piece")
                        else "") + ".")
    elif roots:
        items.append("Nourished: every root ends on a nourisher"
                     f" ({counts.get('dark', 0)} dark, {counts.get('light', 0)} light).")
    else:
        items.append("No root at all: every line is empty, and an empty line does not "
                     "see the edge under these rules.")
    if roots:
        items.append("Roots: " + "; ".join(_root_words(v, r) for r in roots) + ".")
    if v.power and facts.get("power") is not None:
        items.append(f"Power {facts['power']}: the fewest {v.plots_word()} on any of "
                     "its six lines.")
    if not facts.get("piece"):
        if "plant" in facts:
            items.append(f"{cap(plant.ing)} here is legal now." if facts["plant"] is None
                         else _sentence(f"No {plant.ing} here: {facts['plant']}"))
        fb = facts.get("fertilized_by")
        if fb is not None:
            items.append(("Fertilized by " + " and ".join(fb) + ".") if fb
                         else f"Fertilized by no {v.kind_word('dendrid')}.")
    g = facts.get("group")
    if g:
        soils = g.get("fertile_soils", {})
        soil_words = fertile_soil_words(v, soils)
        kind = v.group_word(g["kind"]) if g["kind"] in v.group_words else g["kind"]
        items.append(f"Its {g['colour']} {kind} of {g['size']}: {', '.join(g['cells'])}.")
        items.append(("Its fertile soils: " + soil_words + ".") if soils
                     else "It has no fertile soil (an enclosed group).")
        if "sees_dendrids" in g and v.enclosed_sight:
            s = g["sees_dendrids"]
            items.append(f"It sees {s.get('dark', 0)} dark and {s.get('light', 0)} light "
                         f"{dendrids}.")
        if "protected" in g and v.protection:
            items.append("Protected by its owner: it cannot be captured." if g["protected"]
                         else "Not protected by its owner.")
    if "sprout" in facts:
        items.append("The side to move may sprout it." if facts["sprout"] is None
                     else _sentence(f"No sprouting: {facts['sprout']}"))
    if slides is not None:
        items.append(("On its line it may slide to " + _short_list(slides, 12) + ".")
                     if slides else "It cannot slide further on its line.")
    elif "slides" in facts:
        sl = facts["slides"]
        items.append(("One slide reaches " + _short_list(sl, 12) + ".") if sl
                     else "It cannot slide anywhere.")
    return items


def _hedu_items(v, facts):
    items = []
    if facts.get("piece"):
        h = facts.get("height")
        n = facts.get("regions", 0)
        items.append(f"Height {h}; it touches {_plural(n, 'region')}.")
        g = facts.get("group")
        if g:
            items.append(f"Its {g['colour']} group: {_plural(g['size'], 'stack')} of height "
                         f"{g['height']} ({', '.join(g['cells'])}).")
        return items
    reg = facts.get("region")
    if reg:
        cells = reg.get("cells", [])
        who = reg.get("controller")
        items.append(f"Its region: {_plural(len(cells), 'empty plot')} "
                     f"({_short_list(cells, 8)}).")
        items.append(f"{cap(who)} controls it, worth {reg.get('value')}." if who
                     else "Nobody controls it.")
        for colour in ("black", "white"):
            groups = reg.get(colour, [])
            words = ", ".join(f"{_plural(sz, 'stack')} of height {h}" for h, sz in groups)
            items.append(f"{cap(colour)} groups touching it: {words or 'none'}.")
        if reg.get("why"):
            items.append(_sentence(reg["why"]))
    pl = facts.get("placement")
    if pl:
        if pl.get("legal"):
            items.append(f"A stack placed here now would have height {pl.get('height')}.")
        else:
            items.append(_sentence(f"No placement here: {pl.get('reason')}"))
        prev = pl.get("preview") or {}
        for line in prev.get("summary", []):
            items.append(_sentence(line))
    return items


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
