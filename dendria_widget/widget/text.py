"""Words and small HTML for the board widget's panels (pure functions).

Every fact shown comes from the engine (``game.*``) or from
``dendria_widget.explain``; these functions only put it into words.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..explain.sentences import points
from ..interaction import choices_made, seat_words
from ..session.words import (VERB_WORDS, hint, mover_words, phase_words, played_words,  # noqa: F401
                             score_words, step_choice_label, _total)

if TYPE_CHECKING:  # for the type hints only
    from ..game import Game
    from ..session.view import Details, Header


#: The widget's style sheet: every text colour from JupyterLab's theme
#: variables (with fallbacks for other front ends). The lines beside the
#: board wrap (nothing is cut with an ellipsis): they never move the board,
#: which has a column of its own.
STYLE = """<style>
.dendria-board-widget { color: var(--jp-ui-font-color1, #1a1a1a); }
.dendria-side .widget-html, .dendria-side .widget-html-content { min-width: 0;
  max-width: 100%; white-space: normal; overflow-wrap: anywhere; height: auto; }
.dendria-side .widget-html-content { line-height: 1.45; }
.dendria-line { min-height: 1.45em; line-height: 1.45em; padding-right: 3px; }
.dendria-score { font-size: 0.92em; }
.dendria-banner { background: var(--jp-brand-color1, #0072b2);
  color: var(--jp-ui-inverse-font-color0, #ffffff); padding: 0 8px;
  border-radius: 4px; font-weight: bold; display: inline-block; max-width: 100%;
  box-sizing: border-box; }
.dendria-status { min-height: 2.9em; line-height: 1.45em; }
.dendria-status-info { color: var(--jp-ui-font-color1, #333333); }
.dendria-status-ok { color: var(--jp-success-color0, #005a2b); }
.dendria-status-refused { color: var(--jp-error-color0, #b00020); }
.dendria-hint { min-height: 2.7em; line-height: 1.35em;
  font-size: 0.9em; color: var(--jp-ui-font-color2, #555555); }
.dendria-help { color: var(--jp-ui-font-color2, #555555); }
.dendria-side .widget-button { min-width: max-content; }
.dendria-side .jupyter-button:disabled, .dendria-side .jupyter-button.mod-success:disabled {
  background-color: var(--jp-layout-color2, #eeeeee); color: var(--jp-ui-font-color2, #616161);
  outline: 1px dashed var(--jp-border-color1, #bdbdbd); outline-offset: -1px;
  box-shadow: none; opacity: 0.75; }
.dendria-side .widget-toggle-buttons .widget-toggle-button { min-width: max-content; }
.dendria-side .lm-TabBar-content { flex-wrap: wrap; }
.dendria-side .lm-TabBar-tab { flex: 0 1 auto !important; min-width: max-content;
  padding: 0 10px; }
.dendria-present .dendria-status, .dendria-present .dendria-line { font-size: 1.6em; }
</style>"""


def _line(html_text: str, title: str, cls: str = "dendria-line") -> str:
    """One line (it wraps when long); the whole text is its tooltip too."""
    return (f"<div class='{cls}' title='{escape(title, quote=True)}'>"
            f"{html_text or '&nbsp;'}</div>")


def header_html(game: Game) -> str:
    """Four lines: whose turn and the phase (or the game-over banner with
    the winner), who plays which colour, and the score of each colour with
    its breakdown (a long line wraps, nothing is cut; the whole text is the
    line's tooltip too)."""
    v = game.variant
    parts: list[str] = []
    if game.is_over:
        w = game.winner
        score = game.score()
        totals = " to ".join(points(_total(score[c])) for c in score)
        who = "A draw" if w is None or w == "draw" else f"{v.colour_word(w)} wins"
        why = f" ({game.end_reason})" if game.end_reason else ""
        words = f"Game over: {who}, {totals}{why}"
        parts.append(banner_html(words))
    else:
        turn, phase = mover_words(game), phase_words(game)
        parts.append(_line(f"<b>{escape(turn)}</b> &middot; <i>{escape(phase)}</i>",
                           f"{turn}: {phase}"))
    seat = seat_words(game, now=choices_made(game)) or ""
    parts.append(_line(escape(seat), seat))
    for line in score_words(game)[:2]:
        parts.append(_line(escape(line), line, "dendria-line dendria-score"))
    return "<div class='dendria-header'>" + "".join(parts) + "</div>"


def banner_html(words: str, title: str | None = None) -> str:
    """The game-over banner: the sentence in a box of the theme's colour (a
    long one wraps inside the box, nothing is cut); ``title`` its tooltip
    (default: the words)."""
    return _line(f"<span class='dendria-banner'>{escape(words)}</span>",
                 words if title is None else title)


def header_view_html(header: Header) -> str:
    """The header of a session's view state (``session.view.Header``) in
    the lines of :func:`header_html`."""
    parts: list[str] = []
    if header.over is not None:
        parts.append(banner_html(header.over))
    else:
        parts.append(_line(f"<b>{escape(header.mover)}</b> &middot; "
                           f"<i>{escape(header.phase)}</i>", f"{header.mover}: {header.phase}"))
    parts.append(_line(escape(header.seats), header.seats))
    for line in header.scores:
        parts.append(_line(escape(line), line, "dendria-line dendria-score"))
    return "<div class='dendria-header'>" + "".join(parts) + "</div>"


def details_view_html(details: Details | None) -> str:
    """The details panel for a session's ``Details`` (None: nothing in focus):
    the first sentence with the cell's name in bold, the others as a list."""
    if details is None:
        return ("<div class='dendria-details'><i>Point at a cell to see its roots, "
                "its group and what may be done there.</i></div>")
    head, *items = details.sentences
    name = details.cell
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


def status_html(text: str | None, kind: str = "info") -> str:
    """The status line (two lines of fixed height): ``kind`` is info, ok or
    refused."""
    icon = {"refused": "\u2716 ", "ok": "\u2714 "}.get(kind, "")
    body = escape(text or "")
    return (f"<div class='dendria-status dendria-status-{kind}' "
            f"title='{escape(text or '', quote=True)}'>{icon}{body}</div>")


def hint_html(words: str) -> str:

    """The hint line (what to do next, and why not), of fixed height."""
    return (f"<div class='dendria-hint' title='{escape(words, quote=True)}'>"
            f"{escape(words)}</div>")


