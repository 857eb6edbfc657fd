"""The board widget, headless (no browser): what a click means, the status
line, the history buttons, overlays, exports, the editor and annotations.

The positions are small and checked by hand against docs/rules.md; see the
comment above each one.
"""

import asyncio
import html as htmllib
import json
import random
import re
import time

import pytest

from dendria_widget import BoardWidget, Game, Step
from dendria_widget.errors import IllegalStep
from dendria_widget.render import scene as rscene
from dendria_widget.interaction import (click_steps, journey_cell, pixel_to_cell, targets,
                                        turn_labels)
from dendria_widget.render.overlays import offered

CLASSIC3 = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}}

# Side-3 board (rows a..e of 3, 4, 5, 4, 3 plots; centre c3). A light seed on
# c3 and dark dendrids on the six corners a1, a3, c1, c5, e1, e3, each at the
# end of one of c3's six lines with one empty plot between, and one more dark
# dendrid on d1, off those lines. Dark to move.
# - d1's journeys: E over d2, d3, d4 (empty); NE over c2, b2, a2 (empty);
#   NW and SE only pass own dendrids (c1, e1) then leave the board; W, SW
#   leave the board at once. So `move d1` then targets d2 d3 d4 c2 b2 a2.
# - After `slide d2`: c3's roots end on a1, a3, c1 (behind c2), c5, the new
#   d2 and e3: six dark nourishers, none light -> dark may sprout c3. Its
#   fertile soils b2, b3, c2, c4, d3 are seen by a1, a3, c1 (and d2), c5, e3
#   (and d2): all fertilized by dark -> dark may grow the seedbed. So a click
#   on c3 means two steps.
JOURNEY = {"to_move": "dark", "pieces": {
    "c3": "light seed", "a1": "dark dendrid", "a3": "dark dendrid",
    "c1": "dark dendrid", "c5": "dark dendrid", "e1": "dark dendrid",
    "e3": "dark dendrid", "d1": "dark dendrid"}}


def journey_game():
    return Game.from_position(JOURNEY, rules=CLASSIC3)


def snapshot(game):
    return (game.to_record(), game.position_string(), game.phase, game.to_move)


# ------------------------------------------------------------ pure mapping
def test_pixel_to_cell_round_trips_every_cell():
    w = BoardWidget(Game("dendria-classic", size=5), width=400)
    layout = w.scene().layout
    board = w.game.board
    for i in board.plots:
        x, y = layout.center(i)
        assert pixel_to_cell(layout, x, y) == board.name(i)
        # a point well inside the hex (a third of the radius off centre)
        assert pixel_to_cell(layout, x + layout.radius / 3, y - layout.radius / 3) == board.name(i)
    # the top-left corner of the canvas is off the board
    assert pixel_to_cell(layout, 1, 1) is None
    assert w.cell_at(1, 1) is None


LONG_PREVIEW = ("hedu h5 1w21w1b1/w2b31w11b1/2b21b12/1w2w31w1b11b1/b2b31b21w12w1/1b2w21w13/"
                "w1b11w11w1w1/b1b13b1/3w11 white prisoners=1,5")


def test_what_grows_below_the_board_never_moves_nor_shrinks_it():
    # a long preview caption, a hint's key, a second overlay's key: the
    # canvas grows downwards, the board's width on the page (reckoned with
    # the room kept for the keys) stays, and a hover back to a short caption
    # does not make the canvas shrink and grow again
    from dendria_widget.session import Hint

    w = BoardWidget(Game.from_position(LONG_PREVIEW), overlays=["preview"])
    room = w.canvas.height
    shown = w.canvas.layout.max_width
    w.set_hover("a1")
    assert w.canvas.height == room and w.canvas.layout.max_width == shown
    w.set_hover("g3")       # its caption takes more lines than the room kept for it
    grown = w.canvas.height
    assert grown > room and w.canvas.layout.max_width == shown
    assert w.scene().captions["preview"].endswith("white takes 1 prisoner.")
    w.set_hover("a1")
    assert w.canvas.height == grown and w.canvas.layout.max_width == shown
    g = w.game
    w.session.set_hint(Hint(g.version, [Step("place", "c3")], {"cells": {"c3": 1.0}}, "test"))
    assert w.canvas.layout.max_width == shown and w.left.layout.width.startswith("calc(min(")
    w.set_overlay("regions")
    w.set_overlay("heights")
    assert w.canvas.height > grown and w.canvas.layout.max_width == shown
    assert w.canvas.height == 2 * round(w.scene().height)


def test_the_scene_fits_the_width_and_the_canvas_is_drawn_at_2x():
    w = BoardWidget(Game("dendria-classic", size=7), width=500)
    scene = w.scene()
    assert scene.width <= 500 + 1
    assert w.canvas.width == 2 * round(scene.width)
    # the canvas keeps room below the board for the key of the tallest
    # overlay, so that turning one on never resizes the canvas
    tallest = max(rscene.key_height(w.game.variant, [o.name], scene.width)
                  for o in offered(w.game.variant))
    assert w.canvas.height == 2 * round(scene.board_height + tallest)
    heights = set()
    for o in offered(w.game.variant):
        w.overlays = {o.name}
        w.redraw()
        heights.add(w.canvas.height)
    assert heights == {2 * round(scene.board_height + tallest)}
    # shown at most at its size, and no taller than the window less JupyterLab's bars
    ratio = round(scene.width) / round(scene.board_height + tallest)
    assert w.canvas.layout.max_width == (f"min({round(scene.width)}px, 100%, "
                                         f"calc((100vh - 140px) * {ratio:.4f}))")


def test_click_on_empty_cell_plants_through_the_pixel():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    x, y = w.cell_center("e5")
    # ipycanvas reports canvas pixels: twice the CSS pixels
    w.board_canvas.on_mouse_down(2 * x, 2 * y)
    assert g.pieces == {"e5": "dark seed"}
    # the opening turn is one seed: the turn then ends by itself (auto_end)
    assert [str(s) for s in g.steps] == ["plant e5", "end"]
    assert w.status_kind == "ok"
    assert w.status == ("Dark has planted a seed on e5. The turn of Dark ended by itself: "
                        "nothing else could be played.")


def test_journey_move_then_slide_then_end():
    g = journey_game()
    w = BoardWidget(g)
    assert click_steps(g, "d1").steps[0].verb == "move"
    w.click_cell("d1")
    assert g.phase == "move" and [str(s) for s in g.steps] == ["move d1"]
    assert journey_cell(g) == "d1"
    assert w.selected() == "d1"
    assert sorted(w.session.scene_request().targets) == sorted(["d2", "d3", "d4", "c2", "b2", "a2"])
    # the targets are drawn on the selection layer
    assert {s.tag.split(":")[1] for s in w.scene().find("target")} >= {"d2", "a2"}
    w.click_pixel(*w.cell_center("d2"))
    assert [str(s) for s in g.steps] == ["move d1", "slide d2"]
    assert g.pieces["d2"] == "dark dendrid" and "d1" not in g.pieces
    assert journey_cell(g) == "d2"
    w.end_button.click()
    assert g.phase == "turn" and g.to_move == "light"


def test_click_on_the_journeying_dendrid_cancels_the_move():
    g = journey_game()
    w = BoardWidget(g)
    w.click_cell("d1")
    assert g.phase == "move"
    w.click_cell("d1")
    assert g.phase == "turn" and g.steps == []


def test_refused_click_changes_nothing_and_shows_the_engine_reason():
    g = journey_game()
    g.play("move d1", "slide d2")
    w = BoardWidget(g)
    before = snapshot(g)
    # c2 is off the line the journey keeps (east)
    w.click_cell("c2")
    assert snapshot(g) == before
    # what the learner did, then the engine's reason
    assert w.status == f"The dendrid cannot slide to c2: {g.why_illegal('slide c2')}."
    assert "keeps going east" in w.status
    assert w.status_kind == "refused"
    assert "keeps going east" in w.status_line.value


def test_refused_plant_on_a_nourished_cell():
    # Side 3: c3 sees a piece on each of its six lines (the corners), so it is
    # nourished and nobody may plant there (a seed is planted only where it
    # would see the edge).
    corners = {c: "light seed" for c in ("a1", "a3", "c1", "c5", "e1", "e3")}
    g = Game.from_position({"to_move": "dark", "pieces": corners}, rules=CLASSIC3)
    w = BoardWidget(g)
    before = snapshot(g)
    res = w.click_cell("c3")
    assert res.steps == []
    assert snapshot(g) == before
    assert w.status == f"No planting on c3: {g.why_illegal('plant c3')}."
    assert "nourished" in w.status


def test_a_click_that_fits_several_steps_offers_them():
    g = journey_game()
    g.play("move d1", "slide d2")
    w = BoardWidget(g)
    before = snapshot(g)
    res = w.click_cell("c3")
    assert sorted(str(s) for s in res.steps) == ["grow c3", "sprout c3"]
    assert snapshot(g) == before              # nothing played yet
    labels = [b.description for b in w.choices.children]
    assert any("sprout" in t for t in labels) and any("grow" in t for t in labels)
    assert "Cancel" in labels
    grow = next(b for b in w.choices.children if "grow" in b.description)
    grow.click()
    assert g.pieces["c3"] == "dark tree"
    assert w.choices.children == ()
    # a seed of the seedbed: any cell of the group means the group's step
    g2 = journey_game()
    g2.play("move d1", "slide d2")
    assert "grow c3" in [str(s) for s in click_steps(g2, "c3").steps]


def test_group_click_matches_any_cell_of_the_seedbed():
    # The same journey, plus a light seed on c4 next to c3: the seedbed is
    # {c3, c4}. Its fertile soils b2 (seen by a1), b3 (a3), c2 (c1), d3 (e3,
    # d2), b4 (a3, c5) and d4 (c5, e3) are all fertilized by dark, so dark
    # may grow it; the engine names the step by the group's first cell, c3.
    # c4 itself is hungry (its NE line holds only b4, then the edge), so
    # it cannot sprout: a click on c4 means exactly `grow c3`.
    pieces = dict(JOURNEY["pieces"])
    pieces["c4"] = "light seed"
    g = Game.from_position({"to_move": "dark", "pieces": pieces}, rules=CLASSIC3)
    g.play("move d1", "slide d2")
    assert [str(s) for s in click_steps(g, "c4").steps] == ["grow c3"]
    w = BoardWidget(g)
    w.click_cell("c4")
    assert g.pieces["c3"] == g.pieces["c4"] == "dark tree"
    assert [str(s) for s in g.steps][-1] == "grow c3"


def test_buttons_undo_redo_and_history():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g, auto_end=False)
    assert w.end_button.disabled and w.undo_button.disabled
    w.click_cell("c3")
    assert not w.end_button.disabled
    w.end_button.click()
    w.click_cell("a1")       # Light plants (instead of swapping)
    w.end_button.click()
    assert g.state.step_count == 4
    w.undo_button.click()
    assert g.state.step_count == 3 and g.phase == "plant"
    w.redo_button.click()
    assert g.state.step_count == 4
    w.first_button.click()
    assert g.state.step_count == 0 and g.pieces == {}
    w.next_button.click()
    assert g.pieces == {"c3": "dark seed"}
    w.last_button.click()
    assert g.state.step_count == 4 and g.pieces == {"a1": "light seed", "c3": "dark seed"}
    w.prev_button.click()
    assert g.state.step_count == 3
    # the move list: one entry per step, grouped by turn, the current one selected
    labels = [label for label, _ in w.moves.options]
    assert labels[0] == "start"
    assert labels[1].replace("\xa0", " ") == "1. dark: plant c3"
    assert labels[3].replace("\xa0", " ") == "2. light: plant a1"
    assert labels[4].replace("\xa0", " ").strip() == "end  (redo)"
    assert w.moves.value == 3
    w.moves.value = 1          # clicking the list goes there
    assert g.state.step_count == 1
    assert turn_labels(g)[1][1].startswith("1.")


def test_pass_and_game_over_banner():
    g = Game.from_position({"to_move": "dark", "pieces": {"c3": "dark tree"}}, rules=CLASSIC3)
    w = BoardWidget(g)
    w.pass_button.click()
    w.pass_button.click()
    assert g.is_over
    assert "Game over" in w.header.value and "Dark wins" in w.header.value
    before = snapshot(g)
    w.click_cell("a1")
    assert snapshot(g) == before
    assert w.status == "The game is over: Undo, or step back through the history to explore."


def test_swap_button_only_when_light_may_swap():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    assert w.swap_button.layout.display == "none"
    # hiding Swap hides nothing else (every button has a Layout of its own)
    for b in (w.end_button, w.pass_button, w.undo_button, w.redo_button, w.komi_button):
        assert b.layout is not w.swap_button.layout and b.layout.display is None
    w.play("plant c3", "end")
    assert w.swap_button.layout.display is None
    w.swap_button.click()
    assert [str(s) for s in g.steps][-1] == "swap"


def test_komi_and_side_choice():
    g = Game("dendria-sprites", size=4)
    w = BoardWidget(g)
    assert w.komi_box.layout.display is None and w.side_box.layout.display == "none"
    # a click on the board before the komi is refused with the engine's reason
    w.click_cell("a1")
    assert "Player 1 chooses the komi" in w.status and g.steps == []
    assert w.status_kind == "refused"
    w.komi_value.value = 3
    w.komi_button.click()
    assert [str(s) for s in g.steps] == ["komi 3"]
    assert w.side_box.layout.display is None and w.komi_box.layout.display == "none"
    w.side_light.click()
    assert [str(s) for s in g.steps] == ["komi 3", "side light"]
    assert g.phase == "turn"


def test_toggling_overlays_changes_the_scene():
    g = Game.from_position({"to_move": "dark", "pieces": {"c3": "light seed",
                                                         "a1": "dark dendrid"}},
                           rules=CLASSIC3)
    w = BoardWidget(g)
    assert w.scene().find("hungry") == [] and w.scene().find("nourished") == []
    w.overlay_buttons["nutrients"].value = True
    assert "nutrients" in w.overlays
    tags = w.scene().tags("overlays")
    assert "hungry:c3" in tags
    w.overlay_buttons["nutrients"].value = False
    assert "hungry:c3" not in w.scene().tags("overlays")
    # roots follow the hovered cell
    w.set_overlay("roots")
    w.set_hover("c3")
    assert any(t.startswith("root:c3:") for t in w.scene().tags())   # under the pieces
    w.set_hover("b2")
    tags = w.scene().tags()
    assert any(t.startswith("root:b2:") for t in tags)
    assert not any(t.startswith("root:c3:") for t in tags)
    assert "b2" in w.details.value and "Its roots: " in w.details.value


def test_redraw_sends_only_changed_layers_in_one_message(monkeypatch):
    from ipycanvas import canvas as ipc

    sent = []
    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom",
                        lambda command, buffers=[]: sent.append(command))
    w = BoardWidget(Game("dendria-classic", size=5))
    sent.clear()
    w.redraw(force=True)
    assert len(sent) == 1
    sent.clear()
    w.click_cell("c3")
    assert len(sent) == 1
    sent.clear()
    assert w.redraw() is False and sent == []   # nothing changed: nothing sent


def test_mimebundle_has_svg_and_exports(tmp_path):
    g = Game("dendria-classic", size=5)
    g.play("plant c3", "end")
    w = BoardWidget(g)
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    # the picture is the second output (widget/still.py), not in the live one
    assert "image/svg+xml" not in bundle and "image/png" not in bundle
    svg = w.to_svg()
    assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    p = w.save_svg(tmp_path / "b.svg")
    assert open(p).read() == svg
    p = w.save_png(tmp_path / "b.png")
    data = open(p, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"


def test_editor_puts_and_removes_pieces_and_round_trips_the_position():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    w.mode_buttons.value = "edit"
    assert w.mode == "edit"
    w.editor_panel.palette.value = "light tree"
    w.click_cell("c3")
    assert w.game.pieces == {"c3": "light tree"}
    w.editor_panel.palette.value = "dark dendrid"
    w.click_pixel(*w.cell_center("e5"))
    assert w.game.pieces == {"c3": "light tree", "e5": "dark dendrid"}
    w.click_cell("e5")                       # the same piece again: emptied
    assert w.game.pieces == {"c3": "light tree"}
    w.editor_panel.palette.value = "remove"
    w.click_cell("c3")
    assert w.game.pieces == {}
    w.put("a1", "dark seed")
    w.editor_panel.to_move.value = "light"
    assert w.game.to_move == "light"
    text = w.position_string()
    w.editor_panel.copy_button.click()
    assert w.editor_panel.position.value == text
    w.clear_board_button = w.editor_panel.clear_button
    w.editor_panel.clear_button.click()
    assert w.game.pieces == {}
    w.editor_panel.load_button.click()        # load the text shown before
    assert w.game.pieces == {"a1": "dark seed"} and w.game.to_move == "light"
    assert w.position_string() == text
    # a bad position string is refused, the game stays
    before = w.position_string()
    w.load_position("dendria-classic h5 nonsense dark")
    assert w.status_kind == "refused" and w.position_string() == before
    # the edited position plays on
    w.mode = "play"
    w.set_mode("play")
    w.click_cell("e5")
    assert w.game.pieces.get("e5") == "light seed"


def test_records_save_and_load(tmp_path):
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    w.play("plant c3", "end")
    w.mark("c3", "A")
    path = tmp_path / "g.json"
    w.save_record(path)
    rec = json.loads(path.read_text())
    assert rec["annotations"]["marks"] == {"c3": "A"}
    w2 = BoardWidget(Game("dendria-classic", size=5))
    w2.load_record(path)
    assert w2.game.pieces == {"c3": "dark seed"}
    assert w2.game.annotations["marks"] == {"c3": "A"}
    w2.load_record(tmp_path / "missing.json")
    assert w2.status_kind == "refused" and w2.game.pieces == {"c3": "dark seed"}


def test_annotations_marks_and_arrows_in_record_and_exports():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    w.set_mode("mark")
    w.editor_panel.mark_label.value = "X"
    w.click_cell("c3")
    assert g.annotations["marks"] == {"c3": "X"}
    w.set_mode("arrow")
    w.click_cell("a1")
    assert w.selected() == "a1"
    w.click_cell("e5")
    assert g.annotations["arrows"] == [["a1", "e5"]]
    assert g.to_record()["annotations"] == {"marks": {"c3": "X"}, "arrows": [["a1", "e5"]]}
    tags = w.export_scene().tags()
    assert "mark:c3" in tags and "arrow:a1:e5" in tags
    svg = w.to_svg()
    assert "X" in svg
    # hiding them hides them from the picture, not from the record
    w.notes_toggle.value = False
    assert "mark:c3" not in w.export_scene().tags()
    assert g.to_record()["annotations"]["marks"] == {"c3": "X"}
    w.notes_toggle.value = True
    w.set_mode("mark")
    w.click_cell("c3")                        # the same label again removes it
    assert g.annotations["marks"] == {}
    w.clear_annotations()
    assert g.annotations == {"marks": {}, "arrows": []}


def test_rules_panel_new_game_with_options():
    w = BoardWidget(Game("dendria-classic", size=5))
    rp = w.rules_panel
    assert set(rp.editors) == set(Game("dendria-classic").options)
    rp.ruleset.value = "dendria-sprites"
    assert rp.editors["power_rule"].value is True          # the sprites default
    rp.size.value = 4
    rp.editors["superko"].value = "off"
    rp.editors["dendrid_move_limit"].value = 5
    rp.new_button.click()
    g = w.game
    assert g.ruleset == "dendria-sprites" and g.board.spec == {"shape": "hexagon", "size": 4}
    assert g.options["superko"] == "off" and g.options["dendrid_move_limit"] == 5
    assert g.options["power_rule"] is True
    # a modular preset
    rp.board_kind.value = "flower-7"
    rp.new_button.click()
    assert w.game.board.spec["shape"] == "modular" and len(w.game.board) == 49
    # Hedu: its own overlays and palette
    rp.ruleset.value = "hedu"
    rp.new_button.click()
    assert w.game.ruleset == "hedu"
    assert set(w.overlay_buttons) == {"regions", "heights", "preview"}
    assert "black 1" in dict(w.editor_panel.palette.options).values()


def test_hedu_click_places_a_stack():
    g = Game("hedu", size=3)
    w = BoardWidget(g)
    w.click_cell("c3")
    assert [str(s) for s in g.steps] == ["place c3"]
    assert g.pieces["c3"].startswith("black")
    before = snapshot(g)
    w.click_cell("c3")                        # occupied: refused, with the reason
    assert snapshot(g) == before
    assert w.status == "c3 holds a black stack of 1: a stack goes on an empty plot only."
    assert w.status_kind == "refused"


def test_targets_between_turns_are_empty():
    g = Game("dendria-classic", size=5)
    assert targets(g) == []


def test_bad_arguments_are_named():
    with pytest.raises(TypeError, match="Game"):
        BoardWidget("dendria-classic")
    with pytest.raises(ValueError, match="overlay"):
        BoardWidget(Game("dendria-classic", size=5), overlays=["rots"])
    with pytest.raises(ValueError, match="width"):
        BoardWidget(Game("dendria-classic", size=5), width=10)


def test_sync_redraws_after_the_game_changed_in_code():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    assert w.sync() is False                  # nothing changed
    g.play("plant c3", "end")                 # behind the widget's back
    assert w.scene().find("piece:c3") == []   # the widget has not looked yet
    assert w.sync() is True
    assert w.scene().find("piece:c3")
    assert w.moves.value == 2 and len(w.moves.options) == 3
    assert w.sync() is False


def test_benchmark_help_says_how_to_run_it_and_runs_nothing(capsys):
    from dendria_widget.bench_widget import main

    main(["--help"])
    out = capsys.readouterr().out
    assert "python -m dendria_widget.bench_widget --browser" in out and "median" not in out
    with pytest.raises(SystemExit):
        main(["--brwoser"])
    assert "unknown argument '--brwoser'" in capsys.readouterr().err


def test_benchmark_runs_and_a_click_is_one_canvas_message():
    from dendria_widget.bench_widget import bench_widget

    out = bench_widget(size=5, repeat=2, turns=6, quiet=True)
    assert out["redraw_messages"]["canvas"] == 1
    assert out["click_messages"]["canvas"] == 1
    assert out["click_messages"]["open"] == 0     # a plain click creates no widget
    assert out["redraw_ms_median"] > 0


def test_hover_is_throttled_to_cell_changes():
    w = BoardWidget(Game("dendria-classic", size=5), hover_interval=0.0)
    calls = []
    orig = w.redraw
    w.redraw = lambda force=False: calls.append(1) or orig(force)
    x, y = w.cell_center("c3")
    w.board_canvas.on_mouse_move(2 * x, 2 * y)
    assert w.hover == "c3" and len(calls) == 1
    w.board_canvas.on_mouse_move(2 * x + 2, 2 * y + 2)    # same cell: nothing to do
    assert len(calls) == 1
    w.hover_interval = 60.0                   # too soon after the last one:
    x2, y2 = w.cell_center("e5")
    w.board_canvas.on_mouse_move(2 * x2, 2 * y2)          # dropped (no event loop headless)
    assert w.hover == "c3" and len(calls) == 1
    w.board_canvas.on_mouse_out(0, 0)
    assert w.hover is None


# ------------------------------------------------------ words, never data
SPRITES4 = {"ruleset": "dendria-sprites", "board": {"shape": "hexagon", "size": 4}}
_DATA = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b")


def visible_text(html):
    """What a learner reads in a panel: the HTML without its tags."""
    return htmllib.unescape(re.sub(r"<[^>]*>", " ", html))


def no_data(text, where):
    found = _DATA.search(text)
    assert found is None, f"Python data ({found.group()!r}) in the {where}: {text!r}"


@pytest.mark.parametrize("ruleset,size", [("dendria-classic", 4), ("dendria-sprites", 4),
                                          ("hedu", 4)])
def test_details_and_messages_are_sentences_without_python_data(ruleset, size):
    # random (seeded) games played through the widget: clicks anywhere, the
    # choices, the buttons; after each action every text the learner sees,
    # and the Details of a sample of cells, hold no Python data
    rng = random.Random(11)
    g = Game(ruleset, size=size)
    w = BoardWidget(g)
    cells = [g.board.name(i) for i in g.board.plots]
    for _ in range(45):
        if g.is_over:
            break
        legal = w.legal()
        r = rng.random()
        if w.pending:
            w.choose(rng.choice(w.pending))
        elif r < 0.4:
            w.click_cell(rng.choice(cells))
        else:
            step = rng.choice(legal)
            if step.verb in ("plant", "place", "sprout", "grow", "capture", "move", "slide"):
                w.click_cell(step.arg)
            else:
                w.play(step)
        no_data(w.status, "status line")
        for name, html in (("header", w.header.value), ("hint", w.hint_line.value),
                           ("status line", w.status_line.value)):
            no_data(visible_text(html), name)
        for b in (w.end_button, w.pass_button):
            no_data(b.tooltip, "tooltip")
        for cell in rng.sample(cells, 4):
            w.set_hover(cell)
            no_data(visible_text(w.details.value), f"Details of {cell}")
    no_data(" ".join(label for label, _ in w.moves.options), "move list")
    assert g.state.step_count > 10


def test_a_refused_click_says_what_the_learner_did():
    g = Game.from_position({"to_move": "dark", "pieces": {"c3": "dark seed",
                                                          "a1": "light tree"}}, rules=CLASSIC3)
    w = BoardWidget(g)
    w.click_cell("c3")        # a seed, between turns
    assert w.status == ("c3 holds a dark seed: a seed on the board can only sprout after "
                        "you plant or move in this turn.")
    assert "'sprout'" not in w.status
    w.click_cell("a1")        # an enemy forest, between turns
    assert "an enemy forest can only be captured during a journey" in w.status
    assert "'capture'" not in w.status
    # the message stays while the learner looks around, and goes on the next play
    kept = w.status
    w.set_hover("b2")
    w.set_overlay("roots")
    w.set_overlay("roots", False)
    assert w.status == kept and w.status_kind == "refused"
    w.click_cell("e3")
    assert w.status_kind == "ok" and "planted a seed on e3" in w.status


def test_a_disabled_end_turn_says_why_power_rule():
    # sprites: the journey began on b2 (power 1); b3 has power 1 too, so
    # after `slide b3` the turn cannot end there (the power rule)
    g = Game.from_position({"to_move": "dark", "pieces": {"b2": "dark dendrid"}},
                           rules=SPRITES4)
    w = BoardWidget(g)
    w.click_cell("b2")
    w.click_cell("b3")
    assert [str(s) for s in g.steps] == ["move b2", "slide b3"]
    reason = g.why_illegal("end")
    assert "power rule" in reason
    assert w.end_button.disabled
    assert w.end_button.tooltip == f"End turn is not possible now: {reason}"
    assert f"End turn is not possible now: {reason}." in visible_text(w.hint_line.value)
    assert "Slid" in w.status or "slid to b3" in w.status


def test_end_turn_is_explained_only_when_it_helps():
    g = Game("dendria-classic", size=3)
    w = BoardWidget(g, auto_end=False)
    w.play("plant c3")
    assert not w.end_button.disabled
    assert "End turn is not possible" not in w.hint_line.value
    # between turns End turn is off without a word (nothing to explain)
    w.play("end")
    assert w.end_button.disabled and "End turn" not in visible_text(w.hint_line.value)


# ------------------------------------------------------------------ seats
def test_seats_after_a_swap():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    assert "Player 1 plays Dark, Player 2 plays Light" in visible_text(w.header.value)
    w.click_cell("c3")                     # the opening seed; the turn ends by itself
    assert "Light to move (Player 2)" in visible_text(w.header.value)
    w.swap_button.click()
    head = visible_text(w.header.value)
    assert "Player 2 now plays Dark, Player 1 plays Light" in head
    assert "Light to move (Player 1)" in head
    assert w.status == "Swap: Player 2 now plays Dark, Player 1 plays Light."
    w.click_cell("a1")
    labels = [label.replace("\xa0", " ") for label, _ in w.moves.options]
    assert labels[:5] == ["start", "1. dark: plant c3", "     end",
                          "choice: swap: the players exchange colours", "2. light: plant a1"]


def test_seats_after_the_komi_and_side_choices():
    g = Game("dendria-sprites", size=4)
    w = BoardWidget(g)
    assert visible_text(w.header.value).strip().startswith("Player 1 chooses the komi")
    w.komi_value.value = 3
    w.komi_button.click()
    assert "Player 2 chooses a side" in visible_text(w.header.value)
    w.side_light.click()
    head = visible_text(w.header.value)
    assert "Player 2 now plays Light, Player 1 plays Dark" in head
    assert "Dark to move (Player 1)" in head
    labels = [label.replace("\xa0", " ") for label, _ in w.moves.options]
    assert labels == ["start", "choice: Player 1 sets the komi to 3",
                      "choice: Player 2 takes Light"]
    assert not any("dark: komi" in label for label in labels)


def test_no_players_named_for_a_game_from_a_position():
    w = BoardWidget(journey_game())
    head = visible_text(w.header.value)
    assert "Dark to move" in head and "Player" not in head


# --------------------------------------------------------------- auto end
def test_auto_end_ends_the_turn_when_end_is_the_only_step():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    w.click_cell("c3")
    assert [str(s) for s in g.steps] == ["plant c3", "end"] and g.phase == "swap"
    # off: the tutorials let the learner press End turn
    g2 = Game("dendria-classic", size=5)
    w2 = BoardWidget(g2, auto_end=False)
    w2.click_cell("c3")
    assert [str(s) for s in g2.steps] == ["plant c3"] and not w2.end_button.disabled
    # a journey that may still slide or convert does not end by itself
    g3 = journey_game()
    w3 = BoardWidget(g3)
    w3.click_cell("d1")
    w3.click_cell("d2")
    assert g3.phase == "move" and [str(s) for s in g3.steps] == ["move d1", "slide d2"]


# -------------------------------------------------------- one game object
def test_edits_loads_and_new_games_keep_the_same_game_object(tmp_path):
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g, auto_end=False)
    w.play("plant c3", "end", "plant a1", "end")
    record = g.to_record()
    w.mode = "edit"
    w.put("e5", "dark tree")
    assert w.game is g and g.pieces["e5"] == "dark tree"
    assert "This cleared the history (4 steps); Undo takes the change back." in w.status
    assert not g.can_undo() and not w.undo_button.disabled
    # Undo takes the edit back: the game and its history as they were
    w.undo_button.click()
    assert w.game is g and g.to_record() == record
    assert "Took back the edit" in w.status
    # the editor shows the side to move now, after every step
    assert w.editor_panel.to_move.value == g.to_move == "dark"
    w.play("plant e5")
    w.play("end")
    assert w.editor_panel.to_move.value == "light"
    # a load and a new game: still the same object
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    assert w.load_record(path) is g and g.to_record() == record
    w.new_game("hedu", size=3)
    assert w.game is g and g.ruleset == "hedu" and g.steps == []
    w.undo()
    assert g.ruleset == "dendria-classic" and g.to_record() == record


def test_game_replace_with_keeps_the_object():
    a = Game("dendria-classic", size=5)
    b = Game("hedu", size=3)
    b.play("place c3")
    same = a._replace_with(b)
    assert same is a and a.ruleset == "hedu" and [str(s) for s in a.steps] == ["place c3"]
    b.play("place a1")       # a copy: the two games are independent
    assert len(a.steps) == 1


# ----------------------------------------------------------- presentation
def test_presentation_view_and_one_button_through_a_line():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g, width=420)
    w.present(line=["plant c3", "end", "plant a1", "end"])
    assert w.presenting and w.present_button.value
    for part in (w.tabs, w.mode_buttons, w.actions, w.header, w.hint_line):
        assert part.layout.display == "none"
    assert w.step_button.layout.display is None and w.nav.layout.display is None
    assert w.status_line.layout.display is None
    # the board as large as the notebook allows: drawn wide, shrunk to fit
    assert w.scene().width > 1000 and w.canvas.layout.width == "100%"
    big = min(t.size for t in w.scene().layers["board"] if isinstance(t, rscene.Text))
    assert str(w.present_step()) == "plant c3"
    assert str(w.present_step()) == "end"
    assert [str(s) for s in g.steps] == ["plant c3", "end"]
    w.present(False)
    assert not w.presenting and w.tabs.layout.display is None and w.scene().width <= 421
    small = min(t.size for t in w.scene().layers["board"] if isinstance(t, rscene.Text))
    assert big > small
    # without a line, Next step steps through the game (redo)
    w.first()
    w.present()
    assert str(w.present_step()) == "plant c3" and g.state.step_count == 1


# -------------------------------------------------------------- animation
def test_changed_pieces_are_animated_on_the_canvas():
    # after `sprout c3` in the journey position the seed became a dendrid:
    # the animation pulses exactly the changed cells, frame after frame, then
    # draws the plain top layer again
    g = journey_game()
    g.play("move d1", "slide d2")
    w = BoardWidget(g)
    drawn = []
    real = w.board_canvas.draw_layers

    def spy(layers):
        drawn.append({k: [s.tag for s in v] for k, v in layers.items()})
        return real(layers)

    w.board_canvas.draw_layers = spy

    def pulsed():
        return [d["selection"] for d in drawn if "selection" in d
                and any(t and t.startswith("pulse:") for t in d["selection"])]

    def over():
        # every frame drawn, then the plain top layer (a frame comes every
        # PULSE_INTERVAL when the loop gets the processor: wait for it)
        selections = [d["selection"] for d in drawn if "selection" in d]
        return (len(pulsed()) >= len(BoardWidget.PULSE) and
                not any(t and t.startswith("pulse:") for t in selections[-1]))

    async def main():
        w.choose_later = None
        w.click_cell("c3")
        w.choose("sprout c3")
        deadline = time.monotonic() + 60
        while not over() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    asyncio.run(main())
    # the engine's effects of the step: c3, a light seed, is a dark dendrid now;
    # the scene marks it still (and the exports) until the next play
    assert w.changed_cells() == [e.cell for e in g.last_effects()] == ["c3"]
    assert w.scene().changed == ["c3"] and w.export_scene().changed == ["c3"]
    assert w.status.startswith("Sprout by Dark: ")
    pulses = pulsed()
    assert len(pulses) == len(BoardWidget.PULSE)
    assert {t for t in pulses[0] if t.startswith("pulse:")} == {"pulse:c3"}
    last = [d for d in drawn if "selection" in d][-1]["selection"]
    assert not any(t and t.startswith("pulse:") for t in last)
    # off with one flag
    g2 = journey_game()
    g2.play("move d1", "slide d2")
    w2 = BoardWidget(g2, animate=False)
    w2.board_canvas.draw_layers = lambda layers: drawn.append("off")
    drawn.clear()

    async def main2():
        w2.click_cell("c3")
        w2.choose("sprout c3")
        await asyncio.sleep(0.4)

    asyncio.run(main2())
    assert all(d == "off" for d in drawn)
    assert w2.board_canvas._pulse_token is None     # no animation was even started


# ------------------------------------------------------- a board that holds still
def test_the_board_has_a_column_of_its_own_and_the_lines_beside_it_wrap():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    # nothing above or below the canvas in its column: a message, a choice or
    # a verdict elsewhere never moves the board
    # (the style holders take no room: height 0)
    assert [c for c in w.left.children
            if c not in (w.style, w.size_style, w.theme_probe)] == [w.canvas]
    assert w.size_style.layout.height == "0px"
    assert w.status_line in w.side.children and w.actions in w.side.children
    # the status and the score wrap: no ellipsis, nothing hidden
    assert "ellipsis" not in w.style.value and "overflow: hidden" not in w.style.value
    assert "white-space: normal" in w.style.value
    assert w.choices.layout.flex_flow == "row wrap" and w.actions.layout.flex_flow == "row wrap"
    # the header always has its four lines, whatever the phase
    for step in ("plant c3", "swap"):
        assert w.header.value.count("class='dendria-line") == 4
        w.play(step)
    assert w.header.value.count("class='dendria-line") == 4
    # a long text is all there, and it is the tooltip too
    long_reason = "x" * 400
    w.session.say(long_reason, "refused")
    assert f"title='{long_reason}'" in w.status_line.value
    assert f">\u2716 {long_reason}</div>" in w.status_line.value


def test_the_move_list_speaks_the_editions_words():
    g = Game("dendria-sprites", size=4)
    g.play("komi 3", "side light", "plant d4", "end")
    labels = [label.replace("\u00a0", " ") for _, label in turn_labels(g)]
    assert labels[3] == "1. dark: sow d4"
    # and what it shows reads back as the same step
    assert Step.parse(labels[3].split(": ")[1], g.board) == g.steps[2]
    c = Game("dendria-classic", size=4)
    c.play("sow d4", "end")
    assert turn_labels(c)[1][1].replace("\u00a0", " ") == "1. dark: plant d4"


def test_details_group_the_fertile_soils_by_who_fertilizes_them():
    g = Game("dendria-sprites", size=4)
    for s in ["komi 3", "side light", "sow d4", "end", "sow c3", "end", "sow e2", "end",
              "sow b5", "end", "sow d5", "end", "sow c4", "end"]:
        g.play(s)
    w = BoardWidget(g)
    w.set_hover("c4")        # the Details follow the mouse
    html = w.details.value
    assert "c4" in html
    assert "fertilized by no sprite" in html and "nobody" not in html


def test_details_say_the_sentences_of_describe():
    # one place for every sentence: the panel shows explain's describe(),
    # the first sentence with the cell's name in bold, the others as a list
    from dendria_widget.explain import describe
    for ruleset in ("dendria-classic", "dendria-sprites", "hedu"):
        g = Game(ruleset, size=4)
        rng = random.Random(5)
        for _ in range(14):
            g.play(rng.choice(g.legal_steps()))
        w = BoardWidget(g)
        for cell in rng.sample(sorted(g.pieces) + ["a1", "d4", "g4"], 5):
            w.set_hover(cell)
            html = w.details.value
            said = describe(g, cell)
            assert html.count("<li>") == len(said) - 1 and html.count(f"<b>{cell}</b>") == 1
            assert [htmllib.unescape(x) for x in re.findall(r"<li>(.*?)</li>", html)] \
                == said[1:]
            assert visible_text(html).split()[:len(said[0].split())] == said[0].split()


def test_details_of_a_journey_list_the_slides_the_board_offers():
    g = Game.from_position({"to_move": "dark", "pieces": {"a1": "dark dendrid"}},
                           rules={"ruleset": "dendria-classic",
                                  "board": {"shape": "hexagon", "size": 4}})
    w = BoardWidget(g)
    w.play("move a1", "slide a2")          # along row a, to the east: a3, a4 remain
    w.set_hover("a2")
    items = re.findall(r"<li>(.*?)</li>", w.details.value)
    assert items[-1] == ("Its journey from a1 goes on along the line E: one more slide "
                         "reaches a3 and a4.")


def test_a_refused_step_is_named_in_the_editions_words():
    g = Game("dendria-sprites", size=4)
    with pytest.raises(IllegalStep) as e:
        g.play("sow d4")          # the komi comes first
    assert str(e.value).startswith("sow d4: ")
    c = Game("dendria-classic", size=4)
    c.play("plant d4", "end")
    with pytest.raises(IllegalStep) as e:
        c.play("sow d4")
    assert str(e.value).startswith("plant d4: ")


def test_the_hint_and_its_key_are_readable_at_any_width():
    from dendria_widget.render.scene import MIN_TEXT, Text
    for width in (260, 420, 700):
        board = BoardWidget(Game("dendria-classic", size=4, opening="none"), width=width)
        board.players_panel.budget.value = "iterations"
        board.players_panel.iterations.value = 10
        assert board.players_panel.ask_hint()
        sizes = [s.size for s in board.scene().shapes() if isinstance(s, Text)]
        assert board.scene().find("hint-key") and min(sizes) >= MIN_TEXT


# ------------------------------------------------ regressions (issue 19)
SPRITES4 = {"ruleset": "dendria-sprites", "board": {"shape": "hexagon", "size": 4}}


@pytest.mark.parametrize("rules", [SPRITES4, {"ruleset": "dendria-classic", "board": SPRITES4["board"]}])
def test_clicking_the_journeying_dendrid_again_says_where_to_click(rules):
    # a dark dendrid (sprite) on c3 sets out, slides to c4, and is clicked
    # again where it stands: nothing is played, the status says where to click
    game = Game.from_position({"to_move": "dark", "pieces": {"c3": "dark dendrid",
                                                              "e5": "light seed"}},
                              rules=rules)
    w = BoardWidget(game)
    assert w.click_cell("c3").steps == [Step("move c3")]
    assert w.click_cell("c4").steps == [Step("slide c4")]
    before = snapshot(game)
    res = w.click_cell("c4")
    assert res.steps == [] and not res.cancel
    assert snapshot(game) == before
    word = game.variant.kind_word("dendrid")
    assert w.status == f"The {word} stands on c4 now: click a cell further along its line."
    assert w.status_kind == "refused"


def test_loading_another_edition_and_size_after_a_click():
    from dendria_widget.widget import text as wtext

    w = BoardWidget(Game("dendria-classic", size=5))
    w.click_cell("i5")                       # plants on a cell the new board lacks
    assert w.changed_cells() == ["i5"]
    text = ("dendria-sprites h4 TTTT/Td2T/T2DTS/T1T2TT/T1T2T/T2DT/TTTT light "
            "komi=2 komi_max=5")
    assert w.load_position(text) is w.game
    assert w.game.position_string() == text
    assert w.changed_cells() == [] and w.inspected is None
    assert w.status.startswith("Position loaded.")
    # the board shows the new game (its cells) and the panels say its facts
    assert w.scene().layout.board is w.game.board
    assert w.moves.options == (("start", 0),)
    assert w.header.value == wtext.header_html(w.game)


def test_a_failing_command_keeps_the_game_says_so_and_logs(monkeypatch, caplog):
    from dendria_widget.session import words as wtext

    w = BoardWidget(Game("dendria-classic", size=4))
    w.click_cell("a1")
    before = snapshot(w.game)

    def broken(*args, **kwargs):
        raise RuntimeError("the words broke")

    monkeypatch.setattr(wtext, "played_words", broken)
    caplog.set_level("ERROR", logger="dendria_widget")
    w.swap_button.click()                    # a widget callback: its dispatcher logs too
    assert snapshot(w.game) == before
    assert w.status == "Something went wrong: the words broke; the game is unchanged."
    assert w.status_kind == "refused"
    assert "the words broke" in w.status_line.value
    logged = [r for r in caplog.records if r.name.startswith("dendria_widget")]
    assert logged and logged[0].exc_info and "the words broke" in str(logged[0].exc_info[1])
    # from code, the error reaches the caller as well, the game unchanged
    with pytest.raises(RuntimeError):
        w.press("swap")
    assert snapshot(w.game) == before
    monkeypatch.undo()
    assert w.press("swap") and w.game.steps[-1] == Step("swap")


# ------------------------------------------------------------ exports
def test_export_saves_the_picture_and_the_record_and_says_where(tmp_path):
    g = journey_game()
    w = BoardWidget(g, overlays=["roots"])
    w.click_cell("d1")                          # a journey begins: d1 selected, targets
    paths = w.export(tmp_path)
    assert [p.rsplit("/", 1)[1] for p in paths] == ["board-1.svg", "board-1.png",
                                                    "board-1.json"]
    assert w.status == (f"Exported board-1.svg, board-1.png (the picture) and board-1.json "
                        f"(the record) to {tmp_path}.")
    assert Game.from_record(open(paths[2], encoding="utf-8").read()) == g
    assert open(paths[1], "rb").read()[:8] == b"\x89PNG\r\n\x1a\n"
    # the picture is what the board shows (selection and targets too), the
    # mouse and the words of the empty key room aside
    shown = {k: [s for s in v if not (s.tag or "").startswith(("key-room", "hover"))]
             for k, v in w.scene().layers.items()}
    assert w.export_scene().layers == shown
    assert w.export_scene().find("selected") or "d1" in open(paths[0]).read()
    assert w.export(tmp_path)[0].endswith("board-2.svg")      # the next free name
    assert w.export(tmp_path / "no" / "such") == []
    assert w.status.startswith("Cannot export to ") and w.status_kind == "refused"


def test_the_saved_output_has_a_still_picture_that_says_to_run_the_cell(monkeypatch):
    # shown in a notebook, the board makes two outputs: the live widget (with
    # words for front ends that cannot draw it), then its picture as it
    # shows now, light and dark, with the style of widget/still.py
    import IPython.display

    from dendria_widget.render.svg import data_uri, scene_to_svg
    from dendria_widget.widget.still import LIVE, STILL_STYLE

    shown = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, raw=False, **kw: shown.append((obj, raw)))
    w = BoardWidget(Game("dendria-classic", size=5))
    w.click_cell("c3")
    assert LIVE in w._dom_classes
    w._ipython_display_()
    assert [raw for _, raw in shown] == [True, True]
    live, still = shown[0][0], shown[1][0]
    assert "application/vnd.jupyter.widget-view+json" in live
    assert "Shift+Enter" in live["text/html"] and "Dendria, classic edition" in live["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" not in still
    html = still["text/html"]
    assert html.startswith("<div class='dendria-still'>") and STILL_STYLE in html
    assert "run this cell (Shift+Enter)" in html and "run this cell" in still["text/plain"]
    # the picture is what the board shows now (the seed planted on c3), in both themes
    for theme in ("light", "dark"):
        svg = scene_to_svg(w.session.export_scene(theme, w.board_canvas.width))
        assert data_uri(svg) in html
    assert "piece:c3" not in html           # tags are for tests of the SVG, not a reader
    # a board given its own theme keeps it in the picture
    hc = BoardWidget(Game("dendria-classic", size=5), theme="high-contrast")
    assert hc.still_html().count(data_uri(hc.to_svg())) == 2


def test_every_widget_the_package_shows_leaves_its_picture(monkeypatch, tmp_path):
    # one mechanism (widget/still.py) for the board, a lesson, the puzzle
    # trainer and the lessons' progress: each makes the live output and then
    # its still, marked live while its view is on the page
    import IPython.display

    from dendria_widget import puzzles
    from dendria_widget.lessons import LessonsProgress, LessonWidget
    from dendria_widget.lessons.progress import Progress
    from dendria_widget.puzzles.progress import PuzzleProgress
    from dendria_widget.widget.still import LIVE, STILL_STYLE, LeavesPicture

    shown = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, raw=False, **kw: shown.append(obj))
    made = [BoardWidget(Game("hedu", size=4)),
            LessonWidget("02_roots", progress=Progress(tmp_path / "p.json")),
            puzzles.Trainer(progress=PuzzleProgress(tmp_path / "puzzles.json")),
            LessonsProgress(progress=Progress(tmp_path / "p.json"))]
    for w in made:
        assert isinstance(w, LeavesPicture) and LIVE in w._dom_classes
        shown.clear()
        w._ipython_display_()
        live, still = shown
        assert "application/vnd.jupyter.widget-view+json" in live
        assert "Shift+Enter" in live["text/html"] and "Shift+Enter" in live["text/plain"]
        assert STILL_STYLE in still["text/html"] and "Shift+Enter" in still["text/plain"]
        for bad in ("None", "{'", "PosixPath", "Widget("):
            assert bad not in still["text/html"].replace(STILL_STYLE, "")
    for w in made[:3]:      # a board in each: its picture, light and dark
        html = w.still()["text/html"]
        assert "class='dw-light'" in html and "class='dw-dark'" in html
    # the trainer's picture: its goal, then its board
    trainer = made[2]
    assert trainer.board.still_html() in trainer.still()["text/html"]
    # the progress table as saved
    assert "<table class='dendria-progress'>" in made[3].still()["text/html"]


def test_loads_of_every_size_and_edition_into_a_used_board_widget():
    from test_session import _positions

    from dendria_widget.session import Hint

    g = Game("dendria-classic", size=7)
    w = BoardWidget(g, overlays=["roots"])
    w.click_cell("g7")
    w.inspected = "a1"
    w.set_hover("m7")
    w.mark("g7", "A")
    w.session.set_hint(Hint(g.version, [Step("plant", "m7")], {"cells": {"m7": 1.0}}, "test"))
    for name, position, record in _positions():
        assert w.load_position(position) is g, name
        assert w.canvas.width == 2 * round(w.scene().width)
        assert w.header.value == wtext_header(w)
        assert w.load_record_text(record, source=name) is g
        w.click_cell(g.board.name(g.board.plots[-1]))
        w.to_svg()


def wtext_header(w):
    from dendria_widget.widget import text

    return text.header_view_html(w.session.view().header)


def test_the_rules_tab_explains_the_options_in_the_editions_words():
    """Switched to the sprites edition, the Rules tab's help lines say sprite
    and sowing (the engine's option texts in that edition's words), with the
    default in words; back in the classic edition, dendrid and plant."""
    board = BoardWidget(Game("dendria-classic", size=4))
    panel = board.rules_panel
    panel.ruleset.value = "dendria-sprites"
    help_lines = {name: ed.help.value for name, ed in panel.editors.items()}
    assert "first enemy sprite in the way" in help_lines["sprite_capture"]
    assert "without a sowing (sprite moves or passes)" in help_lines["dendrid_move_limit"]
    assert "(default: null)" in help_lines["dendrid_move_limit"]
    assert not any("dendrid" in text.replace("dendrid_move_limit", "")
                   for text in help_lines.values())
    panel.ruleset.value = "dendria-classic"
    assert "first enemy dendrid" in panel.editors["sprite_capture"].help.value
    assert "(default: 10)" in panel.editors["dendrid_move_limit"].help.value


def test_a_lesson_cell_shows_the_live_lesson_then_its_still_picture(monkeypatch, tmp_path):
    # two outputs: the widget's view (with its sentence for front ends that
    # cannot draw it), then the board's picture as the lesson shows it, with
    # the style that hides it while the widget lives and hides the dead
    # widget's error once it is gone (a saved notebook with a new kernel)
    import IPython.display

    from dendria_widget.lessons import LessonWidget
    from dendria_widget.lessons.progress import Progress
    from dendria_widget.widget.still import STILL_STYLE

    shown = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda obj, raw=False, **kw: shown.append((obj, raw)))
    lw = LessonWidget("02_roots", progress=Progress(tmp_path / "progress.json"))
    lw._ipython_display_()
    assert [raw for _, raw in shown] == [True, True]
    live, still = shown[0][0], shown[1][0]
    assert "application/vnd.jupyter.widget-view+json" in live
    assert "Shift+Enter" in live["text/html"]
    assert "application/vnd.jupyter.widget-view+json" not in still
    html = still["text/html"]
    assert html.startswith("<div class='dendria-still'>") and STILL_STYLE in html
    # the picture is the lesson's first page, light and dark
    assert lw.lesson.picture(0, 0)["text/html"] in html
    assert "Run this cell (Shift+Enter)" in html and "Run this cell" in still["text/plain"]
    # the style: hidden while the lesson lives; the widget's output hidden
    # once ipywidgets could not draw it ("model not found"); no :has() in a
    # :has() (browsers drop such a rule)
    assert ".jp-OutputArea:has(.dendria-live) > .jp-OutputArea-child:has(.dendria-still)" \
        in STILL_STYLE and "dendria-live" in lw._dom_classes
    assert ".jp-OutputArea-child:has(> .jp-OutputArea-output.jupyter-widgets)" in STILL_STYLE
    for rule in STILL_STYLE.split("}"):
        assert rule.count(":has(") <= 2 and ":has(> .jp-OutputArea-output.jupyter-widgets:" \
            not in rule
    # on another page, the picture follows it
    shown.clear()
    lw.go(2)
    lw._ipython_display_()
    assert lw.lesson.picture(2, 0)["text/html"] in shown[1][0]["text/html"]


def test_beside_a_lessons_words_the_board_grows_on_a_large_screen_and_gives_way_on_a_narrow_one():
    # a compact layout (a lesson): never narrower than COMPACT_MIN nor
    # leaving the words less than COMPACT_SIDE; in a window COMPACT_WIDE
    # wide at device scale 1, up to COMPACT_GROW times its width where the
    # window's height allows (a style rule: at device scale 2 it keeps its
    # width, drawn at 2x, never scaled up)
    from dendria_widget.widget.board import (COMPACT_GROW, COMPACT_MIN, COMPACT_SIDE,
                                             COMPACT_WIDE)

    plain = BoardWidget(Game("dendria-classic", size=7), width=460)
    assert plain.canvas.layout.max_width.startswith("min(460px, 100%, calc((100vh - 140px)")
    assert plain.size_style.value == ""
    w = BoardWidget(Game("dendria-classic", size=7), width=460)
    w.place_beside([], compact=True)
    big = round(460 * COMPACT_GROW)
    assert w.canvas.layout.max_width == plain.canvas.layout.max_width
    assert w.left.layout.width.endswith(
        f"max({COMPACT_MIN}px, calc(100% - {COMPACT_SIDE + 40}px)))")
    assert w.side.layout.min_width == f"{COMPACT_SIDE}px"
    rule = w.size_style.value
    assert f"@media (min-width: {COMPACT_WIDE}px) and (max-resolution: 1.49dppx)" in rule
    assert f"min({big}px, calc((100vh - 140px)" in rule
    (uid,) = [c for c in w.left._dom_classes if c.startswith("dendria-b")]
    assert f".{uid} .dendria-board" in rule
    # presenting: the presenter's own layout, no growth
    w.session.present(True)
    assert f"{big}px" not in w.canvas.layout.max_width
    assert w.size_style.value == ""
