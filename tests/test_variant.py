"""The per-ruleset description object (rules/variant.py): each edition's
words, and ideas that follow the option values rather than the ruleset name."""

import random

import pytest

from dendria_widget import Game
from dendria_widget.explain import explain_cell
from dendria_widget.render.overlays import offered, offered_names
from dendria_widget.render.scene import OVERLAYS, build_scene
from dendria_widget.rules.variant import (VARIANTS, DendriaClassic, DendriaSprites, Hedu,
                                          variant_for)

RULESETS = ("dendria-classic", "dendria-sprites", "hedu")
REPR_BITS = ("[", "]", "{", "}", "None", "True", "False")


def test_each_edition_has_its_own_words():
    c, s, h = (Game(r).variant for r in RULESETS)
    assert (type(c), type(s), type(h)) == (DendriaClassic, DendriaSprites, Hedu)
    assert (c.verb_word("plant"), c.kind_word("dendrid"), c.plot_word) == ("plant", "dendrid",
                                                                           "soil")
    assert (s.verb_word("plant"), s.kind_word("dendrid"), s.plot_word) == ("sow", "sprite",
                                                                           "plot")
    assert (h.verb_word("place"), h.kind_word("stack"), h.plot_word) == ("place", "stack",
                                                                         "plot")
    assert s.verb("plant").ing == "sowing" and c.verb("plant").ing == "planting"
    assert s.kind_word("dendrid", 2) == "sprites" and c.plots_word() == "soils"
    assert s.piece_words("dark dendrid") == "dark sprite"
    assert c.piece_words("dark dendrid") == "dark dendrid"
    assert h.piece_words("white 2") == "white stack of 2"
    assert c.colours == ("dark", "light") and h.colours == ("black", "white")
    assert h.colour_word("black") == "Black" and h.colour_index("white") == 1
    assert (c.title, s.title, h.title) == ("Dendria, classic edition",
                                           "Dendria, sprites edition", "Hedu")
    # the sprites edition never says plant, dendrid or soil in its own texts
    # ("fertile soils" is the rules' term in both editions)
    for text in [o.tooltip for o in offered(s)] + [s.phase_words(p) for p in
                                                   ("turn", "plant", "opening")]:
        text = text.replace("fertile soil", "fertile")
        assert "plant" not in text and "dendrid" not in text and " soil" not in text, text


def test_ideas_follow_the_option_values_not_the_ruleset_name():
    classic = Game("dendria-classic").variant
    assert not classic.power and not classic.protection
    assert "power" not in offered_names(classic)
    powered = Game("dendria-classic", power_rule=True).variant
    assert powered.power and "power" in offered_names(powered)
    assert isinstance(powered, DendriaClassic)       # still the classic words
    assert powered.verb_word("plant") == "plant"
    sprites = Game("dendria-sprites").variant
    assert sprites.power and sprites.protection and sprites.enclosed_sight
    tame = Game("dendria-sprites", power_rule=False, capture="fertilized").variant
    assert not tame.power and not tame.protection and "power" not in offered_names(tame)
    assert Game("dendria-classic", capture="unprotected").variant.protection
    # the phase after a plant names the grow only when the rules allow it
    assert "grow" in classic.phase_words("plant")
    assert "grow" not in sprites.phase_words("plant")
    assert "grow" not in Game("dendria-classic", grow_after_plant="none").variant.phase_words(
        "plant")


def test_one_overlay_list_per_ruleset_with_labels_and_tooltips():
    for r in RULESETS:
        v = Game(r).variant
        names = [o.name for o in offered(v)]
        assert names and len(names) == len(set(names))
        assert set(names) <= set(OVERLAYS)
        for o in offered(v):
            assert o.label and o.tooltip and o.scope in ("focus", "board", "both")
            assert not any(bit in o.tooltip for bit in REPR_BITS), o.tooltip
    assert "annotations" in OVERLAYS and "nonsense" not in OVERLAYS
    every = {o.name for cls in VARIANTS.values() for o in
             offered(cls(Game(cls.ruleset).rules))} | {"annotations"}
    assert every == set(OVERLAYS)


def test_the_palette_holds_pieces_of_the_notation_in_the_editions_words():
    for r in RULESETS:
        g = Game(r)
        v = g.variant
        assert v.palette[0][0] == "remove"
        cells = [g.board.name(i) for i in g.board.plots]
        pieces = {cells[k]: value for k, (value, _) in enumerate(v.palette[1:])}
        pos = Game.from_position({"to_move": v.colours[0], "pieces": pieces}, rules=r)
        assert pos.pieces == pieces          # every palette value is a real piece
        for value, label in v.palette[1:]:
            assert label == v.piece_words(value) or r == "hedu"
    assert ("dark dendrid", "dark sprite") in Game("dendria-sprites").variant.palette


def test_the_variant_is_shared_by_equal_rules():
    a, b = Game("dendria-sprites", size=5), Game("dendria-sprites", size=5)
    assert a.variant is b.variant is variant_for(a.rules)
    assert Game("dendria-sprites", size=5, power_rule=False).variant is not a.variant


def test_classic_details_never_mention_power_or_protection():
    rng = random.Random(3)
    for r, power in (("dendria-classic", False), ("dendria-sprites", True)):
        g = Game(r, size=5)
        while g.phase != "turn":
            g.play(rng.choice(g.legal_steps()))
        for _ in range(60):
            steps = g.legal_steps()
            if not steps:
                break
            g.play(rng.choice(steps))
        for name in g.pieces:
            facts = explain_cell(g, name)
            assert ("power" in facts) == power
            grp = facts.get("group", {})
            if grp.get("kind") == "forest":
                assert ("protected" in grp) == power
        # the classic board never draws power, even when asked
        sc = build_scene(g, overlays=("power",))
        assert bool(sc.find("power", "overlays")) == power


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_phase_reached_has_words(ruleset):
    rng = random.Random(7)
    v = Game(ruleset).variant
    seen = set()
    for seed in range(4):
        rng.seed(seed)
        g = Game(ruleset, size=4)
        for _ in range(80):
            seen.add(g.phase)
            steps = g.legal_steps()
            if not steps:
                break
            g.play(rng.choice(steps))
        seen.add(g.phase)
    for phase in seen:
        words = v.phase_words(phase)
        assert words != phase and not any(b in words for b in REPR_BITS), phase
