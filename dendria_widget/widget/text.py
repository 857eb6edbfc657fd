"""Words and small HTML for the board widget's panels (pure functions).

Every fact shown comes from the engine (``game.*``) or from
``dendria_widget.explain``; these functions only put it into words.
"""

from __future__ import annotations

from html import escape

from ..interaction import CELL_VERBS

PHASE_WORDS = {
    "komi": "the first player chooses the komi (points for Light)",
    "side": "the second player chooses a side",
    "opening": "the opening: one dark seed anywhere, then End turn",
    "swap": "Light may swap colours, or play",
    "turn": "a new turn: plant a seed, move a dendrid, or pass",
    "plant": "after planting: sprout seeds, grow the new seedbed, then End turn",
    "move": "a journey: slide on along the line, convert, then End turn",
    "over": "the game is over",
}

HEDU_PHASE_WORDS = {
    "opening": "Black's first placement",
    "swap": "White may swap colours, or place",
    "turn": "place a stack on an empty plot, or pass",
    "over": "the game is over",
}

VERB_WORDS = {
    "plant": "plant", "sprout": "sprout", "grow": "grow", "capture": "capture",
    "move": "move", "slide": "slide to", "place": "place on",
    "end": "End turn", "pass": "Pass", "swap": "Swap",
}


def cap(s):
    return s[:1].upper() + s[1:] if s else s


def phase_words(game):
    if game.rules.game == "hedu":
        return HEDU_PHASE_WORDS.get(game.phase) or PHASE_WORDS.get(game.phase, game.phase)
    return PHASE_WORDS.get(game.phase, game.phase)


def mover_words(game):
    """'Dark to move' (during the komi-pie choices: who chooses)."""
    if game.phase == "komi":
        return "The first player to choose"
    if game.phase == "side":
        return "The second player to choose"
    if game.is_over:
        return "Game over"
    return f"{cap(game.to_move)} to move"


def _total(part):
    return part.get("total") if isinstance(part, dict) else part


def _num(x):
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return str(x)


def score_words(game):
    """One line per colour: the total and its breakdown, in words."""
    score = game.score()
    lines = []
    for colour, part in score.items():
        if not isinstance(part, dict):
            lines.append(f"{cap(colour)}: {_num(part)}")
            continue
        bits = []
        if "forests" in part:
            forests = part["forests"]
            bits.append("forests " + (", ".join(map(str, forests)) if forests else "none"))
        if "distinct_sizes" in part:
            bits.append(f"distinct sizes {_num(part['distinct_sizes'])}")
        if "majorities" in part and part["majorities"]:
            bits.append("+1 for more forests of size "
                        + ", ".join(map(str, part["majorities"])))
        if "leafiness" in part:
            bits.append(f"leafiness {_num(part['leafiness'])}")
        for key, value in part.items():
            if key in ("total", "forests", "distinct_sizes", "majorities", "leafiness",
                       "largest_forests_bonus", "komi"):
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                bits.append(f"{key.replace('_', ' ')} {_num(value)}")
        if part.get("largest_forests_bonus"):
            bits.append(f"+{_num(part['largest_forests_bonus'])} for the larger groups")
        if part.get("komi"):
            bits.append(f"komi {_num(part['komi'])}")
        lines.append(f"{cap(colour)}: {_num(part.get('total'))}"
                     + (f" ({'; '.join(bits)})" if bits else ""))
    return lines


def header_html(game):
    """Whose turn, the phase, the score with its breakdown, and the
    game-over banner with the winner."""
    parts = []
    if game.is_over:
        w = game.winner
        score = game.score()
        totals = " to ".join(_num(_total(score[c])) for c in score)
        who = "A draw" if w == "draw" else f"{cap(w)} wins"
        why = f" ({escape(game.end_reason)})" if game.end_reason else ""
        parts.append(
            "<div class='dendria-banner' style='background:#0072b2;color:white;"
            "padding:6px 10px;border-radius:4px;font-weight:bold;font-size:1.1em'>"
            f"Game over: {escape(who)}, {totals}{why}</div>")
    parts.append(f"<div class='dendria-turn'><b>{escape(mover_words(game))}</b>"
                 f" &middot; <i>{escape(phase_words(game))}</i></div>")
    score = "<br>".join(escape(s) for s in score_words(game))
    parts.append(f"<div class='dendria-score' style='font-size:0.92em'>{score}</div>")
    return "".join(parts)


def status_html(text, kind="info"):
    """The status line: ``kind`` is info, ok or refused."""
    colour = {"refused": "#b00020", "ok": "#005a2b"}.get(kind, "#333")
    icon = {"refused": "\u2716 ", "ok": "\u2714 "}.get(kind, "")
    return (f"<div class='dendria-status dendria-status-{kind}' "
            f"style='color:{colour};min-height:1.4em'>{icon}{escape(text or '')}</div>")


def _short_list(cells, n=6):
    cells = list(cells)
    if len(cells) <= n:
        return ", ".join(cells)
    return ", ".join(cells[:n]) + f" and {len(cells) - n} more"


def hint(game, legal):
    """What the mover may do next, in a few words (from the legal steps)."""
    if game.is_over:
        return "The game is over: Undo or step back through the history to explore."
    by_verb = {}
    for s in legal:
        by_verb.setdefault(s.verb, []).append(s.arg)
    if game.phase == "komi":
        ks = by_verb.get("komi", [])
        return (f"Choose the komi ({min(ks)} to {max(ks)}) and press Set komi."
                if ks else "")
    if game.phase == "side":
        return "Choose a side: Play dark or Play light."
    bits = []
    for verb in ("plant", "place", "move", "slide", "sprout", "grow", "capture"):
        if verb in by_verb:
            cells = by_verb[verb]
            if verb in ("plant", "place") and len(cells) > 6:
                bits.append(f"{verb} on one of {len(cells)} plots (click an empty cell)")
            elif verb == "move":
                bits.append(f"move the dendrid on {_short_list(cells)} (click it)")
            else:
                bits.append(f"{VERB_WORDS[verb]} {_short_list(cells)}")
    for verb in ("end", "pass", "swap"):
        if verb in by_verb:
            bits.append(VERB_WORDS[verb])
    if not bits:
        return ""
    return "You may " + "; ".join(bits) + "."


# ------------------------------------------------------------- the details


def _root_words(root):
    d = root["direction"]
    if root["nourisher"] is None:
        n = root["empty_between"]
        return f"{d}: sees the edge ({n} empty plot{'s' if n != 1 else ''}, no nutrient)"
    n = root["empty_between"]
    return (f"{d}: nourished by the {root['nourisher_piece']} on {root['nourisher']}"
            f" ({n} empty plot{'s' if n != 1 else ''} between)")


def details_html(game, cell, facts):
    """The details panel: ``facts`` is ``explain.explain_cell(game, cell)``
    (Dendria or Hedu), put into words; unknown keys are listed as they are."""
    if facts is None:
        return ("<div class='dendria-details'><i>Point at a cell to see its roots, "
                "its group and what may be done there.</i></div>")
    out = [f"<b>{escape(cell)}</b>: "]
    piece = facts.get("piece")
    out.append(escape(f"a {piece}" if piece else "an empty plot") + ".")
    items = []
    if game.rules.game == "dendria":
        items.extend(_dendria_items(facts))
    else:
        items.extend(_generic_items(facts, skip=("cell", "piece")))
    out.append("<ul style='margin:2px 0 0 0;padding-left:1.2em'>")
    out.extend(f"<li>{escape(i)}</li>" for i in items)
    out.append("</ul>")
    return "<div class='dendria-details'>" + "".join(out) + "</div>"


def _dendria_items(facts):
    items = []
    counts = facts.get("nourishers_by_colour", {})
    roots = facts.get("roots", [])
    if facts.get("hungry"):
        items.append("Hungry: at least one root sees the edge"
                     + (" (a seed may be planted here)" if not facts.get("piece") else "") + ".")
    elif roots:
        items.append("Nourished: every root ends on a nourisher"
                     f" ({counts.get('dark', 0)} dark, {counts.get('light', 0)} light).")
    else:
        items.append("No root at all (every line is empty and edge_sight is literal).")
    if roots:
        items.append("Roots: " + "; ".join(_root_words(r) for r in roots) + ".")
    if "power" in facts:
        items.append(f"Power {facts['power']} (the fewest plots on any of its six lines).")
    if not facts.get("piece"):
        if "plant" in facts:
            items.append("Planting here is legal now." if facts["plant"] is None
                         else f"No planting: {facts['plant']}.")
        fb = facts.get("fertilized_by")
        if fb is not None:
            items.append("Fertilized by " + " and ".join(fb) + "." if fb
                         else "Fertilized by no dendrid.")
    g = facts.get("group")
    if g:
        soils = g.get("fertile_soils", {})
        soil_words = ", ".join(
            f"{s} ({' and '.join(who) if who else 'nobody'})" for s, who in soils.items())
        items.append(f"Its {g['colour']} {g['kind']} of {g['size']}: {', '.join(g['cells'])}.")
        items.append(("Fertile soils (fertilized by): " + soil_words + ".") if soils
                     else "No fertile soil (an enclosed group).")
        if "sees_dendrids" in g:
            s = g["sees_dendrids"]
            items.append(f"It sees {s.get('dark', 0)} dark and {s.get('light', 0)} light dendrids.")
        if "protected" in g:
            items.append("Protected by its owner." if g["protected"] else "Not protected.")
    if "sprout" in facts:
        items.append("The side to move may sprout it." if facts["sprout"] is None
                     else f"No sprouting: {facts['sprout']}.")
    if "slides" in facts:
        sl = facts["slides"]
        items.append(("One slide reaches " + _short_list(sl, 12) + ".") if sl
                     else "It cannot slide anywhere.")
    return items


def _generic_items(facts, skip=()):
    items = []
    for key, value in facts.items():
        if key in skip:
            continue
        if isinstance(value, list):
            value = ", ".join(str(v) for v in value) or "none"
        elif isinstance(value, dict):
            value = "; ".join(f"{k}: {v}" for k, v in value.items()) or "none"
        elif value is None:
            value = "yes" if key in ("place", "plant") else "none"
        items.append(f"{cap(key.replace('_', ' '))}: {value}")
    return items


def step_choice_label(step):
    """Label of a choice button: 'sprout e5', 'grow the seedbed of e5'."""
    verb = step.verb
    if verb == "grow":
        return f"grow the seedbed ({step.arg})"
    if verb == "capture":
        return f"capture the forest ({step.arg})"
    if verb in CELL_VERBS:
        return f"{VERB_WORDS.get(verb, verb)} {step.arg}"
    return str(step)

