"""The overlays teach: each one has a key drawn with it that lists exactly
the symbols it draws, a caption in words, focus overlays follow the focus,
overlays lie under what they explain, and every text is readable."""

import html
import math
import random

import pytest

from dendria_widget import Game
from dendria_widget.render.png import scene_to_png
from dendria_widget.render.scene import (KEY_LINE, KEY_PAD, KEY_TEXT, MIN_TEXT, Circle, Line,
                                         Text, build_scene, caption_lines, key_height,
                                         legend_entries, text_width)
from dendria_widget.render.svg import scene_to_svg
from dendria_widget.render.overlays import offered, offered_names
from test_render import BUSY, dendria

RULESETS = ("dendria-classic", "dendria-sprites", "hedu")
REPR_BITS = ("[", "]", "{", "}", "None", "True", "False")


def random_game(ruleset, seed, steps=40, **kw):
    rng = random.Random(seed)
    g = Game(ruleset, **kw)
    for _ in range(steps):
        legal = g.legal_steps()
        if not legal:
            break
        g.play(rng.choice(legal))
    return g


def positions():
    """A few random positions of every ruleset, boards of every kind."""
    out = []
    for k, ruleset in enumerate(RULESETS):
        for seed in range(3):
            out.append(random_game(ruleset, 10 * k + seed, steps=15 + 25 * seed, size=5))
    out.append(random_game("dendria-sprites", 5, steps=40, board="flower-13"))
    return out


POSITIONS = positions()


def focus_cells(g, rng, n=4):
    names = [g.board.name(i) for i in g.board.plots]
    occupied = list(g.pieces)
    return [None] + rng.sample(names, n) + rng.sample(occupied, min(n, len(occupied)))


def board_legends(sc):
    return {s.legend for s in sc.shapes() if s.legend is not None}


def test_each_overlays_key_lists_exactly_the_symbols_it_draws():
    rng = random.Random(1)
    seen = set()
    for g in POSITIONS:
        entries = legend_entries(g.variant)
        for o in offered(g.variant):
            for focus in focus_cells(g, rng, 2):
                sc = build_scene(g, overlays={o.name}, focus=focus, width=480)
                drawn = board_legends(sc)
                listed = {f"{ov}:{e}" for ov, e, _ in sc.key}
                assert drawn == listed, (g.position_string(), o.name, focus)
                assert all(ov == o.name for ov, _, _ in sc.key)
                known = {f"{o.name}:{e}" for e, _ in entries[o.name]}
                assert drawn <= known
                # each entry listed has its sample and its phrase in the key
                for ov, e, phrase in sc.key:
                    assert sc.find(f"key:{ov}:{e}", "overlays")
                    (t,) = sc.find(f"key-text:{ov}:{e}")
                    assert t.text == phrase
                seen |= drawn
    # the random positions reach most symbols (the rest have hand-made tests)
    assert len(seen) >= 20, sorted(seen)


def test_every_symbol_of_every_key_can_be_drawn():
    # hand-made positions where each key entry's symbol appears (BUSY: every
    # kind of conversion for dark; the Hedu one: a placement that removes a
    # stack, makes others shrink and grow)
    classic = dendria(BUSY, power_rule=True)
    hedu = Game.from_position("hedu h5 b21w12/1w23b1/w2b2b13w1/5w12/2w1b14b1/"
                              "w1w1b1b11w1w11/2b12w1b1/w11b12b1/b12w1b1 black prisoners=1,0")
    drawn = set()
    for g in (classic, hedu):
        names = [g.board.name(i) for i in g.board.plots]
        for o in offered(g.variant):
            for focus in [None] + names:
                drawn |= board_legends(build_scene(g, overlays={o.name}, focus=focus))
    for g in POSITIONS:
        drawn |= board_legends(build_scene(g, overlays=offered_names(g.variant)))
    every = {f"{ov}:{e}" for v in (classic.variant, hedu.variant)
             for ov, es in legend_entries(v).items() for e, _ in es}
    missing = every - drawn
    assert not missing, sorted(missing)


def test_captions_are_sentences_in_words_and_texts_hold_no_python_data():
    rng = random.Random(2)
    for g in POSITIONS:
        for focus in focus_cells(g, rng, 3):
            sc = build_scene(g, overlays=set(offered_names(g.variant)) | {"annotations"},
                             focus=focus, width=520)
            assert set(sc.captions) == set(offered_names(g.variant))
            for name, cap in sc.captions.items():
                assert cap.endswith(".") and len(cap) > 12, (name, cap)
                assert not any(b in cap for b in REPR_BITS), (name, cap)
            for s in sc.shapes():
                if isinstance(s, Text):
                    assert not any(b in s.text for b in REPR_BITS), s.text
            # the classic edition never speaks of power or protection
            if g.ruleset == "dendria-classic":
                words = " ".join(sc.captions.values()) + " ".join(p for _, _, p in sc.key)
                assert "power" not in words.lower() and "protect" not in words.lower()
            if g.ruleset == "dendria-sprites":
                words = " ".join(sc.captions.values()) + " ".join(p for _, _, p in sc.key)
                assert "dendrid" not in words and "plant" not in words


def test_nothing_can_be_converted_now_says_why():
    # a lone light seed that sees the edge: hungry, nothing to convert
    g = Game.from_position({"to_move": "dark", "pieces": {"c3": "light seed"}},
                           rules={"ruleset": "dendria-classic",
                                  "board": {"shape": "hexagon", "size": 3}})
    sc = build_scene(g, overlays={"conversions"})
    assert not sc.find("sprout") and not sc.key
    cap = sc.captions["conversions"]
    assert cap.startswith("Nothing can be converted now: ") and "hungry" in cap
    # focused on the seed, its own reason
    sc = build_scene(g, overlays={"conversions"}, focus="c3")
    assert "c3" in sc.captions["conversions"] and "hungry" in sc.captions["conversions"]
    # an empty board: no seed and no forest
    empty = Game("dendria-classic", size=3, opening="none")
    cap = build_scene(empty, overlays={"conversions"}).captions["conversions"]
    assert cap == "Nothing can be converted now: there is no seed and no forest of " \
                  "light's on the board."


def test_the_key_keeps_its_height_while_the_game_is_played():
    # its height depends on the rules, the overlays shown and the width only
    for ruleset in RULESETS:
        v = Game(ruleset).variant
        shown = [o.name for o in offered(v)]
        heights = set()
        for seed in range(3):
            g = random_game(ruleset, seed, steps=10 * seed, size=5)
            sc = build_scene(g, overlays=shown, focus=g.board.name(g.board.plots[seed]),
                             width=500)
            heights.add(round(sc.height - sc.board_height, 6))
            assert sc.height - sc.board_height == pytest.approx(key_height(v, shown, sc.width))
        assert len(heights) == 1
        # no overlay, no key
        sc = build_scene(Game(ruleset), width=500)
        assert sc.height == sc.board_height and not sc.key


@pytest.mark.parametrize("width", [160, 260, 380, 540, 900])
def test_no_text_under_11_px_at_any_width(width):
    for g in POSITIONS[::2] + [Game("dendria-sprites", board="flower-13")]:
        g.set_annotations({"marks": {g.board.name(g.board.plots[0]): "A"}, "arrows": []})
        for names in ("border", "inside"):
            sc = build_scene(g, overlays=set(offered_names(g.variant)) | {"annotations"},
                             focus=g.board.name(g.board.plots[len(g.board.plots) // 2]),
                             width=width, cell_names=names)
            sizes = [s.size for s in sc.shapes() if isinstance(s, Text)]
            assert sizes and min(sizes) >= MIN_TEXT


def test_cell_names_inside_the_cells_above_the_pieces():
    g = random_game("dendria-sprites", 3, steps=30, board="flower-13")
    sc = build_scene(g)                       # inside by default on a modular board
    names = sc.find("name")
    inside = [s for s in names if not s.tag.startswith("name:row")]
    assert {s.text for s in inside} == {g.board.name(i) for i in g.board.plots}
    layer = sc.layers["pieces"]
    last_piece = max(k for k, s in enumerate(layer) if s.tag and s.tag.startswith("piece"))
    assert all(layer.index(s) > last_piece for s in inside)   # drawn over the pieces
    assert all(s.halo for s in inside)
    for s in inside:
        assert sc.cell_at(s.x, s.y) == s.text
    # hexagon boards: names round the border unless asked
    h = Game("dendria-classic", size=5)
    assert not [s for s in build_scene(h).find("name") if s.tag.count(":") == 1]
    assert len([s for s in build_scene(h, cell_names="inside").find("name")
                if s.tag.count(":") == 1]) == len(h.board.plots)
    assert not build_scene(h, cell_names="none").find("name")


def test_roots_lie_under_the_pieces_and_end_at_the_rims():
    g = Game.from_position({"to_move": "dark", "pieces": {
        "c3": "dark seed", "c5": "light tree", "a3": "dark dendrid", "e1": "light seed"}},
        rules={"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}})
    sc = build_scene(g, overlays={"roots"}, focus="c3")
    t = sc.layers["pieces"]
    first_piece = min(k for k, s in enumerate(t) if s.tag and s.tag.startswith("piece"))
    lines = [s for s in sc.find("root:c3") if isinstance(s, Line)]
    assert lines and all(s in t[:first_piece] for s in lines)
    R = 24.0
    rims = {"seed": 0.30 * R, "tree": 0.70 * R, "dendrid": 0.80 * R}
    for ln in lines:
        if ln.legend == "roots:root":
            end = ln.points[-1]
            nour = sc.cell_at(*end)
            kind = g.pieces[nour].split()[1]
            assert math.dist(end, sc.center(nour)) >= rims[kind] - 1e-6
        assert math.dist(ln.points[0], sc.center("c3")) >= rims["seed"] - 1e-6


def test_marks_lie_under_the_overlays_and_arrows_on_top():
    g = Game.from_position({"to_move": "dark", "pieces": {"c3": "light seed"}},
                           rules={"ruleset": "dendria-classic",
                                  "board": {"shape": "hexagon", "size": 3}})
    g.set_annotations({"marks": {"c3": "A"}, "arrows": [["a1", "c3"]]})
    sc = build_scene(g, overlays={"nutrients", "annotations"})
    layer = sc.layers["overlays"]
    marks = [layer.index(s) for s in sc.find("mark") + sc.find("mark-label")]
    badges = [layer.index(s) for s in sc.find("nourishers:c3")]
    arrows = [layer.index(s) for s in sc.find("arrow")]
    assert max(marks) < min(badges) and max(badges) < min(arrows)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_keys_are_drawn_by_every_backend(ruleset, tmp_path):
    g = random_game(ruleset, 9, steps=25, size=5)
    sc = build_scene(g, overlays=offered_names(g.variant),
                     focus=g.board.name(g.board.plots[7]), width=420)
    svg = scene_to_svg(sc)
    for ov, e, phrase in sc.key:
        assert f'data-tag="key:{ov}:{e}"' in svg and phrase.replace("'", "&#x27;") in svg \
            or phrase in svg
    for name in sc.captions:
        assert f'data-tag="caption:{name}"' in svg
    png = scene_to_png(sc, scale=1)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    from dendria_widget.render import canvas as rcanvas
    batches = rcanvas.plan(sc.layers["overlays"])
    texts = [item[0] for key, items in batches if key[0] == "tx" for item in items]
    for _, _, phrase in sc.key:
        assert phrase in texts


# ---------------------------------------------------------- changed pieces
@pytest.mark.parametrize("ruleset", RULESETS)
def test_changed_marks_match_the_engines_effects_of_each_step(ruleset):
    from dendria_widget.explain.sentences import change_sentence, net_changes
    rng = random.Random(5)
    g = Game(ruleset, size=4)
    seen = set()
    for _ in range(160):
        legal = g.legal_steps()
        if not legal:
            break
        before = dict(g.pieces)
        pris = g.position().get("prisoners")
        step = rng.choice(legal)
        g.play(step)
        net = net_changes(g.last_effects())
        # the effects are exactly what changed on the board
        now = g.pieces
        assert {c for c in set(before) | set(now) if before.get(c) != now.get(c)} == set(net)
        sc = build_scene(g)
        marks = {s.tag for s in sc.find("changed") if isinstance(s, Circle)}
        expect = {f"changed:{c}:{'appeared' if b is None else 'left' if a is None else 'became'}"
                  for c, (b, a) in net.items()}
        assert marks == expect
        assert set(sc.changed) == set(net)
        text = change_sentence(g)
        if net:
            seen.add(step.verb)
            assert text and text.endswith(".")
            assert not any(b in text for b in REPR_BITS), text
            for c in net:
                assert c in text or "\u2013" in text   # a group is named by its span
            if pris is not None:
                gained = {c: g.position()["prisoners"][c] - pris[c] for c in pris}
                for c, n in gained.items():
                    assert (n > 0) == (f"{c.capitalize()} takes" in text), (text, gained)
        else:
            assert text is None
        assert not build_scene(g, changes=False).find("changed")
    assert seen >= ({"place"} if ruleset == "hedu" else {"plant", "slide", "sprout"})


def test_change_sentences_in_the_editions_words():
    from dendria_widget.explain.sentences import change_sentence
    rules = {"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}}
    g = Game.from_position({"to_move": "dark", "pieces": {"a1": "dark dendrid"}}, rules=rules)
    g.play("plant c1")
    assert change_sentence(g) == "Plant c1: a dark seed now stands on c1."
    s = Game.from_position({"to_move": "dark", "pieces": {"a1": "dark dendrid"}},
                           rules={**rules, "ruleset": "dendria-sprites"})
    s.play("plant c1")
    assert change_sentence(s) == "Sow c1: a dark seed now stands on c1."
    g.play("end")
    assert change_sentence(g) is None
    # a step's own effects, given after the game moved on
    g.undo()
    effects = g.last_effects()
    g.play("end")
    assert change_sentence(g, g.steps[-2], effects) == "Plant c1: a dark seed now stands on c1."
    # growths and captures in random games: the group named by its span,
    # its new kind and size
    found = set()
    for seed in range(30):
        rng = random.Random(seed)
        r = Game("dendria-classic", size=4)
        for _ in range(300):
            legal = r.legal_steps()
            if not legal or found >= {"grow", "capture"}:
                break
            convert = [x for x in legal if x.verb in ("grow", "capture")]
            step = convert[0] if convert else rng.choice(legal)
            before = dict(r.pieces)
            r.play(step)
            if step.verb in ("grow", "capture"):
                text = change_sentence(r)
                old = before[step.arg].split()[0]
                kind = "seedbed" if step.verb == "grow" else "forest"
                n = len(r.group_at(step.arg))
                assert text.startswith(f"{step.verb.capitalize()}: the {old} {kind} ")
                assert f"became a {r.pieces[step.arg].split()[0]} forest" in text
                assert text.endswith(f"forest of {n}."), text
                found.add(step.verb)
    assert found == {"grow", "capture"}


# ------------------------------------------------------- sentences of a cell
def test_describe_gives_sentences_in_the_editions_words_for_every_cell():
    from dendria_widget.explain import describe
    for g in POSITIONS:
        v = g.variant
        for i in g.board.plots[::3]:
            cell = g.board.name(i)
            lines = describe(g, cell)
            assert lines and all(isinstance(x, str) for x in lines)
            for line in lines:
                assert line[-1] == "." and not any(b in line for b in REPR_BITS), line
            text = " ".join(lines).lower()
            if not v.power:
                assert "power" not in text
            if not v.protection:
                assert "protect" not in text
            if v.ruleset == "dendria-sprites":
                assert "dendrid" not in text and "plant" not in text


def test_describe_takes_the_facts_and_the_slides_it_is_given():
    from dendria_widget.explain import describe, explain_cell
    g = Game.from_position("dendria-classic h4 4/5/6/7/6/5/4 dark")
    g.play("plant d4")
    facts = explain_cell(g, "d4")
    assert describe(g, "d4", facts) == describe(g, "d4")
    assert describe(g, "d4", {"cell": "d4", "piece": "dark seed"}) == ["d4 holds a dark seed."]
    assert describe(g, "a1", {"cell": "a1", "piece": None}) == ["a1 is an empty soil."]
    j = Game.from_position("dendria-classic h4 d3/5/6/7/6/5/4 dark")
    j.play("move a1", "slide a2")
    assert describe(j, "a2")[-1].endswith("one more slide reaches a3 and a4.")
    assert describe(j, "a2", slides=["a3"])[-1].endswith("one more slide reaches a3.")
    assert describe(j, "a2", slides=[])[-1].endswith("no further slide is possible.")


def test_describe_names_the_groups_touching_a_hedu_region():
    from dendria_widget.explain import describe
    h = Game.from_position({"to_move": "black", "pieces": {"a1": "black 1", "a2": "black 1",
                                                            "c3": "white 2"}},
                           rules={"ruleset": "hedu", "board": {"shape": "hexagon", "size": 3}})
    said = describe(h, "b2")
    assert "Black groups touching it: 2 stacks of height 1." in said
    assert "White groups touching it: 1 stack of height 2." in said


def test_during_a_journey_the_slides_follow_the_locked_line():
    from dendria_widget.explain import describe, explain_cell
    for seed in range(40):
        rng = random.Random(seed)
        g = Game("dendria-classic", size=5)
        for _ in range(200):
            j = g.journey
            if j is not None and j.direction is not None:
                break
            legal = g.legal_steps()
            if not legal:
                break
            g.play(rng.choice(legal))
        j = g.journey
        if j is None or j.direction is None:
            continue
        facts = explain_cell(g, j.at)
        assert facts["journey"]["direction"] == j.direction
        assert set(facts["slides"]) <= set(j.line)      # never off the line
        legal = {s.arg for s in g.legal_steps() if s.verb == "slide"}
        assert legal <= set(facts["slides"])
        last = describe(g, j.at)[-1]
        assert f"along the line {j.direction}" in last
        return
    pytest.fail("no journey with a locked line in 40 random games")


# ------------------------------------------------------ nothing is cut
#: positions (reached by random play) whose captions are the longest found
#: for each overlay: a Hedu placement that changes thirteen stacks and takes
#: a prisoner, a soil fertilized by five dendrids, the longest "nothing can be
#: converted" reason, the power rule's sentence
LONG_CAPTIONS = (
    "hedu h5 1w21w1b1/w2b31w11b1/2b21b12/1w2w31w1b11b1/b2b31b21w12w1/1b2w21w13/"
    "w1b11w11w1w1/b1b13b1/3w11 white prisoners=1,5",
    "hedu h7 7/5b12/w1w1b16/5w14/b110/7w14/4b13w11b12/12/8b12/9w1/7b11/8/7 white "
    "prisoners=0,0",
    "hedu h4 b1b21w1/w21b2w2b1/1b3b2w11w1/b2w31b1w1w2b1/1w2w2w1b11/b2w21b2w2/1b2w21 black "
    "prisoners=5,8",
    "dendria-classic h5 2SS1/S4s/3SS1s/2ss2s1/S1Sdddds1/2sddDds/2SD2d/d1DDs1/1SDsd light",
    "dendria-classic h4 2S1/5/2ss1S/3s1SD/1ss2S/2Ss1/ssS1 dark",
    "dendria-sprites h5 1SsS1/ss1S1s/s3SDS/Sd1S2S1/s1d2SS2/ss1sd1s1/S1S3s/s1s1ss/SSS2 light "
    "komi=15",
    "dendria-sprites h5 sSSs1/1s1ds1/Ss2SSS/S3DD1S/2s4DT/ssd1ddSS/1ssdd1s/1S1sss/sSSS1 dark "
    "komi=15",
)


def longest_captions():
    """(game, overlay, focus, caption) of the longest caption each overlay of
    each edition says, over the positions above and random ones, every cell
    in focus."""
    best = {}
    games = [Game.from_position(p) for p in LONG_CAPTIONS] + POSITIONS
    for g in games:
        names = [None] + [g.board.name(i) for i in g.board.plots]
        for o in offered(g.variant):
            for focus in names:
                cap = build_scene(g, overlays={o.name}, focus=focus, key=False).captions[o.name]
                k = (g.ruleset, o.name)
                if len(cap) > len(best.get(k, (None, None, None, ""))[3]):
                    best[k] = (g, o.name, focus, cap)
    return best


LONGEST = longest_captions()


def test_the_longest_captions_are_long():
    # the positions reach captions longer than any room kept for them (so
    # the test below sees a key grow) in every edition's every overlay
    assert {k[0] for k in LONGEST} == set(RULESETS)
    assert len(LONGEST[("hedu", "preview")][3]) > 500
    assert "prisoner" in LONGEST[("hedu", "preview")][3]
    assert LONGEST[("dendria-classic", "fertilization")][3].count("dendrid on") >= 5
    assert all(len(cap) > 60 for _, _, _, cap in LONGEST.values())


@pytest.mark.parametrize("width", [320, 540, 900])
def test_no_caption_is_cut_the_whole_sentence_is_in_the_scene(width):
    for (ruleset, name), (g, _, focus, cap) in sorted(LONGEST.items(), key=lambda kv: kv[0]):
        label = {o.name: o.label for o in offered(g.variant)}[name]
        for key in (True, "compact"):
            sc = build_scene(g, overlays={name}, focus=focus, width=width, key=key)
            texts = [s for s in sc.shapes() if isinstance(s, Text)]
            assert not any("\u2026" in t.text for t in texts), (ruleset, name)
            lines = sc.find(f"caption:{name}")
            # the whole sentence, in order, in lines that fit the picture
            assert " ".join(t.text for t in lines) == f"{label} \u2014 {cap}", (ruleset, name)
            assert [t.y for t in lines] == sorted(t.y for t in lines)
            usable = sc.width - 2 * KEY_PAD
            assert all(text_width(t.text, t.size) <= usable for t in lines), (ruleset, name)
            assert lines[-1].y + KEY_TEXT / 2 <= sc.height
            # the key's symbols come below the caption's last line
            phrases = [s for s in texts if (s.tag or "").startswith("key-text:")]
            assert all(p.y > lines[-1].y + KEY_TEXT / 2 for p in phrases), (ruleset, name)
            # the height: the room kept, or the lines the caption needs beyond it
            if key is True:
                need = max(0, len(lines) - caption_lines(sc.width, name)) * KEY_LINE
                assert sc.height - sc.board_height == pytest.approx(
                    key_height(g.variant, [name], sc.width) + need)
            # every backend draws the same lines
            svg = scene_to_svg(sc)
            for t in lines:
                assert html.escape(t.text, quote=False) in svg, t.text
            from dendria_widget.render import canvas as rcanvas
            drawn = [item[0] for k, items in rcanvas.plan(sc.layers["overlays"])
                     if k[0] == "tx" for item in items]
            assert all(t.text in drawn for t in lines)
    # every overlay at once: each caption whole
    for g in {id(v[0]): v[0] for v in LONGEST.values()}.values():
        sc = build_scene(g, overlays=offered_names(g.variant), width=width)
        for name, cap in sc.captions.items():
            assert cap in " ".join(t.text for t in sc.find(f"caption:{name}"))


def test_a_long_hint_key_is_wrapped_whole():
    from dendria_widget.notation import Step
    from dendria_widget.session.hint import Hint, decorate, heat_key_words, key_words
    g = POSITIONS[0]
    cells = [g.board.name(i) for i in g.board.plots]
    hint = Hint(g.version, [Step("plant", c) for c in cells[:12]],
                {"cells": {c: 1 / 12 for c in cells[:12]}, "visits": 12345}, "a long name")
    for width in (320, 540):
        sc = decorate(build_scene(g, overlays={"conversions"}, width=width), g, hint, "#ffffff")
        texts = [t.text for t in sc.find("hint-key")]
        assert " ".join(texts) == f"{key_words(hint)} {heat_key_words(hint, hint.shaded())}"
        assert not any("\u2026" in t for t in texts)
        assert max(t.y for t in sc.find("hint-key")) < sc.height
