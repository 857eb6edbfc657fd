"""What a click on the board means: pure functions, no widgets, no canvas.

The board widget (:mod:`dendria_widget.widget`) calls these; the tests call
them directly. Every rule comes from the engine: a click is matched against
``game.legal_steps()``, and a refused click is explained by
``game.why_illegal()``. Nothing here decides what is legal.

>>> from dendria_widget import Game
>>> g = Game("dendria-classic", size=5)
>>> click_steps(g, "e5").steps
[Step('plant e5')]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple, Sequence, cast

from .explain.sentences import sentence as _sentence
from .notation import CELL_VERBS, Step   # CELL_VERBS: the step verbs that name a cell

if TYPE_CHECKING:  # for the type hints only
    from .game import Game
    from .geometry import Layout

#: Verbs whose cell is the first cell of a group: a click anywhere on the
#: group means the step.
GROUP_VERBS = ("grow", "capture")
#: Steps that close a turn (docs/notation.md): a Hedu placement is a whole turn.
TURN_CLOSERS = ("end", "pass", "swap", "komi", "side", "place")


class Click(NamedTuple):
    """What a click on ``cell`` means now.

    - ``steps``: the legal steps the click stands for, in the engine's order
      (none: the click is refused; one: play it; several: offer them).
    - ``reason``: when ``steps`` is empty, why, in the engine's words.
    - ``cancel``: the click is on the dendrid whose journey has just begun
      (``move X`` and nothing after it): the widget takes the ``move`` back.
    """

    cell: str | None
    steps: list[Step]
    reason: str | None = None
    cancel: bool = False


def is_hedu(game: Game) -> bool:
    return game.variant.family == "hedu"


def pixel_to_cell(layout: Layout, x: float, y: float) -> str | None:
    """The name of the plot under CSS pixel (x, y) of a scene laid out with
    ``layout`` (a geometry.Layout), or None off the board."""
    i = layout.cell_at(x, y)
    return None if i is None else layout.board.name(i)


def group_cells(game: Game, cell: str) -> list[str]:
    """The cells of the group (seedbed, forest, host; Hedu: one colour and
    height) holding ``cell``, as the engine groups them; [] for an empty plot."""
    return list(game.group_at(cell))


def current_turn(game: Game) -> list[Step]:
    """The steps of the turn in progress (as Step objects), [] between turns."""
    if not game.turn_under_way:
        return []
    hist = game.history
    return list(hist[-1]) if hist else []


def journey_cell(game: Game) -> str | None:
    """Where the journeying dendrid stands now (None when no journey is on)."""
    journey = game.journey if game.phase == "move" else None
    return journey.at if journey else None


def _cell_steps(game: Game, legal: Sequence[Step], cell: str) -> list[Step]:
    """The legal steps that a click on ``cell`` stands for."""
    out: list[Step] = []
    group: set[str] | None = None
    for s in legal:
        if s.verb not in CELL_VERBS:
            continue
        if s.arg == cell:
            out.append(s)
        elif s.verb in GROUP_VERBS:
            if group is None:
                group = set(group_cells(game, cell)) if cell in game.pieces else set()
            if s.arg in group:
                out.append(s)
    return out


def natural_steps(game: Game, cell: str) -> list[Step]:
    """The steps a click on ``cell`` most likely means, legal or not, judged
    only by what stands there and whose step it is (so that a refused click
    can be explained by the engine's reason for them)."""
    if is_hedu(game):
        return [Step("place", cell)]
    piece = game.pieces.get(cell)
    phase = game.phase
    if piece is None:
        return [Step("slide", cell) if phase == "move" else Step("plant", cell)]
    kind = piece.kind
    if kind == "seed":
        if game.turn_under_way:
            return [Step("sprout", cell), Step("grow", cell)]
        return [Step("sprout", cell)]
    if kind == "tree":
        return [Step("capture", cell)]
    # a dendrid: the journeying one stands there (no step means a click on
    # it; refusal_words says where to click), another one blocks a slide
    if phase == "move" and cell == journey_cell(game):
        return []
    if phase == "move":
        return [Step("slide", cell)]
    return [Step("move", cell)]


def refusal(game: Game, cell: str) -> str | None:
    """Why a click on ``cell`` does nothing now: the engine's reasons for the
    steps it most likely means (distinct reasons joined)."""
    reasons: list[str] = []
    for s in natural_steps(game, cell):
        r = game.why_illegal(s)
        if r and r not in reasons:
            reasons.append(r)
    if not reasons:  # every natural step is legal (cannot happen: they would be offered)
        return None
    if len(reasons) == 1:
        return reasons[0]
    return "; and ".join(reasons)


def refusal_words(game: Game, cell: str | None, reason: str | None = None) -> str:
    """Why a click on ``cell`` does nothing, as a sentence about what the
    learner did ("a seed on the board can only sprout after you plant or
    move in this turn"), then the engine's reason (``reason``, default
    :func:`refusal`). Never names a step the learner did not choose."""
    v = game.variant
    if cell is None:
        return "That is not a cell of the board."
    if game.is_over:
        return "The game is over: Undo, or step back through the history to explore."
    phase = game.phase
    if phase == "komi":
        return ("Before any piece, Player 1 chooses the komi (points for Light): "
                "set it below the board and press Set komi.")
    if phase == "side":
        return "Before any piece, Player 2 chooses a side: press Play dark or Play light."
    if reason is None:
        reason = refusal(game, cell) or "nothing can be done there now"
    piece = game.pieces.get(cell)
    if v.family == "hedu":
        if piece is None:
            return _sentence(f"No stack can be placed on {cell}: {reason}")
        return _sentence(f"{cell} holds a {v.piece_words(piece)}: a stack goes on an "
                         f"empty {v.plot_word} only")
    plant = v.verb("plant")
    dendrid, dendrids = v.kind_word("dendrid"), v.kind_word("dendrid", 2)
    between = not game.turn_under_way   # (the opening and the choices are said above)
    if piece is None:
        if phase == "move":
            return _sentence(f"The {dendrid} cannot slide to {cell}: {reason}")
        if phase == "plant":
            return _sentence(f"{cell} is empty, but you have {plant.done} this turn "
                             f"already: {reason}")
        return _sentence(f"No {plant.ing} on {cell}: {reason}")
    colour, kind = piece.split()
    mine = colour == game.to_move
    what = f"{cell} holds a {v.piece_words(piece)}"
    if phase == "opening":
        return _sentence(f"{what}: {reason}")
    if kind == "seed":
        if between:
            return _sentence(f"{what}: a seed on the board can only sprout after you "
                             f"{plant.word} or move in this turn")
        return _sentence(f"The seed on {cell} cannot sprout or grow now: {reason}")
    if kind == "tree":
        if mine:
            return _sentence(f"{what}, one of your own: a forest stays where it is, and "
                             f"only an enemy forest can be captured")
        if between:
            return _sentence(f"{what}: an enemy forest can only be captured during a "
                             f"journey of one of your {dendrids} (move one first)")
        if phase == "plant":
            return _sentence(f"{what}: you have {plant.done} this turn, and forests are "
                             f"captured only during a journey")
        return _sentence(f"The forest of {cell} cannot be captured now: {reason}")
    # a dendrid
    if phase == "move" and cell == journey_cell(game):
        return _sentence(f"The {dendrid} stands on {cell} now: click a cell further along "
                         f"its line")
    if phase == "move":
        return _sentence(f"The journey cannot go to {cell}: {reason}")
    if phase == "plant":
        return _sentence(f"{what}: you have {plant.done} this turn, and a journey can "
                         f"only begin a turn")
    if not mine:
        return _sentence(f"{what}: you can only move your own {dendrids}")
    return _sentence(f"The {dendrid} on {cell} cannot set out: {reason}")


def click_steps(game: Game, cell: str | None, legal: Sequence[Step] | None = None) -> Click:
    """What a click on ``cell`` means now, as a :class:`Click`.

    ``legal`` may pass ``game.legal_steps()`` when the caller has it already.
    """
    if cell is None:
        return Click(None, [], "that is not a cell of the board")
    if game.is_over:
        natural = natural_steps(game, cell)
        return Click(cell, [], (game.why_illegal(natural[0]) if natural else None)
                     or "the game is over")
    if game.phase == "move":
        turn = current_turn(game)
        if len(turn) == 1 and turn[0].verb == "move" and turn[0].arg == cell:
            return Click(cell, [], None, cancel=True)
    if legal is None:
        legal = game.legal_steps()
    steps = _cell_steps(game, legal, cell)
    if steps:
        return Click(cell, steps)
    return Click(cell, [], refusal(game, cell))


def targets(game: Game, legal: Sequence[Step] | None = None) -> list[str]:
    """The cells to highlight as legal targets now: during a journey, where
    the dendrid may slide, and the seeds, seedbeds and forests it may
    convert; after a plant, the seeds that may sprout and the seedbed that
    may grow. Between turns: none (the overlays show the rest)."""
    if not game.turn_under_way:
        return []
    if legal is None:
        legal = game.legal_steps()
    board = game.board
    cells: set[str] = set()
    for s in legal:
        if s.verb in GROUP_VERBS:
            cells.update(group_cells(game, cast(str, s.arg)))   # a cell verb: arg names a cell
        elif s.verb in CELL_VERBS:
            cells.add(cast(str, s.arg))
    return sorted(cells, key=lambda n: board.sort_key(board.cell(n)))


def button_steps(game: Game, legal: Sequence[Step] | None = None) -> list[Step]:
    """The legal steps that are not clicks on a cell (end, pass, swap, komi,
    side), for the widget's buttons."""
    if legal is None:
        legal = game.legal_steps()
    return [s for s in legal if s.verb not in CELL_VERBS]


_NBSP = "\u00a0"
#: Steps that are choices of the players, not turns of the game (the pie
#: rule's swap, the komi-pie's komi and side): the move list shows them as
#: choices, without a turn number.
CHOICE_VERBS = ("swap", "komi", "side")


def colours(game: Game) -> tuple[str, ...]:
    """The two colours of the game, the first to move first."""
    return tuple(game.variant.colours)


def seats(game: Game) -> dict[str, int] | None:
    """Who plays which colour now: ``{colour: 1 or 2}`` (player 1 is the one
    who chose the komi or moved first), read from the swap and side steps
    played; None when the game began from a given position (the players
    are not known there)."""
    if not game.from_start:
        return None
    held = game.seats
    return {held["first"]: 1, held["second"]: 2}


def seat_words(game: Game, now: bool = False) -> str | None:
    """'Player 2 plays Dark, Player 1 plays Light' (None when unknown);
    ``now`` says 'now plays'."""
    plays = seats(game)
    if plays is None:
        return None
    v = game.variant
    verb = "now plays" if now else "plays"
    order = (sorted(plays, key=lambda c: plays[c], reverse=True) if now
             else sorted(plays, key=lambda c: plays[c]))
    return ", ".join(f"Player {plays[c]} {verb if k == 0 else 'plays'} {v.colour_word(c)}"
                     for k, c in enumerate(order))


def choices_made(game: Game) -> bool:
    """True when a swap or a side choice changed who plays which colour."""
    return any(s.verb in ("swap", "side") for s in game.steps)


def _choice_words(game: Game, step: Step, who: str | None) -> str:
    v = game.variant
    if step.verb == "komi":
        return f"Player 1 sets the komi to {step.arg}"
    if step.verb == "side":
        return f"Player 2 takes {v.colour_word(str(step.arg))}"
    return "swap: the players exchange colours"


def _label(game: Game, turn_no: int, j: int, step: Step, mover: str | None = None) -> str:
    # non-breaking spaces: an HTML <select> would collapse plain ones
    text = game.variant.step_text(step)
    if j == 0:
        who = f"{mover}:{_NBSP}" if mover else ""
        return f"{turn_no}.{_NBSP}{who}{text}"
    return _NBSP * (len(str(turn_no)) + 4) + text


def _choice_label(game: Game, step: Step, mover: str | None = None) -> str:
    return f"choice:{_NBSP}" + _choice_words(game, step, mover).replace(" ", _NBSP)


def turn_labels(game: Game) -> list[tuple[int, str]]:

    """The move list: one entry per step played or to redo, grouped by turn.

    Returns a list of ``(index, label)`` where ``index`` is the number of
    steps played after that step (what ``game.go_to`` takes), starting with
    ``(0, "start")``. A label is ``"3. dark: plant e5"`` (with the colour
    that played the turn) for the first step of turn 3 and
    ``"      sprout d4"`` (indented with non-breaking spaces) for the steps
    after it in that turn. The players' choices (swap, komi, side) are
    listed as ``"choice: ..."`` without a turn number. Redo steps (taken
    back, replayable) are listed too, with a ``(redo)`` mark. Steps are
    docs/notation.md strings in the edition's words (``sow d4`` in the
    sprites edition).
    """
    out = [(0, "start")]
    k = 0
    turn_no = 0
    for turn, mover in zip(game.history, game.turn_movers()):
        if len(turn) == 1 and turn[0].verb in CHOICE_VERBS:
            k += 1
            out.append((k, _choice_label(game, turn[0], mover)))
            continue
        turn_no += 1
        for j, s in enumerate(turn):
            k += 1
            out.append((k, _label(game, turn_no, j, s, mover)))
    # the steps that redo would replay continue the last turn or start new ones
    open_turn = game.turn_under_way
    j = len(game.history[-1]) if (open_turn and game.history) else 0
    for s in game.future:
        k += 1
        if j == 0 and s.verb in CHOICE_VERBS:
            out.append((k, _choice_label(game, s) + "  (redo)"))
            continue
        if j == 0:
            turn_no += 1
        out.append((k, _label(game, turn_no, j, s) + "  (redo)"))
        j = 0 if s.verb in TURN_CLOSERS else j + 1
    return out


__all__ = ["Click", "CELL_VERBS", "CHOICE_VERBS", "pixel_to_cell", "group_cells",
           "current_turn", "journey_cell", "natural_steps", "refusal", "refusal_words",
           "click_steps", "targets", "button_steps", "turn_labels", "seats", "seat_words",
           "choices_made"]
