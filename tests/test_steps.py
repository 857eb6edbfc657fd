"""One Step and one Piece: engine values that print as docs/notation.md."""

import copy
import json
import pickle

import pytest

from dendria_widget import Game, IllegalStep, Step
from dendria_widget.notation import Piece


def test_legal_steps_are_the_engines_own_steps():
    g = Game("dendria-classic", size=4)
    steps = g.legal_steps()
    assert steps == g.state.legal()
    # the same shared objects, not copies made per call
    assert all(a is b for a, b in zip(steps, g.legal_steps()))
    s = steps[0]
    assert isinstance(s, Step) and s.verb == "plant" and s.arg == "a1"
    assert s.cell == g.board.cell("a1") and s == ("plant", g.board.cell("a1"))
    assert str(s) == "plant a1" and repr(s) == "Step('plant a1')"


def test_steps_hash_and_compare():
    g = Game("dendria-classic", size=4)
    b = g.board
    s = Step.parse("plant d4", b)
    assert s == Step("plant", "d4") == Step("plant", "D4") == Step("plant", b.cell("d4"), b)
    assert s != Step("plant", "d3") and s != Step("sprout", "d4")
    assert hash(s) == hash(("plant", b.cell("d4")))
    assert {s: 1}[Step("plant", b.cell("d4"), b)] == 1
    assert {s, Step.parse("sow d4", b)} == {s}          # sow is plant
    other = Game("dendria-classic", size=5).board       # the same name elsewhere
    assert Step.parse("plant d4", other) == s
    assert Step("pass") == Step.parse("pass", b) == ("pass", None)
    assert str(Step("komi", 3)) == "komi 3" and Step("komi", 3).arg == 3
    side = Step.parse("side light", b)
    assert side == ("side", 1) and side.arg == "light" and str(side) == "side light"
    assert Step("side", "light") == side


def test_parse_refuses_what_it_cannot_read():
    b = Game("dendria-classic", size=4).board
    for text, words in (("plant", "takes a cell name"), ("plant z9", "no cell 'z9'"),
                        ("end now", "takes nothing"), ("komi x", "whole number"),
                        ("side blue", "dark or light"), ("", "empty step"),
                        ("jump a1", "unknown step")):
        with pytest.raises(IllegalStep, match=words):
            Step.parse(text, b)
    with pytest.raises(IllegalStep, match="must be a string"):
        Step.parse(42, b)


def test_a_step_without_a_board_plays_once_bound():
    g = Game("dendria-classic", size=4)
    g.play(Step("plant", "d4"), Step("end"))
    assert g.steps == [Step("plant", "d4"), Step("end")]
    assert g.steps[0].board is g.board
    with pytest.raises(IllegalStep, match="no cell"):
        g.play(Step("slide", "q1"))
    # a step of another game's board plays by its cell's name
    big = Game("dendria-classic", size=5)
    g.play(Step.parse("swap", big.board))
    assert g.phase == "turn"
    g.play(big.state.parse("plant a1"))     # a1 is a plot of both boards
    assert g.pieces["a1"] == "light seed"   # (light's seat after the swap)


def test_steps_copy_pickle_and_stay_small():
    g = Game("hedu", size=3)
    s = g.legal_steps()[0]
    assert copy.copy(s) is s and copy.deepcopy(s) is s
    back = pickle.loads(pickle.dumps(s))
    assert back == s and str(back) == str(s) == "place a1"


def test_pieces_are_strings_with_parts():
    g = Game.from_position("dendria-classic h3 3/4/1s1D1/4/3 light")
    p = g.pieces["c2"]
    assert isinstance(p, Piece) and p == "dark seed" and repr(p) == "'dark seed'"
    assert (p.colour, p.kind, p.height) == ("dark", "seed", None)
    assert g.pieces["c4"].kind == "dendrid" and g.pieces["c4"].colour == "light"
    assert json.loads(json.dumps(g.pieces)) == {"c2": "dark seed", "c4": "light dendrid"}
    # the engine hands out one shared Piece per kind of piece
    assert g.pieces["c2"] is Game.from_position("dendria-classic h3 3/4/s4/4/3 dark").pieces["c1"]
    h = Game.from_position("hedu h3 3/4/1b21w11/4/3 black")
    q = h.pieces["c2"]
    assert q == "black 2" and (q.colour, q.kind, q.height) == ("black", None, 2)
    assert copy.deepcopy(q) is q and pickle.loads(pickle.dumps(q)) == q
    assert pickle.loads(pickle.dumps(q)).height == 2


# ------------------------------------------------------------ fast path
def test_a_step_from_legal_steps_is_not_judged_again(monkeypatch):
    g = Game("dendria-classic", size=4)
    steps = g.legal_steps()
    calls = []
    real = g.state.refusal
    monkeypatch.setattr(g.state, "refusal", lambda s: calls.append(s) or real(s))
    g.play(steps[5])
    assert calls == [] and g.pieces == {str(steps[5].arg): "dark seed"}
    # the game changed: the old list's steps are judged like any other
    with pytest.raises(IllegalStep, match="seed can be planted only"):
        g.play(steps[6])
    assert calls == [steps[6]]
    # a string, or an equal step made elsewhere, is judged too
    g.play("end")
    assert calls[-1] == Step("end")


def test_the_fast_path_holds_until_the_game_changes(monkeypatch):
    g = Game("dendria-classic", size=4)
    a = g.legal_steps()
    a.clear()                              # the caller's copy
    b = g.legal_steps()
    assert b and b == g.state.legal()
    g.why_illegal("plant a1")              # asking changes nothing
    c = g.copy()
    judged = []
    real = g.state.refusal
    monkeypatch.setattr(g.state, "refusal", lambda s: judged.append(s) or real(s))
    g.play(b[0])
    assert judged == []
    g.undo()                               # a change, even back to the same board
    g.play(b[0])
    assert judged == [b[0]]
    # a copy of the game answers for itself: its steps are trusted there
    c.play(b[1])
    assert c.steps == [b[1]] and g.steps == [b[0]]


def test_push_plays_without_judging_and_pop_takes_back():
    g = Game("dendria-classic", size=4)
    g.push(g.legal_steps()[0]).push("end")
    assert g.steps == [Step("plant", "a1"), Step("end")] and g.phase == "swap"
    assert g.pop() == Step("end") and g.pop() == Step("plant", "a1")
    assert g.pop() is None and g.steps == []
    assert g.future == [Step("plant", "a1"), Step("end")]   # redo can replay them
    g.push(g.legal_steps()[1])             # another line of play: redo is dropped
    assert g.future == [] and g.steps == [Step("plant", "a2")]
