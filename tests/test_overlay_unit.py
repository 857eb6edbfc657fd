"""An overlay is one registered unit (dendria_widget/render/overlays/): its
words, facts, drawing, caption and key in one class. An overlay written
here, in this one file, appears in the scene, in the key below the board,
in the overlay names, in the game's overlay list and as a button of the
board widget's Explain tab -- and is gone once unregistered."""

import pytest

from dendria_widget import BoardWidget, DendriaError, Game
from dendria_widget.render import overlays
from dendria_widget.render.overlays import OverlayUnit, offered, offered_names, register
from dendria_widget.render.scene import (KEY_SAMPLE, OVERLAYS, Circle, build_scene,
                                         legend_entries)
from dendria_widget.render.svg import scene_to_svg
from dendria_widget.session import BoardSession


class Plantable(OverlayUnit):
    """Every plot where the side to move may plant now (the engine's legal
    steps), ringed."""
    name, family, label, scope = "plantable", "dendria", "Where to {plant}", "board"
    tooltip = "every {soil} where the side to move may {plant} now"
    entries_of = (("plot", "a {soil} to {plant} on"),)

    def draw(self, b, game, focus, shown):
        cells = sorted(str(s.arg) for s in game.legal_steps() if s.verb == "plant")
        for name in cells:
            x, y = b.geo.center[b.geo.ids[name]]
            b.over_l.append(Circle(x, y, 0.6 * b.R, None, b.t.sight, 2.0,
                                   tag="plantable:" + name, legend="plantable:plot"))
        return f"{len(cells)} {game.variant.plots_word(len(cells))} to choose from."

    def sample(self, b, entry, x, y, out):
        out.append(Circle(x, y, 0.6 * KEY_SAMPLE, None, b.t.sight, 2.0))


@pytest.fixture
def plantable():
    unit = register(Plantable())
    try:
        yield unit
    finally:
        overlays.unregister("plantable")


def test_a_new_overlay_is_drawn_keyed_and_offered(plantable):
    g = Game("dendria-classic", size=4)
    g.play("plant c3", "end")
    legal = sorted(str(s.arg) for s in g.legal_steps() if s.verb == "plant")
    assert legal
    assert "plantable" in OVERLAYS and "plantable" in list(OVERLAYS)
    # offered in the edition's words (the sprites edition sows on plots)
    sprites = Game("dendria-sprites", size=4).variant
    mine = {o.name: o for o in offered(sprites)}["plantable"]
    assert (mine.label, mine.tooltip) == ("Where to sow",
                                          "every plot where the side to move may sow now")
    assert legend_entries(sprites)["plantable"] == (("plot", "a plot to sow on"),)
    assert "plantable" in offered_names(g.variant)
    sc = build_scene(g, overlays={"plantable"}, width=400)
    drawn = sorted(s.tag.split(":")[1] for s in sc.find("plantable", "overlays"))
    assert drawn == legal                            # the engine's facts, drawn
    assert ("plantable", "plot", "a soil to plant on") in sc.key
    assert sc.captions["plantable"] == f"{len(legal)} soils to choose from."
    assert sc.find("key:plantable:plot") and sc.find("caption:plantable")
    assert 'data-tag="key:plantable:plot"' in scene_to_svg(sc)
    # Hedu does not offer it; Dendria's own overlays are still there
    h = Game("hedu", size=4)
    assert "plantable" not in offered_names(h.variant)
    assert not build_scene(h, overlays={"plantable"}).find("plantable")
    assert {"roots", "nutrients"} <= offered_names(g.variant)


def test_a_new_overlay_is_a_button_of_the_board_widget(plantable):
    g = Game("dendria-classic", size=4)
    w = BoardWidget(g)
    button = w.explain_tab.overlay_buttons["plantable"]
    assert button.description == "Where to plant"
    button.value = True
    assert "plantable" in w.session.overlays
    assert w.scene().find("plantable")
    s = BoardSession(g.copy(), overlays=["plantable"])
    assert "plantable" in s.overlays


def test_unregistered_it_is_gone_and_names_are_checked():
    unit = register(Plantable())
    with pytest.raises(DendriaError, match="already"):
        register(Plantable())
    overlays.unregister("plantable")
    assert unit.name not in OVERLAYS
    assert "plantable" not in offered_names(Game("dendria-classic").variant)
    with pytest.raises(DendriaError, match="unknown overlay"):
        build_scene(Game("dendria-classic", size=4), overlays={"plantable"})
    with pytest.raises(DendriaError, match="no overlay"):
        overlays.unregister("plantable")


def test_the_scene_names_no_overlay_and_each_built_in_overlay_is_its_own_file():
    # the scene builder knows no overlay by name: every overlay's facts,
    # shapes, caption and key live in its own unit file, and no other file
    # of the render layer writes its tags' or key entries' names
    import re
    import sys
    from pathlib import Path

    from dendria_widget.render import scene

    render = Path(scene.__file__).parent
    files = {p: p.read_text() for p in [*render.glob("*.py"), *render.glob("overlays/*.py")]}
    scene_src = files[Path(scene.__file__)]
    built_in = [u for u in overlays.units() if type(u).__module__.startswith("dendria_widget.")]
    assert len(built_in) == 9
    for u in built_in:
        assert not re.search(rf"\b{u.name}\b", scene_src, re.I), \
            f"render/scene.py names the overlay {u.name!r}"
        own = Path(sys.modules[type(u).__module__].__file__)
        assert own.stem == u.name, f"{u.name} lives in {own.name}"
        # its legends ("roots:edge") are written in its own file only
        legend = re.compile(rf"""["']{u.name}:""")
        assert legend.search(files[own]), f"{own.name} writes no {u.name}: legend"
        assert [p.name for p, src in files.items() if legend.search(src)] == [own.name]
        # it draws and captions itself (no caption function elsewhere)
        assert f"def {u.name}_caption(" in files[own]
