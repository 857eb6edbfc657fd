"""The render layer: what is drawn where, for given positions and overlays.

Positions are small and checked by hand against docs/rules.md (the comments give
the reasoning); where a test compares with ``dendria_widget.explain`` it
checks that the picture shows exactly those facts.
"""

import io
import math
import xml.etree.ElementTree as ET

import pytest

from dendria_widget import DendriaError, Game
from dendria_widget.boards import preset
from dendria_widget.explain import dendria as exd
from dendria_widget.explain import hedu as exh
from dendria_widget.render import canvas as rcanvas
from dendria_widget.render.png import scene_to_image, scene_to_png, save_png, save_svg
from dendria_widget.render.scene import (OVERLAYS, Circle, Line, Polygon, Text, board_geometry,
                                         build_scene)
from dendria_widget.render.svg import game_svg
from dendria_widget.render.theme import DEFAULT_THEME, HIGH_CONTRAST
from dendria_widget.render.overlays import offered_names

SVG_NS = "{http://www.w3.org/2000/svg}"


def dendria(pieces, size=7, to_move="dark", ruleset="dendria-classic", **options):
    rules = {"ruleset": ruleset, "board": {"shape": "hexagon", "size": size},
             "options": options}
    return Game.from_position({"to_move": to_move, "pieces": dict(pieces)}, rules=rules)


def hedu(pieces, size=4, to_move="black"):
    rules = {"ruleset": "hedu", "board": {"shape": "hexagon", "size": size}}
    return Game.from_position({"to_move": to_move, "pieces": dict(pieces)}, rules=rules)


def cells_of(scene, prefix, layer=None):
    """The cell (second tag word) of every shape tagged prefix:cell..."""
    return {s.tag.split(":")[len(prefix.split(":"))] for s in scene.find(prefix, layer)}


def near(a, b, tol=0.01):
    return abs(a[0] - b[0]) <= tol and abs(a[1] - b[1]) <= tol


def centroid(points):
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


# a position used by several tests: conversions of every kind are possible
# for dark here (found by search, each fact checked against explain below)
BUSY = {"a1": "light tree", "a2": "light seed", "a7": "light seed", "b6": "dark dendrid",
        "c1": "dark tree", "c8": "dark seed", "d5": "dark dendrid", "d9": "dark tree",
        "e5": "dark dendrid", "e7": "dark tree", "e9": "dark tree", "f1": "light seed",
        "f5": "light dendrid", "f7": "dark seed", "f8": "dark tree", "f9": "light tree",
        "f10": "dark tree", "f12": "dark seed", "g3": "light tree", "h3": "dark seed",
        "i1": "dark seed", "i8": "dark seed", "j2": "dark seed", "k1": "light tree",
        "k2": "dark seed", "k4": "dark tree", "k5": "light seed", "k6": "light seed",
        "k9": "dark tree", "l2": "dark seed", "l7": "light tree", "l8": "dark seed"}


# ------------------------------------------------------------------ board
def test_board_cells_are_pointy_top_hexes_at_the_layout_centres():
    g = Game("dendria-classic", size=7)
    sc = build_scene(g, radius=20)
    cells = sc.find("cell", "board")
    assert len(cells) == 127
    for s in cells:
        name = s.tag.split(":")[1]
        cx, cy = sc.center(name)
        assert isinstance(s, Polygon) and len(s.points) == 6
        assert near(centroid(s.points), (cx, cy))
        # pointy top: one corner straight above the centre, at the radius
        top = min(s.points, key=lambda p: p[1])
        assert near(top, (cx, cy - 20))
    # cells do not overlap: neighbours' centres are sqrt(3) radii apart
    assert math.dist(sc.center("g7"), sc.center("g8")) == pytest.approx(20 * math.sqrt(3))
    assert sc.cell_at(*sc.center("c5")) == "c5"
    assert sc.layout.radius == 20


def test_lagoons_are_water_and_the_outside_is_not_drawn():
    board = preset("lakes-13")
    g = Game("dendria-sprites", board="lakes-13")
    sc = build_scene(g)
    lagoons = sc.find("lagoon", "board")
    assert len(lagoons) == len(board.lagoons) == 9
    assert all(s.fill == DEFAULT_THEME.lagoon for s in lagoons)
    for s, i in zip(lagoons, board.lagoons):
        q, r = board.axial(i)
        assert s.tag == f"lagoon:{q},{r}"
        assert near(centroid(s.points), sc.layout.hex_to_pixel(q, r))
    # every filled hex of the board layer is a plot or a lagoon: nothing outside
    polys = [s for s in sc.shapes("board") if isinstance(s, Polygon)]
    assert len(polys) == board.n_plots + 9
    for s in polys:
        q, r = sc.layout.pixel_to_hex(*centroid(s.points))
        h = board._id_of.get((q, r))
        assert h is not None and (h in board or h in board.lagoons)


def test_cell_names_along_the_border_can_be_turned_off():
    g = Game("dendria-classic", size=7)
    sc = build_scene(g)
    rows = {s.text for s in sc.find("name:row")}
    assert rows == set("abcdefghijklm")
    # index numbers: 1..13 (each written where its line of cells meets the edge)
    assert {s.text for s in sc.find("name:index")} == {str(k) for k in range(1, 14)}
    # the row letter sits left of the row's first cell, on its line
    a = sc.find("name:row:g")[0]
    gx, gy = sc.center("g1")
    assert a.y == pytest.approx(gy) and a.x < gx - sc.layout.radius
    # index 1 at the top: beyond a1, up and to the right (the line a1 b1 c1 ...)
    ax, ay = sc.center("a1")
    ones = [s for s in sc.find("name:index:1") if s.y < ay]
    assert len(ones) == 1 and ones[0].x > ax
    bx, by = sc.center("b1")
    # a1 - b1 is the same line: the label, a1 and b1 are collinear
    cross = (ax - bx) * (ones[0].y - by) - (ay - by) * (ones[0].x - bx)
    assert abs(cross) < 1e-6 * sc.layout.radius ** 2
    off = build_scene(g, show_names=False)
    assert not off.find("name")


def test_radius_or_width_sets_the_size():
    g = Game("dendria-classic", size=9)
    sc = build_scene(g, width=500)
    assert 490 <= sc.width <= 500
    big = build_scene(g, radius=30)
    assert big.layout.radius == 30
    assert board_geometry(g.board, 30.0) is board_geometry(g.board, 30.0)
    with pytest.raises(DendriaError, match="radius"):
        build_scene(g, radius=-3)


# ----------------------------------------------------------------- pieces
def test_pieces_are_told_apart_by_shape_and_colour():
    g = dendria({"g7": "dark seed", "e5": "light seed", "c3": "dark tree",
                 "i9": "light dendrid"})
    sc = build_scene(g, radius=24)
    seed = sc.find("piece:g7")
    assert len(seed) == 1 and seed[0].tag == "piece:g7:dark:seed"
    s = seed[0]
    assert isinstance(s, Circle) and (s.cx, s.cy) == pytest.approx(sc.center("g7"))
    assert s.fill == DEFAULT_THEME.piece_fill[0]
    light = sc.find("piece:e5")[0]
    assert light.fill == DEFAULT_THEME.piece_fill[1] and light.fill != s.fill
    tree = sc.find("piece:c3")[0]
    dend = sc.find("piece:i9")[0]
    assert tree.tag == "piece:c3:dark:tree" and dend.tag == "piece:i9:light:dendrid"
    # three different shapes: a small disc, a hexagon, a ten-pointed star outline
    assert isinstance(tree, Polygon) and len(tree.points) == 6
    assert isinstance(dend, Polygon) and len(dend.points) == 10
    tree_r = max(math.dist(p, sc.center("c3")) for p in tree.points)
    assert tree_r > 2 * s.r
    assert near(centroid(tree.points), sc.center("c3"), 0.5)
    # exactly one main shape per piece
    assert len(sc.find("piece", "pieces")) == 4


def test_hedu_stacks_show_their_height():
    g = hedu({"d4": "black 2", "a1": "white 1", "g4": "white 3"})
    sc = build_scene(g)
    disc = sc.find("piece:d4")[0]
    assert disc.tag == "piece:d4:black:2" and isinstance(disc, Circle)
    assert (disc.cx, disc.cy) == pytest.approx(sc.center("d4"))
    (num,) = sc.find("height:d4")
    assert isinstance(num, Text) and num.text == "2" and num.weight == "bold"
    assert (num.x, num.y) == pytest.approx(sc.center("d4"))
    assert {s.text for s in sc.find("height")} == {"1", "2", "3"}
    assert sc.find("piece:g4")[0].fill == DEFAULT_THEME.piece_fill[1]


def test_last_turn_is_highlighted_under_the_pieces():
    g = Game("dendria-classic", size=5)
    g.play("plant c5", "end")
    sc = build_scene(g)
    assert [s.tag for s in sc.find("last")] == ["last:c5"]
    # drawn before (under) the piece in the pieces layer
    tags = sc.tags("pieces")
    assert tags.index("last:c5") < tags.index("piece:c5:dark:seed")
    assert not build_scene(g, last_turn=False).find("last")
    assert not build_scene(Game("dendria-classic", size=5)).find("last")


def test_last_turn_with_a_growth_highlights_the_new_forest():
    # plant e2 next to the dark seed on e1, then grow: the seedbed e1 e2
    # becomes a dark forest; the turn touched e2 (plant) and e1 e2 (grow)
    g = dendria({"b2": "dark dendrid", "c1": "light tree", "c2": "dark dendrid",
                 "d1": "light seed", "d4": "light tree", "e1": "dark seed"}, size=3,
                superko="off")
    g.play("plant e2", "grow e2", "end")
    assert g.pieces["e1"] == g.pieces["e2"] == "dark tree"
    assert cells_of(build_scene(g), "last") == {"e1", "e2"}


def test_hedu_last_turn_shows_the_placement_and_the_stacks_it_changed():
    g = Game("hedu", size=3, opening="none")
    g.play("place c3")
    sc = build_scene(g)
    changed = {g.board.name(e[0]) for e in g.state.last_effects()}
    assert "c3" in changed
    assert cells_of(sc, "last") == changed


# --------------------------------------------------------------- overlays
def test_roots_of_the_focus_cell_drawn_by_hand():
    # g7 is the centre of the side-7 board. W: g6 g5 empty, g4 a dark tree;
    # NW: f6 empty, e5 a light seed; the four other roots run over six
    # empty plots each to the edge (nutrientless: dashed).
    g = dendria({"g7": "dark seed", "g4": "dark tree", "e5": "light seed"})
    sc = build_scene(g, overlays={"roots"}, focus="g7")
    lines = {s.tag.split(":")[2]: s for s in sc.find("root:g7") if isinstance(s, Line)}
    assert set(lines) == {"E", "NE", "NW", "W", "SW", "SE"}
    dashed = {d for d, s in lines.items() if s.dash}
    assert dashed == {"E", "NE", "SW", "SE"}
    assert cells_of(sc, "nourisher") == {"g4", "e5"}
    counts = {s.tag.split(":")[2]: s.text for s in sc.find("root-count:g7")
              if isinstance(s, Text)}
    assert counts == {"W": "2", "NW": "1", "E": "6", "NE": "6", "SW": "6", "SE": "6"}
    # the W line runs from g7 towards g4 and stops at its ring
    w = lines["W"].points
    assert math.dist(w[0], sc.center("g7")) < sc.layout.radius
    assert math.dist(w[-1], sc.center("g4")) < sc.layout.radius
    # the E line reaches the edge: beyond g13, not beyond the board
    e = lines["E"].points
    assert e[-1][0] > sc.center("g13")[0]
    assert e[-1][0] < sc.center("g13")[0] + sc.layout.radius * math.sqrt(3)
    assert len(sc.find("edge:g7")) == 4
    # the same facts as the explanations
    ex = exd.roots(g, "g7")
    assert len(lines) == len(ex)
    assert len(dashed) == sum(r["sees_edge"] for r in ex)
    # no focus: no roots
    assert not build_scene(g, overlays={"roots"}).find("root")


def test_every_count_badge_lies_over_every_outline_and_ring():
    # g7's roots and the nutrients together: the nourishers' outlines (roots)
    # and the seeds' rings are drawn before every number on a disc (the
    # roots' counts, the nutrients' nourisher counts), whichever overlay
    # drew them later, so no outline crosses a count
    g = dendria({"g7": "dark seed", "g4": "dark tree", "e5": "light seed",
                 "g9": "light seed", "g11": "dark tree"})
    sc = build_scene(g, overlays={"roots", "nutrients"}, focus="g7")
    layer = sc.layers["overlays"]
    outlines = [layer.index(s) for s in sc.find("nourisher") + sc.find("hungry")
                + sc.find("nourished")]
    badges = [layer.index(s) for s in sc.find("root-count") + sc.find("nourishers")]
    assert outlines and badges
    assert max(outlines) < min(badges)


def test_roots_on_the_edge_follow_edge_sight():
    # a1 is a corner of the side-4 board: three of its rays are empty.
    # literal: 3 roots; touching (sprites): 6 roots, the three empty ones
    # seeing the edge at once (0 plots between). The others: E a2 a3 a4 (3),
    # SW along the upper left side (3), SE through the centre d4 to g4 (6).
    lit = dendria({}, size=4)
    sc = build_scene(lit, overlays={"roots"}, focus="a1")
    assert len([s for s in sc.find("root:a1") if isinstance(s, Line)]) == 3
    touch = dendria({}, size=4, ruleset="dendria-sprites")
    sc = build_scene(touch, overlays={"roots"}, focus="a1")
    roots = [s for s in sc.find("root:a1") if isinstance(s, Line)]
    assert len(roots) == 6 and all(s.dash for s in roots)
    counts = [s.text for s in sc.find("root-count:a1") if isinstance(s, Text)]
    # a count is written only where empty plots lie between (not on the
    # three empty rays of the corner)
    assert sorted(counts) == ["3", "3", "6"]


def test_nutrients_mark_exactly_the_hungry_seeds():
    # side 2: a1 is the only empty plot. A seed is hungry when some root is
    # nutrientless: a2 (W: a1, then the edge), b1 (NE: a1) and b2 (NW: a1)
    # see the edge through a1; b3, c1, c2 have a piece at the end of every
    # root. c2's nourishers: b2 (NW, dark), b3 (NE, light), c1 (W, dark).
    pieces = {"a2": "dark seed", "b1": "dark seed", "b2": "dark seed",
              "b3": "light seed", "c1": "dark seed", "c2": "dark seed"}
    g = dendria(pieces, size=2)
    sc = build_scene(g, overlays={"nutrients"})
    assert cells_of(sc, "hungry") == {"a2", "b1", "b2"}
    assert cells_of(sc, "nourished") == {"b3", "c1", "c2"}
    assert all(s.dash for s in sc.find("hungry"))
    assert not any(s.dash for s in sc.find("nourished"))
    counts = {s.tag: s.text for s in sc.find("nourishers:c2") if isinstance(s, Text)}
    assert counts == {"nourishers:c2:dark": "2", "nourishers:c2:light": "1"}
    seeds = exd.seeds(g)
    assert cells_of(sc, "hungry") == {n for n, s in seeds.items() if s["hungry"]}


def test_nutrients_match_the_explanations_on_a_busy_board():
    g = dendria(BUSY)
    sc = build_scene(g, overlays={"nutrients"})
    seeds = exd.seeds(g)
    assert cells_of(sc, "hungry") == {n for n, s in seeds.items() if s["hungry"]}
    assert cells_of(sc, "nourished") == {n for n, s in seeds.items() if not s["hungry"]}
    for n, s in seeds.items():
        for colour in ("dark", "light"):
            (t,) = [x for x in sc.find(f"nourishers:{n}:{colour}") if isinstance(x, Text)]
            assert t.text == str(s["by_colour"][colour])


def test_fertilization_marks_both_colours_on_one_soil():
    # side 2: the dark dendrid on a1 sees a2 (E), b1 (SW) and b2 (SE, then
    # the light dendrid on c2); the light one sees b2 (NW), b3 (NE), c1 (W).
    g = dendria({"a1": "dark dendrid", "c2": "light dendrid"}, size=2)
    sc = build_scene(g, overlays={"fertilization"})
    assert cells_of(sc, "fert:dark") == {"a2", "b1", "b2"}
    assert cells_of(sc, "fert:light") == {"b2", "b3", "c1"}
    (d,) = sc.find("fert:dark:b2")
    (lt,) = sc.find("fert:light:b2")
    assert d.fill == DEFAULT_THEME.piece_fill[0] and lt.fill == DEFAULT_THEME.piece_fill[1]
    # side by side inside the soil, not on top of each other
    dc, lc = centroid(d.points), centroid(lt.points)
    assert dc[0] < sc.center("b2")[0] < lc[0]
    assert sc.cell_at(*dc) == sc.cell_at(*lc) == "b2"
    # no web of lines for the whole board: the lines show the cause of the
    # focused cell's fertilization
    assert not sc.find("sight")
    f = exd.fertilized(g)
    assert cells_of(sc, "fert:dark") == set(f["dark"])
    # a focused dendrid: its lines (one per direction with a seen soil) and
    # the soils it fertilizes, under the pieces
    sc = build_scene(g, overlays={"fertilization"}, focus="a1")
    sight = sc.find("sight:a1")
    assert {s.tag.split(":")[2] for s in sight} == {"E", "SW", "SE"}
    assert all(s in sc.layers["pieces"] for s in sight)
    assert {s.tag.split(":")[2] for s in sc.find("seen:a1")} == {"a2", "b1", "b2"}
    assert "a1 fertilizes 3 soils" in sc.captions["fertilization"]
    # a focused soil: the dendrids fertilizing it, each with its line to it
    sc = build_scene(g, overlays={"fertilization"}, focus="b2")
    assert {s.tag for s in sc.find("sight")} == {"sight:a1:b2", "sight:c2:b2"}
    assert cells_of(sc, "fertilizer") == {"a1", "c2"}
    assert sc.captions["fertilization"] == ("b2 is fertilized by the dark dendrid on a1 and "
                                            "the light dendrid on c2.")
    # the line runs from the dendrid's rim, never across the dendrid
    (line,) = sc.find("sight:a1:b2")
    start = line.points[0]
    a1 = sc.center("a1")
    assert math.dist(start, a1) >= DEFAULT_THEME.dendrid_scale * board_geometry(
        g.board, 24.0).radius


def test_fertilization_matches_the_explanations_on_a_busy_board():
    g = dendria(BUSY)
    sc = build_scene(g, overlays={"fertilization"})
    f = exd.fertilized(g)
    assert cells_of(sc, "fert:dark") == set(f["dark"])
    assert cells_of(sc, "fert:light") == set(f["light"])


def test_fertile_soils_of_the_focused_group_and_who_fertilizes_them():
    g = dendria(BUSY)
    assert not build_scene(g, overlays={"fertile"}).find("fertile")   # nothing focused
    groups = exd.groups(g)
    for gr in groups:
        focus = gr["cells"][-1]
        sc = build_scene(g, overlays={"fertile"}, focus=focus)
        assert cells_of(sc, "fertile") == set(gr["fertile_soils"])
        # one outline: the focused group only
        assert {s.tag for s in sc.find("group")} == {
            f"group:{gr['kind']}:{gr['colour']}:{gr['cells'][0]}"}
        # who fertilizes each fertile soil (fertilization overlay off: drawn here)
        for soil, who in gr["fertile_soils"].items():
            for colour in ("dark", "light"):
                assert bool(sc.find(f"fert:{colour}:{soil}")) == (colour in who)
        assert len(sc.find("fert")) == sum(len(w) for w in gr["fertile_soils"].values())
    # an empty soil or a dendrid is no seedbed or forest: nothing drawn, words say so
    sc = build_scene(g, overlays={"fertile"}, focus="e5")
    assert not sc.find("fertile") and "point at a seedbed or a forest" in sc.captions["fertile"]
    # with the fertilization overlay too, marks are not drawn twice
    both = build_scene(g, overlays={"fertile", "fertilization"}, focus="c1")
    assert len(both.find("fert:dark:b2")) <= 1


def test_conversions_are_highlighted_by_kind():
    g = dendria(BUSY)
    sc = build_scene(g, overlays={"conversions"})
    conv = exd.conversions(g)
    sprout = {n for n, r in conv["sprout"].items() if r is None}
    grow = {c for e in conv["grow"] if e["ok"] for c in e["cells"]}
    capture = {c for e in conv["capture"] if e["ok"] for c in e["cells"]}
    assert sprout and grow and capture
    assert cells_of(sc, "sprout") == sprout
    assert cells_of(sc, "grow") == grow
    assert cells_of(sc, "capture") == capture
    # three looks: a ring, a solid hexagon, a dashed hexagon, in three colours
    assert all(isinstance(s, Circle) for s in sc.find("sprout"))
    assert all(isinstance(s, Polygon) and not s.dash for s in sc.find("grow"))
    assert all(isinstance(s, Polygon) and s.dash for s in sc.find("capture"))
    colours = {sc.find("sprout")[0].stroke, sc.find("grow")[0].stroke,
               sc.find("capture")[0].stroke}
    assert len(colours) == 3
    letters = {s.text for s in sc.find("conv-label") if isinstance(s, Text)}
    assert letters == {"S", "G", "C"}


def test_power_is_a_number_per_cell():
    # on a hexagon of side N the power is N-1-max(|q|,|r|,|q+r|); power
    # exists under the power rule (the classic edition draws none: test_variant)
    g = dendria({"g7": "dark seed"}, size=7, power_rule=True)
    sc = build_scene(g, overlays={"power"})
    texts = {s.tag.split(":")[1]: s.text for s in sc.find("power")}
    assert len(texts) == 127
    for i in g.board.plots:
        q, r = g.board.axial(i)
        assert texts[g.board.name(i)] == str(6 - max(abs(q), abs(r), abs(q + r)))
    assert texts["g7"] == "6" and texts["a1"] == "0"


def test_hedu_overlays_follow_the_explanations():
    g = Game("hedu", size=4, opening="none")
    for step in ("place d4", "place a1", "place g4", "place d1"):
        g.play(step)
    sc = build_scene(g, overlays={"regions", "heights"})
    regions = exh.regions(g)
    for reg in regions:
        word = reg["controller"] or "none"
        for c in reg["cells"]:
            assert sc.find(f"region:{c}:{word}")
    # tints under the stacks
    assert len(sc.find("region", "pieces")) == sum(len(r["cells"]) for r in regions)
    values = [s.text for s in sc.find("region-value") if isinstance(s, Text)]
    assert sorted(values) == sorted(str(r["value"]) for r in regions if r["controller"])
    heights = {s.tag.split(":")[1]: s.text for s in sc.find("placement-height")}
    assert heights == {c: str(h) for c, h in exh.placement_heights(g).items()}
    # Dendria overlays are not drawn on Hedu, and the other way round
    assert not build_scene(g, overlays={"nutrients", "power"}).find("power")
    assert not build_scene(dendria(BUSY), overlays={"regions"}).find("region")


def test_hedu_preview_shows_what_a_placement_does():
    # a side-5 position where black on g2 removes a stack, makes others
    # grow and gives white a prisoner (the picture must show each change
    # the explanation lists)
    g = Game.from_position("hedu h5 b21w12/1w23b1/w2b2b13w1/5w12/2w1b14b1/"
                           "w1w1b1b11w1w11/2b12w1b1/w11b12b1/b12w1b1 black prisoners=1,0")
    best = "g2"
    pv = exh.preview(g, best)
    assert pv["leave"] and pv["grow"] and pv["prisoners"]["white"] == 1
    before = g.position_string()
    sc = build_scene(g, overlays={"preview"}, focus=best)
    assert g.position_string() == before          # the game is left as it was
    assert sc.find(f"preview:place:{best}")
    for kind in ("shrink", "grow", "leave"):
        assert cells_of(sc, f"preview:{kind}") == {e["cell"] for e in pv[kind]}
    for kind in ("shrink", "grow", "leave"):
        for e in pv[kind]:
            (t,) = [s for s in sc.find(f"preview-label:{e['cell']}") if isinstance(s, Text)]
            assert t.text == (e["to"].split()[1] if e["to"] else "0")
    assert ("prisoner" in sc.captions["preview"]) == any(pv["prisoners"].values())
    # an occupied focus shows no preview; a plot where no stack can stand: a cross
    assert not build_scene(g, overlays={"preview"}, focus="a1").find("preview")
    assert g.pieces["a1"] == "black 2"
    # b1 is empty but every neighbour holds a stack: a stack there would touch
    # no region (height 0), so no stack can stand there
    assert "b1" not in g.pieces
    assert len(build_scene(g, overlays={"preview"}, focus="b1").find("preview:none:b1")) == 2


def test_teacher_annotations():
    g = dendria({"g7": "dark seed"})
    g.set_annotations({"marks": {"e5": "A", "g7": "here"}, "arrows": [["e5", "g7"]]})
    sc = build_scene(g, overlays={"annotations"})
    assert cells_of(sc, "mark") == {"e5", "g7"}
    labels = {s.text for s in sc.find("mark-label") if isinstance(s, Text)}
    assert labels == {"A", "here"}
    (arrow,) = sc.find("arrow:e5:g7")
    assert arrow.arrow
    # from e5 towards g7
    assert math.dist(arrow.points[0], sc.center("e5")) < math.dist(arrow.points[0],
                                                                   sc.center("g7"))
    assert math.dist(arrow.points[-1], sc.center("g7")) < sc.layout.radius
    assert not build_scene(g).find("mark")
    # annotations given explicitly are drawn instead of the game's
    sc = build_scene(g, annotations={"marks": {"a1": "1"}, "arrows": []})
    assert cells_of(sc, "mark") == {"a1"}


def test_selection_layer():
    g = dendria({"g7": "dark dendrid", "g9": "light seed"})
    sc = build_scene(g, hover="c3", selected="g7", targets=["g8", "g9"])
    layer = sc.tags("selection")
    assert "hover:c3" in layer and "selected:g7" in layer
    assert "target:g8" in layer and "target:g9" in layer
    (sel,) = sc.find("selected:g7")
    assert (sel.cx, sel.cy) == pytest.approx(sc.center("g7"))
    # an empty target is a dot, an occupied one a ring round the piece
    assert sc.find("target:g8")[0].fill and not sc.find("target:g9")[0].fill


def test_bad_input_is_named():
    g = dendria({})
    with pytest.raises(DendriaError, match="'fertility'"):
        build_scene(g, overlays={"fertility"})
    with pytest.raises(DendriaError, match="z9"):
        build_scene(g, focus="z9")
    with pytest.raises(DendriaError, match="targets"):
        build_scene(g, targets=["q99"])


def test_every_overlay_at_once_and_the_high_contrast_theme():
    g = dendria(BUSY, power_rule=True)
    g.set_annotations({"marks": {"e6": "?"}, "arrows": [["e5", "c5"]]})
    sc = build_scene(g, overlays=OVERLAYS, focus="f7", selected="e5", targets=["e6"],
                     hover="a3", theme=HIGH_CONTRAST)
    assert sc.background == HIGH_CONTRAST.background
    assert sc.find("piece:e5")[0].fill == HIGH_CONTRAST.piece_fill[0]
    for tag in ("root", "hungry", "fert", "fertile", "sprout", "power", "mark", "hover"):
        assert sc.find(tag), tag


# ------------------------------------------------------------- speed
def test_a_scene_asks_each_explanation_once_with_every_overlay_on(monkeypatch):
    # the redraw stays fast by computing each fact once per picture (the
    # time itself is printed by `python -m dendria_widget.bench_widget`)
    import random
    rng = random.Random(7)
    kinds = ["dark seed", "light seed", "dark tree", "light tree", "dark dendrid",
             "light dendrid"]
    board = Game("dendria-classic", size=9).board
    pieces = {board.name(i): rng.choice(kinds) for i in board.plots if rng.random() < 0.4}
    g = dendria(pieces, size=9, power_rule=True)
    g.set_annotations({"marks": {"e5": "A"}, "arrows": [["a1", "e5"]]})
    calls = {}
    for name in ("power", "groups", "fertilization", "conversions", "seeds", "roots"):
        real = getattr(exd, name)

        def counted(*a, _real=real, _name=name, **k):
            calls[_name] = calls.get(_name, 0) + 1
            return _real(*a, **k)
        monkeypatch.setattr(exd, name, counted)
    sc = build_scene(g, overlays=OVERLAYS, focus="i9", selected="e5", targets=["e6"],
                     hover="c3")
    assert calls == {n: 1 for n in ("power", "groups", "fertilization", "conversions",
                                    "seeds", "roots")}
    assert set(sc.captions) == set(offered_names(g.variant))


# --------------------------------------------------------------- SVG
def test_svg_is_valid_with_one_element_per_piece():
    g = dendria(BUSY)
    svg = game_svg(g, overlays=OVERLAYS, focus="f7")
    root = ET.fromstring(svg)
    assert root.tag == SVG_NS + "svg"
    w, h = float(root.get("width")), float(root.get("height"))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert w > 100 and h > 100
    pieces = [e for e in root.iter() if (e.get("data-tag") or "").startswith("piece:")]
    assert len(pieces) == len(g.pieces) == len(BUSY)
    assert {e.get("data-tag").split(":")[1] for e in pieces} == set(BUSY)
    seed = next(e for e in pieces if e.get("data-tag") == "piece:f7:dark:seed")
    assert seed.tag == SVG_NS + "circle"
    x, y = build_scene(g).center("f7")
    assert float(seed.get("cx")) == pytest.approx(x, abs=0.01)
    assert float(seed.get("cy")) == pytest.approx(y, abs=0.01)
    # the arrow of an annotation has a head
    g.set_annotations({"marks": {}, "arrows": [["a3", "c5"]]})
    root = ET.fromstring(game_svg(g))
    arrow = next(e for e in root.iter() if e.get("data-tag") == "arrow:a3:c5")
    assert [c.tag for c in arrow] == [SVG_NS + "polyline", SVG_NS + "polygon"]


def test_svg_is_deterministic_and_repr_svg_uses_it():
    a = dendria(BUSY)
    b = Game.from_position(a.position_string())
    kw = dict(overlays=OVERLAYS, focus="i8")
    assert game_svg(a, **kw) == game_svg(a, **kw) == game_svg(b, **kw)
    assert a._repr_svg_() == game_svg(a)
    assert "<title>dendria-classic, dark to move</title>" in a._repr_svg_()
    h = hedu({"d4": "black 2"})
    ET.fromstring(h._repr_svg_())


def test_svg_escapes_teacher_text():
    g = dendria({})
    g.set_annotations({"marks": {"d4": "<b>&\""}, "arrows": []})
    root = ET.fromstring(game_svg(g))
    texts = [e.text for e in root.iter(SVG_NS + "text")]
    assert "<b>&\"" in texts


# --------------------------------------------------------------- PNG
def test_png_opens_at_twice_the_size_with_pieces_in_their_colours():
    from PIL import Image
    g = dendria({"g7": "dark seed", "e5": "light seed", "c3": "dark tree",
                 "j9": "light dendrid"})
    sc = build_scene(g)
    data = scene_to_png(sc)
    im = Image.open(io.BytesIO(data))
    assert im.format == "PNG"
    assert im.size == (round(sc.width * 2), round(sc.height * 2))
    im = im.convert("RGB")

    def pixel(cell):
        x, y = sc.center(cell)
        return im.getpixel((int(x * 2), int(y * 2)))

    def close(a, hexcol, tol=6):
        b = tuple(int(hexcol[k:k + 2], 16) for k in (1, 3, 5))
        return all(abs(u - v) <= tol for u, v in zip(a, b))

    t = DEFAULT_THEME
    assert close(pixel("g7"), t.piece_fill[0])
    assert close(pixel("e5"), t.piece_fill[1])
    assert close(pixel("c3"), t.piece_fill[0])
    assert close(pixel("j9"), t.piece_fill[1])
    assert close(pixel("a4"), t.cell)
    # the background outside the board
    assert close(im.getpixel((2, 2)), t.background)


def test_png_of_every_overlay_and_files(tmp_path):
    from PIL import Image
    g = dendria(BUSY)
    g.set_annotations({"marks": {"e6": "why?"}, "arrows": [["e5", "c5"]]})
    im = scene_to_image(build_scene(g, overlays=OVERLAYS, focus="f7"), scale=1)
    assert im.mode == "RGB"
    p = save_png(g, tmp_path / "b.png", scale=1, overlays=OVERLAYS, focus="f7", key=True)
    assert Image.open(p).size == im.size
    # the key below the board takes room only when an overlay is shown
    bare = scene_to_image(build_scene(g, overlays=("annotations",)), scale=1)
    assert bare.size[0] == im.size[0] and bare.size[1] < im.size[1]
    s = save_svg(g, tmp_path / "b.svg")
    ET.parse(s)
    h = hedu({"d4": "black 2", "a1": "white 1"})
    scene_to_png(build_scene(h, overlays=OVERLAYS, focus="b2"), scale=1)


# ------------------------------------------------------------- canvas
class FakeCanvas:
    """Records what draw_layer does; refuses to be read from."""

    STYLE = {"fill_style", "stroke_style", "line_width", "global_alpha", "font",
             "text_align", "text_baseline", "line_cap", "line_join"}

    def __init__(self):
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name, value):
        assert name in self.STYLE, name
        self.calls.append(("set", name, value))

    def __getattr__(self, name):
        if name in FakeCanvas.STYLE:
            raise AssertionError(f"draw_layer read {name} back from the canvas")

        def record(*args, **kw):
            self.calls.append((name, args))
        return record


def test_draw_layer_batches_shapes_by_style_and_never_reads_back():
    g = dendria(BUSY)
    sc = build_scene(g, overlays=OVERLAYS, focus="f7", key=False)
    c = FakeCanvas()
    rcanvas.draw_layer(c, sc.layers["board"], scale=2)
    polys = [x[1] for x in c.calls if x[0] == "fill_polygons"]
    # all 127 cells filled in one call, outlined in one call
    assert len(polys) == 1 and len(polys[0][0]) == 127
    outlined = [x[1] for x in c.calls if x[0] == "stroke_polygons"]
    assert len(outlined) == 1 and len(outlined[0][0]) == 127
    fills = [x for x in c.calls if x[0] == "set" and x[1] == "fill_style"]
    assert len(fills) <= 3
    # coordinates are scaled: the first cell's first corner
    first = sc.layers["board"][0].points[0]
    assert tuple(polys[0][0][0][0]) == pytest.approx((first[0] * 2, first[1] * 2))
    # overlays: far fewer batches than shapes
    n = rcanvas.draw_layer(FakeCanvas(), sc.layers["overlays"], scale=2)
    assert n < len(sc.layers["overlays"]) / 3


def test_draw_layer_keeps_what_overlaps_in_order():
    # a red square, a blue one over it, then a red one elsewhere: the
    # second red may join the first only if it does not overlap the blue
    sq = lambda x, col: Polygon(((x, 0), (x + 10, 0), (x + 10, 10), (x, 10)), col, None, 0)  # noqa: E731
    plan = rcanvas.plan([sq(0, "#ff0000"), sq(5, "#0000ff"), sq(50, "#ff0000")], 1)
    assert [(k[1], len(v)) for k, v in plan] == [("#ff0000", 2), ("#0000ff", 1)]
    plan = rcanvas.plan([sq(0, "#ff0000"), sq(5, "#0000ff"), sq(8, "#ff0000")], 1)
    assert [(k[1], len(v)) for k, v in plan] == [("#ff0000", 1), ("#0000ff", 1),
                                                 ("#ff0000", 1)]


def test_draw_layer_on_a_real_ipycanvas_canvas():
    ipycanvas = pytest.importorskip("ipycanvas")
    g = hedu({"d4": "black 2", "a1": "white 1"})
    g.set_annotations({"marks": {"b2": "x"}, "arrows": [["a1", "d4"]]})
    sc = build_scene(g, overlays=OVERLAYS, focus="b2", hover="c3", targets=["c3"])
    canvas = ipycanvas.Canvas(width=int(sc.width * 2), height=int(sc.height * 2))
    with ipycanvas.hold_canvas():
        for name in sc.layers:
            rcanvas.draw_layer(canvas, sc.layers[name], scale=2)
    assert rcanvas.draw_scene(canvas, sc) > 0


class PillowCanvas:
    """A stand-in for ipycanvas.Canvas that paints with Pillow (no dashes,
    no bold), to check that draw_layer's batches paint what the scene says."""

    def __init__(self, w, h, bg):
        from PIL import Image, ImageDraw
        self.im = Image.new("RGB", (w, h), bg)
        self.d = ImageDraw.Draw(self.im, "RGBA")
        self.state = {"fill_style": "#000000", "stroke_style": "#000000", "line_width": 1,
                      "global_alpha": 1.0, "font": "10px sans", "text_align": "center"}

    def __setattr__(self, name, value):
        if name in ("im", "d", "state"):
            object.__setattr__(self, name, value)
        else:
            self.state[name] = value

    def _c(self, key):
        col = self.state[key]
        rgb = tuple(int(col[k:k + 2], 16) for k in (1, 3, 5))
        return rgb + (round(255 * self.state["global_alpha"]),)

    def _w(self):
        return max(1, round(self.state["line_width"]))

    def set_line_dash(self, d):
        pass

    def clear(self):
        pass

    def fill_rect(self, x, y, w, h):
        self.d.rectangle((x, y, x + w, y + h), fill=self._c("fill_style"))

    def fill_polygon(self, pts):
        self.d.polygon([tuple(p) for p in pts], fill=self._c("fill_style"))

    def fill_polygons(self, polys):
        for p in polys:
            self.fill_polygon(p)

    def stroke_polygon(self, pts):
        pts = [tuple(p) for p in pts]
        self.d.line(pts + pts[:1], fill=self._c("stroke_style"), width=self._w(), joint="curve")

    def stroke_polygons(self, polys):
        for p in polys:
            self.stroke_polygon(p)

    def stroke_lines(self, pts):
        self.d.line([tuple(p) for p in pts], fill=self._c("stroke_style"), width=self._w(),
                    joint="curve")

    def stroke_line_segments(self, polys):
        for p in polys:
            self.stroke_lines(p)

    def fill_circles(self, xs, ys, rs):
        for x, y, r in zip(xs, ys, rs):
            self.d.ellipse((x - r, y - r, x + r, y + r), fill=self._c("fill_style"))

    def stroke_circles(self, xs, ys, rs):
        h = self.state["line_width"] / 2
        for x, y, r in zip(xs, ys, rs):
            self.d.ellipse((x - r - h, y - r - h, x + r + h, y + r + h),
                           outline=self._c("stroke_style"), width=self._w())

    def _font(self):
        from PIL import ImageFont
        return ImageFont.load_default(size=round(float(self.state["font"].split("px")[0]
                                                       .split()[-1])))

    def stroke_text(self, t, x, y):
        c = self._c("stroke_style")
        self.d.text((x, y), t, font=self._font(), anchor="mm", fill=c,
                    stroke_width=round(self.state["line_width"] / 2), stroke_fill=c)

    def fill_text(self, t, x, y):
        anchor = {"left": "lm", "right": "rm"}.get(self.state["text_align"], "mm")
        self.d.text((x, y), t, font=self._font(), anchor=anchor, fill=self._c("fill_style"))


def test_canvas_batches_paint_the_same_picture_as_the_png():
    from PIL import ImageChops, ImageStat
    g = dendria(BUSY)
    g.set_annotations({"marks": {"e6": "A"}, "arrows": [["e5", "c5"]]})
    # (the key is left out: its many small texts differ between the two
    # text rasterizers more than any misordered batch would)
    sc = build_scene(g, overlays=OVERLAYS, focus="f7", selected="e5", targets=["d4"],
                     hover="g7", key=False)
    c = PillowCanvas(round(sc.width * 2), round(sc.height * 2), sc.background)
    rcanvas.draw_scene(c, sc, 2)
    ref = scene_to_image(sc, 2, supersample=1)
    diff = ImageStat.Stat(ImageChops.difference(c.im, ref)).mean
    # dashes and bold letters differ; a batch painted out of order (fills
    # over outlines) gives a mean difference near 6
    assert max(diff) < 2, diff


def test_board_outline_never_breaks_into_a_chord():
    """The border is built from hex edges: every step of every loop is one
    edge long (radius R), at any radius; a hexagon of side N has a single
    loop of 6(2N-1) edges. (Rounded float keys once broke the loop at some
    radii and closed the pieces with a straight chord across the board.)"""
    import math
    import random

    from dendria_widget import Board
    from dendria_widget.boards import preset
    from dendria_widget.render.scene import board_geometry

    rng = random.Random(7)
    boards = [Board.hexagon(n) for n in range(2, 10)] + [preset("lakes-13"), preset("ponds-19")]
    for board in boards:
        for radius in [24, 31.89] + [rng.uniform(8, 40) for _ in range(25)]:
            geo = board_geometry(board, radius)
            for loop in geo.outline:
                assert loop[0] == loop[-1]
                for (x0, y0), (x1, y1) in zip(loop, loop[1:]):
                    assert abs(math.hypot(x1 - x0, y1 - y0) - radius) < 1e-6 * radius
            if board.spec["shape"] == "hexagon":
                n = board.spec["size"]
                assert [len(loop) - 1 for loop in geo.outline] == [6 * (2 * n - 1)]


# ------------------------------------------------------------- themes
def test_every_theme_keeps_every_text_readable():
    from dendria_widget.render.theme import THEMES, contrast
    assert set(THEMES) == {"light", "dark", "high-contrast"}
    for name, theme in THEMES.items():
        for what, fg, bg in theme.text_pairs():
            assert contrast(fg, bg) >= 4.5, (name, what, fg, bg)


@pytest.mark.parametrize("name", ["light", "dark", "high-contrast"])
def test_scenes_write_text_only_in_the_themes_readable_pairs(name):
    from dendria_widget.render.theme import THEMES
    theme = THEMES[name]
    allowed = {fg for _, fg, _ in theme.text_pairs()}
    g = dendria(BUSY, power_rule=True)
    g.set_annotations({"marks": {"e6": "A"}, "arrows": [["e5", "c5"]]})
    h = Game.from_position("hedu h5 b21w12/1w23b1/w2b2b13w1/5w12/2w1b14b1/"
                           "w1w1b1b11w1w11/2b12w1b1/w11b12b1/b12w1b1 black prisoners=1,0")
    for game, focus in ((g, "f7"), (h, "g2")):
        sc = build_scene(game, overlays=OVERLAYS, focus=focus, theme=name)
        assert sc.background == theme.background
        for s in sc.shapes():
            if isinstance(s, Text):
                assert s.fill in allowed, (s.tag, s.fill)
    assert build_scene(g, theme=theme).background == theme.background


def test_a_dark_theme_is_dark_and_unknown_themes_are_named():
    from dendria_widget.render.theme import DARK_THEME, luminance
    sc = build_scene(dendria(BUSY), theme="dark")
    assert luminance(sc.background) < 0.05 and luminance(DARK_THEME.cell) < 0.2
    with pytest.raises(DendriaError, match="unknown theme 'sepia'"):
        build_scene(dendria(BUSY), theme="sepia")


def test_a_theme_from_jupyterlabs_css_variables():
    from dendria_widget.render.theme import (DARK_THEME, DEFAULT_THEME, contrast, css_colour,
                                             theme_from_css)
    assert css_colour("white") == "#ffffff" and css_colour("#FFF") == "#ffffff"
    assert css_colour("rgba(255, 255, 255, 1)") == "#ffffff"
    assert css_colour("rgb(17 17 17)") == "#111111" and css_colour("#11111180") == "#111111"
    assert css_colour("var(--md-grey-900)") is None and css_colour(None) is None
    # JupyterLab's own light and dark values
    light = theme_from_css({"--jp-layout-color0": "white",
                            "--jp-ui-font-color0": "rgba(0, 0, 0, 1)",
                            "--jp-ui-font-family": "system-ui, sans-serif"})
    assert light.cell == DEFAULT_THEME.cell and light.background == "#ffffff"
    assert light.font == "system-ui, sans-serif" and light.key_text == "#000000"
    dark = theme_from_css({"jp-layout-color0": "#111111",
                           "jp-ui-font-color0": "rgba(255, 255, 255, 1)"})
    assert dark.cell == DARK_THEME.cell and dark.background == "#111111"
    assert dark.key_text == "#ffffff"
    # a font colour that would not read is not taken
    grey = theme_from_css({"--jp-layout-color0": "#777777", "--jp-ui-font-color0": "#808080"})
    for what, fg, bg in grey.text_pairs():
        assert contrast(fg, bg) >= 4.5, what
    assert theme_from_css({}) == DEFAULT_THEME
    # the page's theme attributes, as JupyterLab sets them on the body
    from dendria_widget.render.theme import HIGH_CONTRAST
    assert theme_from_css({"theme-light": "false"}) == DARK_THEME
    assert theme_from_css({"theme-name": "JupyterLab High Contrast"}) == HIGH_CONTRAST
    with pytest.raises(DendriaError):
        theme_from_css("dark")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_placed_stack_is_solid_and_the_stacks_taken_off_are_dashed_ghosts(theme):
    """After a placement that takes prisoners (the puzzle trainer's first
    'prisoners' puzzle): the stack placed is drawn in its colour at full
    opacity, with its height; each stack taken off leaves a ghost that
    cannot be taken for a stack: a faint fill, a dashed outline, no number
    and no inner ring."""
    from dendria_widget.render.theme import resolve_theme
    from dendria_widget.session import BoardSession

    game = Game.from_position("hedu h4 4/2b2b21/1b2w2w1b11/1w22w1w11/b22w2b21/1w1w21w2/1b1w1b1 "
                              "black prisoners=4,4")
    s = BoardSession(game)
    s.set_hover("d4")
    s.click("d4")
    assert game.pieces["d4"] == "black 2"
    th = resolve_theme(theme)
    sc = s.scene(theme)
    shapes = [sh for layer in sc.layers.values() for sh in layer]
    placed = [sh for sh in shapes if (sh.tag or "").startswith("piece:d4:")]
    assert placed and all(sh.alpha == 1 and sh.dash is None for sh in placed)
    assert placed[0].fill == th.piece_fill[0]
    assert any(isinstance(sh, Text) and sh.tag == "height:d4:2" for sh in shapes)
    assert not any(sh.tag == "preview:place:d4" for sh in shapes)   # no preview over it
    left = sorted({sh.tag.split(":")[1] for sh in shapes
                   if (sh.tag or "").startswith("changed:") and sh.tag.endswith(":left")})
    assert len(left) == 2 and "d4" not in left
    for cell in left:
        ghost = [sh for sh in sc.layers["pieces"] if sh.tag == f"changed:{cell}:left"]
        fills = [sh for sh in ghost if sh.fill]
        outlines = [sh for sh in ghost if sh.stroke]
        assert fills and all(sh.alpha <= th.ghost_alpha / 2 for sh in fills), cell
        assert outlines and all(sh.dash and not sh.fill for sh in outlines), cell
        assert not [sh for sh in sc.layers["pieces"]
                    if (sh.tag or "").endswith(":" + cell) or f":{cell}:" in (sh.tag or "")
                    if sh.tag != f"changed:{cell}:left" and not sh.tag.startswith("last:")]
