"""The board widget, headless (no browser): what a click means, the status
line, the history buttons, overlays, exports, the editor and annotations.

The positions are small and checked by hand against RULES.md; see the
comment above each one.
"""

import json

import pytest

from dendria_widget import BoardWidget, Game
from dendria_widget.interaction import (click_steps, journey_cell, pixel_to_cell, targets,
                                        turn_labels)

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


def test_the_scene_fits_the_width_and_the_canvas_is_drawn_at_2x():
    w = BoardWidget(Game("dendria-classic", size=7), width=500)
    scene = w.scene()
    assert scene.width <= 500 + 1
    assert w.canvas.width == 2 * round(scene.width)
    assert w.canvas.height == 2 * round(scene.height)
    assert w.canvas.layout.max_width == f"{round(scene.width)}px"


def test_click_on_empty_cell_plants_through_the_pixel():
    g = Game("dendria-classic", size=5)
    w = BoardWidget(g)
    x, y = w.cell_center("e5")
    # ipycanvas reports canvas pixels: twice the CSS pixels
    w._on_mouse_down(2 * x, 2 * y)
    assert g.pieces == {"e5": "dark seed"}
    assert [str(s) for s in g.steps] == ["plant e5"]
    assert w.status_kind == "ok"


def test_journey_move_then_slide_then_end():
    g = journey_game()
    w = BoardWidget(g)
    assert click_steps(g, "d1").steps[0].verb == "move"
    w.click_cell("d1")
    assert g.phase == "move" and [str(s) for s in g.steps] == ["move d1"]
    assert journey_cell(g) == "d1"
    assert w.selected() == "d1"
    assert sorted(w._targets) == sorted(["d2", "d3", "d4", "c2", "b2", "a2"])
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
    assert w.status == g.why_illegal("slide c2")
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
    assert w.status == g.why_illegal("plant c3")
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
    w = BoardWidget(g)
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
    assert snapshot(g) == before and w.status == "the game is over"


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
    assert w.status == g.why_illegal("plant a1") and g.steps == []
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
    assert "b2" in w.details.value and "Roots" in w.details.value


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
    svg = bundle["image/svg+xml"]
    assert svg.lstrip().startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert w.to_svg() == svg
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
    assert "black 1" in w.editor_panel.palette.options


def test_hedu_click_places_a_stack():
    g = Game("hedu", size=3)
    w = BoardWidget(g)
    w.click_cell("c3")
    assert [str(s) for s in g.steps] == ["place c3"]
    assert g.pieces["c3"].startswith("black")
    before = snapshot(g)
    w.click_cell("c3")                        # occupied: refused, with the reason
    assert snapshot(g) == before
    assert w.status == g.why_illegal("place c3") and w.status_kind == "refused"


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
    w._on_mouse_move(2 * x, 2 * y)
    assert w.hover == "c3" and len(calls) == 1
    w._on_mouse_move(2 * x + 2, 2 * y + 2)    # same cell: nothing to do
    assert len(calls) == 1
    w.hover_interval = 60.0                   # too soon after the last one:
    x2, y2 = w.cell_center("e5")
    w._on_mouse_move(2 * x2, 2 * y2)          # dropped (no event loop headless)
    assert w.hover == "c3" and len(calls) == 1
    w._on_mouse_out(0, 0)
    assert w.hover is None
