"""The board session (``dendria_widget.session``): the board as a headless
model. Its tests assert on view-state fields, never on HTML; the first one
runs with ipywidgets, ipycanvas and IPython blocked from import.
"""

import random
import subprocess
import sys
import textwrap

import pytest

from dendria_widget import Game, Step
from dendria_widget.boards import preset_names
from dendria_widget.session import BoardSession, Hint, ViewState
from dendria_widget.render.overlays import offered_names

BLOCKED = ("ipywidgets", "ipycanvas", "IPython")


def test_the_session_runs_with_the_widget_toolkits_blocked():
    script = textwrap.dedent(f"""
        import sys

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in {BLOCKED!r}:
                    raise ImportError("blocked: " + name)

        sys.meta_path.insert(0, Block())
        from dendria_widget import Game
        from dendria_widget.session import BoardSession
        s = BoardSession(Game("dendria-classic", size=4))
        assert s.click("a1").steps[0].verb == "plant"
        v = s.view()
        assert v.status.startswith("Dark has planted a seed on a1."), v.status
        assert v.button("swap").enabled and v.move_index == 2
        s.export_scene()
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in {BLOCKED!r})
        assert not loaded, loaded
        print("ok")
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_a_command_tells_the_subscribers_once_what_changed():
    s = BoardSession(Game("dendria-classic", size=4))
    heard = []
    s.subscribe(lambda changed, view: heard.append((changed, view)))
    s.click("b2")           # plant, then the turn ends by itself: one command
    assert len(heard) == 1
    changed, view = heard[0]
    assert {"status", "moves", "version", "header", "scene"} <= changed
    assert isinstance(view, ViewState) and view is s._view
    s.set_hover("c3")       # only what the hover changes
    changed, view = heard[-1]
    assert "scene" in changed and "details" in changed and "moves" not in changed
    assert view.details.cell == "c3"
    heard.clear()
    s.set_hover("c3")       # nothing changed: nobody is told
    assert heard == []


def test_buttons_say_whether_they_work_and_why_not():
    s = BoardSession(Game("dendria-classic", size=4), auto_end=False)
    v = s.view()
    assert not v.button("end").enabled and not v.button("undo").enabled
    assert v.button("end").shown and not v.button("swap").shown
    s.click("a1")
    s.press("end")
    v = s.view()
    assert v.button("swap").enabled and v.button("undo").enabled
    assert v.to_move == "light" and v.header.mover.startswith("Light to move")
    s.press("pass")
    s.click("b2")           # dark plants: a turn is under way
    v = s.view()
    end = v.button("end")
    assert end.enabled and end.why_not is None and "End turn" in v.advice
    s.undo()
    v = s.view()
    end = v.button("end")
    # between turns: the engine's reason is the tooltip; the advice leaves it out
    assert not end.enabled and end.why_not == s.game.why_illegal("end")
    assert end.tooltip == f"End turn is not possible now: {end.why_not}"
    assert "End turn is not possible" not in v.advice


def test_a_refused_click_inspects_the_cell_and_a_played_one_keeps_the_focus():
    s = BoardSession(Game("dendria-classic", size=4))
    s.inspect("d4")
    s.click("a1")                          # plays: the overlays stay on d4
    assert s.view().scene.inspected == "d4" and s.view().details.cell == "d4"
    s.click("a1")                          # refused (a seed there): the learner looks at a1
    v = s.view()
    assert v.status_kind == "refused" and v.scene.inspected == "a1"
    s.set_hover("c2")
    assert s.view().scene.focus == "c2"    # the mouse passes over c2 ...
    s.set_hover(None)
    assert s.view().scene.focus == "a1"    # ... and the focus comes back


def test_a_failing_command_puts_everything_back(monkeypatch, caplog):
    from dendria_widget.session import words

    s = BoardSession(Game("dendria-classic", size=4))
    s.click("a1")
    s.set_overlay("roots")
    record = s.game.to_record()
    view = s.view()

    def broken(*args, **kwargs):
        raise RuntimeError("no words")

    monkeypatch.setattr(words, "played_words", broken)
    heard = []
    s.subscribe(lambda changed, v: heard.append(changed))
    with pytest.raises(RuntimeError):
        s.click("b2")
    assert s.game.to_record() == record
    v = s.view()
    assert v.status == "Something went wrong: no words; the game is unchanged."
    assert v.status_kind == "refused"
    assert v.moves == view.moves and v.scene.overlays == view.scene.overlays
    # one notice: the status (the game is the same position, its engine state a copy)
    assert len(heard) == 1 and {"status", "status_kind"} <= heard[0]
    assert not heard[0] & {"moves", "header", "buttons"}
    assert any("no words" in str(r.exc_info[1]) for r in caplog.records if r.exc_info)


def test_a_stale_hint_is_not_shown():
    g = Game("dendria-classic", size=4)
    s = BoardSession(g)
    s.set_hint(Hint(g.version, [Step("plant", "b2"), Step("end")], {"cells": {"b2": 0.5}},
                    "test"), "The hint is ready.")
    v = s.view()
    assert v.scene.hint is not None and v.status == "The hint is ready."
    assert s.scene().find("hint:b2") and s.scene().find("heat:b2")
    s.click("a1")
    assert s.view().scene.hint is None and not s.scene().find("heat")


def test_edits_marks_and_undo_of_an_edit():
    s = BoardSession(Game("dendria-classic", size=4))
    s.click("a1")
    s.set_mode("edit")
    s.set_palette("light seed")
    s.click("c3")
    assert s.game.pieces.get("c3") == "light seed" and s.game.step_count == 0
    assert "This cleared the history (2 steps)" in s.view().status
    s.undo()                                  # the edit goes: the history is back
    assert s.game.step_count == 2 and "c3" not in s.game.pieces
    s.set_mode("mark")
    s.set_mark_label("X")
    s.click("d4")
    assert s.game.annotations["marks"] == {"d4": "X"}
    s.set_mode("arrow")
    s.click("a1")
    assert s.view().scene.selected == "a1"
    s.click("d4")
    assert s.game.annotations["arrows"] == [["a1", "d4"]]


# ------------------------------------------------------------ fuzzing
RULESETS = [("dendria-classic", {"size": 4}),
            ("dendria-sprites", {"size": 4, "komi_max": 4}),
            ("hedu", {"size": 3})]


def _fuzz(s, rng, n):
    game = s.game
    names = [game.board.name(i) for i in game.board.plots]
    for _ in range(n):
        names = [s.game.board.name(i) for i in s.game.board.plots]
        r = rng.random()
        view = s.view()
        if r < 0.5:
            s.click(rng.choice(names + [None, "zz99"]))
        elif r < 0.65:
            live = [b.name for b in view.buttons if b.shown and b.enabled]
            pick = rng.choice(live) if live else None
            if pick in ("end", "pass", "swap"):
                s.press(pick)
            elif pick == "komi":
                low, high = view.komi
                s.press(f"komi {rng.randint(low, high)}")
            elif pick and pick.startswith("side_"):
                s.press("side " + pick[5:])
            elif pick in ("first", "previous", "next", "last", "undo", "redo"):
                getattr(s, pick)()
            elif pick == "next_step":
                s.present_step()
        elif r < 0.72 and view.choices:
            s.choose(rng.choice(view.choices).step)
        elif r < 0.78:
            s.set_hover(rng.choice(names + [None]))
        elif r < 0.82:
            s.set_overlay(rng.choice(sorted(offered_names(s.game.variant))), rng.random() < 0.5)
        elif r < 0.86:
            s.set_mode(rng.choice(["play", "play", "edit", "mark", "arrow"]))
            if s.mode == "edit":
                s.set_palette(rng.choice([p for p, _ in s.game.variant.palette]))
        elif r < 0.9:
            s.go_to(rng.randint(0, s.game.step_count + len(s.game.future)))
        elif r < 0.93:
            s.inspect(rng.choice(names))
        elif r < 0.95:
            s.present(rng.random() < 0.5)
        elif r < 0.97:
            s.set_to_move(rng.choice(list(s.game.variant.colours)))
        else:
            s.set_flag(rng.choice(["show_names", "last_turn", "auto_end"]), rng.random() < 0.5)
        assert s.view().status


@pytest.mark.parametrize("ruleset,kwargs", RULESETS)
def test_thousands_of_random_commands_never_break_the_session(ruleset, kwargs):
    rng = random.Random(19)
    s = BoardSession(Game(ruleset, **kwargs))
    _fuzz(s, rng, 1500)
    # the game only ever changed by legal steps and edits: its record replays
    again = Game.from_record(s.game.to_record())
    assert again.position_string() == s.game.position_string()
    assert [str(x) for x in again.steps] == [str(x) for x in s.game.steps]


def _positions():
    """A position and a record of each edition on boards of several sizes
    and shapes, from short seeded games."""
    out = []
    rng = random.Random(5)
    boards = [{"size": n} for n in (2, 3, 5, 9)] + [{"board": preset_names()[0]}]
    for ruleset in ("dendria-classic", "dendria-sprites", "hedu"):
        for kw in boards:
            if ruleset == "hedu" and "board" in kw:
                continue
            g = Game(ruleset, **kw)
            for _ in range(rng.randint(0, 12)):
                if g.is_over:
                    break
                g.play(rng.choice(g.legal_steps()))
            out.append((f"{ruleset} {kw}", g.position_string(), g.to_json()))
    return out


def test_loads_of_every_size_and_edition_into_a_used_board():
    # a board that has played, inspected, marked, hovered and hinted
    g = Game("dendria-classic", size=7)
    s = BoardSession(g, overlays=["roots", "fertile"])
    s.click("g7")
    s.inspect("a1")
    s.set_hover("m7")
    s.mark("g7", "A")
    s.set_hint(Hint(g.version, [Step("plant", "m7")], {"cells": {"m7": 1.0}}, "test"))
    s.set_mode("arrow")
    s.click("a1")                       # an arrow half drawn
    s.set_mode("play")
    for name, position, record in _positions():
        assert s.load_position(position) is s.game, name
        assert s.game.position_string() == position
        v = s.view()
        assert v.status.startswith("Position loaded."), (name, v.status)
        s.export_scene()
        s.scene()
        assert s.load_record_text(record, source=name) is s.game, name
        assert s.view().status.startswith(f"Loaded {name}."), name
        s.click(s.game.board.name(s.game.board.plots[0]))
        s.set_hover(s.game.board.name(s.game.board.plots[-1]))
        s.scene()
    assert s.game is g                  # the notebook's game object all along


# ------------------------------------------------------------ layering
def _sources(sub):
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parent.parent / "dendria_widget"
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if rel.startswith(sub):
            yield rel, ast.parse(path.read_text(encoding="utf-8"), rel)


def test_the_session_imports_no_widget_layer():
    import ast

    found = []
    for rel, tree in _sources("session/"):
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            for n in names:
                top = n.lstrip(".").split(".")[0]
                if top in BLOCKED or top in ("widget", "lessons", "players", "lab"):
                    found.append(f"{rel}:{node.lineno} imports {n}")
    assert not found, found


def test_nothing_outside_the_widgets_touches_a_widgets_private_members():
    import ast

    boards = {"board", "w", "widget", "bw", "lw"}
    found = []
    for rel, tree in _sources(""):
        if rel.startswith("widget/"):
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                inner = node.value
                name = inner.attr if isinstance(inner, ast.Attribute) else getattr(inner, "id", "")
                if name in boards:
                    found.append(f"{rel}:{node.lineno} .{node.attr}")
    assert not found, found


def test_the_board_asks_the_game_and_tests_no_tuple_of_phase_names():
    import ast

    found = []
    for sub in ("session/", "widget/", "interaction.py", "bench_widget.py"):
        for rel, tree in _sources(sub):
            for node in ast.walk(tree):
                if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute)
                        and node.left.attr == "phase"
                        and any(isinstance(c, (ast.Tuple, ast.List, ast.Set))
                                for c in node.comparators)):
                    found.append(f"{rel}:{node.lineno}")
    assert not found, ("ask the Game (turn_under_way, choosing_sides...) instead of "
                       f"testing phase names: {found}")


def test_the_seats_and_the_thinking_player_are_headless():
    # the seats live in the session layer: computer players play through
    # the session, without a widget, and every outcome is told in words
    from dendria_widget.players import GreedyPlayer, RandomPlayer
    from dendria_widget.session.seats import SeatPlayers

    session = BoardSession(Game("dendria-classic", size=3))
    seats = SeatPlayers(session, [RandomPlayer(seed=1), None])
    told = []
    seats.listeners.append(lambda: told.append(seats.words))
    assert seats.play_now()                 # no event loop: it thinks and plays at once
    assert len(session.game.history) == 1 and seats.turns_played == 1
    assert told[-1].startswith("Dark, the random player, played plant")
    assert not seats.play_now()             # a person sits in the second seat
    assert "a person plays" in seats.words and seats.kind == "refused"
    seats.players[1] = GreedyPlayer(seed=2)
    expected = GreedyPlayer(seed=2).choose_turn(session.game)
    assert seats.play_now() and session.game.history[-1] == expected
    assert not seats.stop() and "Nothing to stop" in seats.words and seats.paused


def test_a_failing_player_is_told_in_words_and_the_game_is_kept():
    from dendria_widget.session.seats import SeatPlayers

    class Broken:
        name = "broken"
        words = "the broken player"

        def choose_turn(self, game, stop=None):
            raise RuntimeError("no idea")

    session = BoardSession(Game("dendria-classic", size=3))
    seats = SeatPlayers(session, [Broken(), None])
    assert seats.play_now()
    assert seats.words == "The computer player could not play: no idea"
    assert session.game.history == [] and session.thinking is None and not seats.thinking


def test_a_quiz_says_the_kinds_of_step_open_and_names_no_cell():
    """Free play names the cells (``slide to a1, ...``, ``sprout d4``); a
    quiz (an exercise, a puzzle) says only the kinds of step open, in the
    edition's words, and highlights only where the journey may slide."""
    import re

    game = Game.from_position("dendria-classic h4 2S1/s3S/d2s1S/S2sSS1/3s1s/1ss2/1sS1 dark")
    free, quiz = BoardSession(game.copy()), BoardSession(game.copy(), quiz=True)
    for s in (free, quiz):
        assert s.play("move c1")
    slides = sorted(str(st.arg) for st in free.legal() if st.verb == "slide")
    assert slides and "slide to " in free.view().advice
    assert all(c in free.view().advice for c in slides)
    said = quiz.view().advice
    assert said.startswith("You may slide (click a highlighted cell)."), said
    assert not re.search(r"\b[a-z][0-9]+\b", said), said        # no cell named
    assert set(quiz.view().scene.targets) == set(slides)
    for s in (free, quiz):
        assert s.play("slide a1")
    legal = free.legal()
    converting = {str(st.arg) for st in legal if st.verb in ("sprout", "grow", "capture")}
    assert "d4" in converting and "sprout" in {st.verb for st in legal}
    assert "d4" in free.view().advice and "d4" in free.view().scene.targets
    said = quiz.view().advice
    assert "sprout a seed (click it)" in said and "End turn" in said, said
    assert not re.search(r"\b[a-z][0-9]+\b", said), said
    assert not converting & set(quiz.view().scene.targets)
    quiz.set_flag("quiz", False)            # off again: the cells, as in free play
    assert quiz.view().advice == free.view().advice
