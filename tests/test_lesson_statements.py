"""Sentences with rule words are rule statements or position statements.

A lesson sentence that says "always", "never", "must", "only", "for good",
"safe", "can't" or "cannot" carries a statement
(:mod:`dendria_widget.lessons.statements`): a **rule** statement names the
part of docs/rules.md it restates and is tested here as a property over at
least 200 random positions of each edition it claims (seeded, so every
position can be made again from its number), never on the board shown; a
**position** statement says "as the board stands" (its fields and claims
are its facts, read by ``Lesson.false_statements``) or "whatever ... does"
(every continuation of the turns it names is played by the engine).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from dendria_widget import Game
from dendria_widget.boards import random_board
from dendria_widget.explain import dendria as explain
from dendria_widget.lessons import Exercise, catalog
from dendria_widget.lessons.claims import continuations
from dendria_widget.lessons.framework import RULE_IDS
from dendria_widget.rules.dendria import PIECE_NAMES

LESSONS = catalog()
RULES_MD = open(__file__.rsplit("/tests/", 1)[0] + "/docs/rules.md", encoding="utf-8").read()
RULE_WORDS = re.compile(r"(?i)\b(always|never|must|only|for good|safe|can't|cannot)\b")
POSITIONS = 200


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def _parts(page) -> list[str]:
    parts = [page.text]
    if isinstance(page, Exercise):
        parts += [page.prompt, page.hint]
    return [p for p in parts if p]


STATEMENTS = [(le, k, s) for le in LESSONS for k, p in enumerate(le.pages) for s in p.statements]


def test_every_sentence_with_a_rule_word_carries_a_statement():
    bare = []
    for lesson in LESSONS:
        for k, page in enumerate(lesson.pages):
            for part in _parts(page):
                for sentence in _sentences(part):
                    if RULE_WORDS.search(sentence) and not any(
                            s.phrase in sentence for s in page.statements):
                        bare.append(f"{lesson.name} page {k}: {sentence}")
    assert not bare, "sentences with a rule word and no statement:\n" + "\n".join(bare)


def test_every_statement_is_attached_to_a_sentence_of_its_page():
    for lesson, k, s in STATEMENTS:
        text = " ".join(_parts(lesson.page(k)))
        assert s.phrase in text, (lesson.name, k, s.phrase)


# ------------------------------------------------------------ random positions
def random_position(ruleset: str, seed: int) -> Game:
    """A seeded random position of ``ruleset`` (its default options) on a
    small hexagon: any piece anywhere, either side to move."""
    rng = random.Random(seed)
    size = rng.choice([4, 5])
    board = Game(ruleset, board={"shape": "hexagon", "size": size}).board
    pieces = {}
    density = rng.uniform(0.1, 0.6)
    for i in board.plots:
        if rng.random() < density:
            pieces[board.name(i)] = rng.choice(PIECE_NAMES[1:] + ("dark dendrid",
                                                                  "light dendrid"))
    return Game.from_position({"to_move": rng.choice(["dark", "light"]), "pieces": pieces,
                               "komi": 0},
                              rules={"ruleset": ruleset,
                                     "board": {"shape": "hexagon", "size": size},
                                     "options": {"opening": "none"}})


def _plants(g: Game) -> list[str]:
    return [str(s) for s in g.legal_steps() if s.verb in ("plant", "sow")]


def _edge(g: Game, cell: str) -> bool:
    b = g.board
    return any(not ray for ray in b.rays[b.cell(cell)])


def p_plant_hungry(g: Game, rng: random.Random) -> list[str]:
    out = []
    for step in _plants(g):
        cell = step.split()[1]
        after = g.copy().play(step)
        if not explain.seeds(after)[cell]["hungry"]:
            out.append(f"{step} was allowed but the seed is nourished")
    return out


def p_fertilized(g: Game, rng: random.Random) -> list[str]:
    fert = explain.fertilization(g)
    return [f"{c} holds a piece but is fertilized" for colour in ("dark", "light")
            for c in fert[colour] if c in g.pieces]


def p_sprout_majority(g: Game, rng: random.Random) -> list[str]:
    out = []
    conv = explain.conversions(g)
    me = conv["mover"]
    other = "light" if me == "dark" else "dark"
    seeds = explain.seeds(g)
    for cell, why in conv["sprout"].items():
        by = seeds[cell]["by_colour"]
        ok = not seeds[cell]["hungry"] and by[me] > by[other]
        if (why is None) != ok:
            out.append(f"{cell}: sprout {'allowed' if why is None else 'refused'}, "
                       f"nourishers {by}, hungry {seeds[cell]['hungry']}")
    return out


def p_grow_after_plant(g: Game, rng: random.Random) -> list[str]:
    out = []
    for step in rng.sample(_plants(g), min(4, len(_plants(g)))):
        after = g.copy().play(step)
        cell = step.split()[1]
        bed = next(gr["cells"] for gr in explain.groups(after) if cell in gr["cells"])
        for s in after.legal_steps():
            if s.verb == "grow" and str(s.arg) not in bed:
                out.append(f"after {step}, {s} grows another seedbed")
    return out


def p_enclosed_never(g: Game, rng: random.Random) -> list[str]:
    out = []
    for verb in ("grow", "capture"):
        for e in explain.conversions(g)[verb]:
            group = next(gr for gr in explain.groups(g) if e["cells"][0] in gr["cells"])
            if not group["fertile_soils"] and e["ok"]:
                out.append(f"{verb} of {e['cells']} allowed with no fertile soil")
    return out


def _all_fertilized_by(group: dict, colour: str) -> bool:
    """The group has fertile soils, and ``colour`` fertilizes every one of
    them: "every one of them" is never true of a group with none."""
    soils = group["fertile_soils"]
    return bool(soils) and all(colour in who for who in soils.values())


def _sight(group: dict, colour: str, other: str) -> bool:
    seen = group["sees_dendrids"]
    return seen[colour] > seen[other]


def p_grow(g: Game, rng: random.Random) -> list[str]:
    """A seedbed grows for the mover exactly when it has fertile soils and
    the mover fertilizes every one of them (a seedbed with none: classic,
    never; sprites, by sight)."""
    out = []
    conv = explain.conversions(g)
    me = conv["mover"]
    other = "light" if me == "dark" else "dark"
    for e in conv["grow"]:
        group = next(gr for gr in explain.groups(g) if e["cells"][0] in gr["cells"])
        if group["fertile_soils"]:
            want = _all_fertilized_by(group, me)
        else:
            want = g.variant.enclosed_sight and _sight(group, me, other)
        if e["ok"] != want:
            out.append(f"grow of {e['cells']} ok={e['ok']}, fertile {group['fertile_soils']}")
    return out


def p_capture_fertilized(g: Game, rng: random.Random) -> list[str]:
    """Classic: an enemy forest changes hands exactly when it has fertile
    soils, the mover fertilizes every one of them and its owner misses one."""
    out = []
    conv = explain.conversions(g)
    me = conv["mover"]
    for e in conv["capture"]:
        group = next(gr for gr in explain.groups(g) if e["cells"][0] in gr["cells"])
        owner = group["colour"]
        want = (_all_fertilized_by(group, me) and not _all_fertilized_by(group, owner))
        if e["ok"] != want:
            out.append(f"capture of {e['cells']} ok={e['ok']}, fertile {group['fertile_soils']}")
    return out


def p_protection(g: Game, rng: random.Random) -> list[str]:
    """Sprites: a forest with fertile plots is protected exactly when its
    owner fertilizes every one of them; one with none is judged by sight
    (protected when it sees more of its owner's sprites), never protected
    for want of a plot its owner misses."""
    out = []
    for group in explain.groups(g):
        if group["kind"] != "forest" or "protected" not in group:
            continue
        owner = group["colour"]
        other = "light" if owner == "dark" else "dark"
        want = (_all_fertilized_by(group, owner) if group["fertile_soils"]
                else _sight(group, owner, other))
        if group["protected"] != want:
            out.append(f"forest {group['cells']} protected={group['protected']}, "
                       f"fertile {group['fertile_soils']}")
    return out


def _moves(g: Game) -> list[str]:
    return [str(s) for s in g.legal_steps() if s.verb == "move"]


def p_journey_stop(g: Game, rng: random.Random) -> list[str]:
    out = []
    for move in _moves(g):
        after = g.copy().play(move)
        for s in after.legal_steps():
            if s.verb == "slide" and str(s.arg) in after.pieces:
                out.append(f"after {move}, {s} stops on a piece")
    return out


def p_convert_at_start(g: Game, rng: random.Random) -> list[str]:
    out = []
    for move in _moves(g):
        verbs = {s.verb for s in g.copy().play(move).legal_steps()}
        if verbs - {"slide"}:
            out.append(f"after {move}: {sorted(verbs)} before the first slide")
    return out


def _random_turn(g: Game, rng: random.Random) -> list[str]:
    """A random whole turn of the side to move, step by step as the engine
    allows (played on ``g``)."""
    steps: list[str] = []
    while True:
        legal = g.legal_steps()
        if not legal:
            return steps
        step = str(rng.choice(legal))
        g.play(step)
        steps.append(step)
        if g.is_over or not g.turn_under_way:
            return steps


def p_move_limit(g: Game, rng: random.Random) -> list[str]:
    if g.is_over:
        return []
    before = g.turns_without_plant
    after = g.copy()
    turn = _random_turn(after, rng)
    if not turn:
        return []
    if turn[0].startswith(("plant", "sow")):
        want = 0
    elif turn[0].startswith(("move", "pass")):
        want = before + 1
    else:
        return []
    return [] if after.turns_without_plant == want else \
        [f"{turn}: count {before} -> {after.turns_without_plant}, not {want}"]


def p_score_forests(g: Game, rng: random.Random) -> list[str]:
    trees = {c: p for c, p in g.pieces.items() if p.endswith("tree")}
    bare = Game.from_position({"to_move": g.to_move, "pieces": trees, "komi": 0},
                              rules=g.rules)
    s, t = g.score(), bare.score()
    out = [f"{c}: {s[c]['total']} with seeds and dendrids, {t[c]['total']} without"
           for c in s if s[c]["total"] != t[c]["total"]]
    for c in s:
        if s[c]["distinct_sizes"] != sum(set(s[c]["forests"])):
            out.append(f"{c}: sizes {s[c]['forests']} give {s[c]['distinct_sizes']}")
    return out


def p_power_rule(g: Game, rng: random.Random) -> list[str]:
    power = explain.power(g)
    out = []
    for move in rng.sample(_moves(g), min(3, len(_moves(g)))):
        after = g.copy()
        after.play(move)
        turn = [move] + _random_turn(after, rng)
        if turn[-1] != "end":
            continue
        won = any(s.startswith(("grow", "capture")) for s in turn)
        start = move.split()[1]
        end = next(s.split()[1] for s in reversed(turn) if s.startswith("slide"))
        if not won and not power[end] < power[start]:
            out.append(f"{turn}: ends on power {power[end]} from {power[start]}")
    return out


def p_edge_touching(g: Game, rng: random.Random) -> list[str]:
    return [f"the seed on {c} is on the edge and nourished"
            for c, f in explain.seeds(g).items() if _edge(g, c) and not f["hungry"]]


def p_sowing_non_touching(g: Game, rng: random.Random) -> list[str]:
    b = g.board
    out = []
    me = g.to_move
    for step in _plants(g):
        cell = step.split()[1]
        mine = [n for n in b.names(b.neighbours[b.cell(cell)])
                if (g.pieces.get(n) or "").startswith(me)]
        for i, a in enumerate(mine):
            for c in mine[i + 1:]:
                if b.cell(c) in b.neighbours[b.cell(a)]:
                    out.append(f"{step} allowed though {a} and {c} touch")
    return out


def p_enclosed_sight(g: Game, rng: random.Random) -> list[str]:
    out = []
    for gr in explain.groups(g):
        if gr["kind"] != "forest" or gr["fertile_soils"] or "sees_dendrids" not in gr:
            continue
        owner = gr["colour"]
        other = "light" if owner == "dark" else "dark"
        seen = gr["sees_dendrids"]
        if bool(gr.get("protected")) != (seen[owner] > seen[other]):
            out.append(f"{gr['cells']}: protected {gr.get('protected')}, sees {seen}")
    return out


def p_modular(seed: int) -> list[str]:
    rng = random.Random(seed)
    board = random_board(rng.randint(7, 19), seed)
    modules = board.spec["modules"]
    cells = [{(q + dq, r + dr) for dq, dr in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1),
                                               (1, -1), (-1, 1))} for q, r in modules]
    out = [f"modules {a} and {b} overlap" for i, a in enumerate(modules)
           for j, b in enumerate(modules) if i < j and cells[i] & cells[j]]
    # linked: at least two cells of one touch the other; every module reached
    near = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}

    def linked(i: int, j: int) -> bool:
        return sum(1 for (q, r) in cells[i]
                   if any((q + dq, r + dr) in cells[j] for dq, dr in near)) >= 2
    seen, todo = {0}, [0]
    while todo:
        i = todo.pop()
        for j in range(len(modules)):
            if j not in seen and linked(i, j):
                seen.add(j)
                todo.append(j)
    if len(seen) != len(modules):
        out.append(f"random board {seed}: modules not all linked")
    return out


def p_lagoons(seed: int) -> list[str]:
    rng = random.Random(seed)
    g = Game("dendria-sprites", board=rng.choice(["lakes-13", "ponds-19"]))
    b = g.board
    power = explain.power(g)
    return [f"{c}: power {power[c]}" for c in power
            if power[c] != min(len(ray) for ray in b.rays[b.cell(c)])]


POSITION_PROPERTIES: dict[str, Callable[[Game, random.Random], list[str]]] = {
    "plant-hungry": p_plant_hungry,
    "fertilized": p_fertilized,
    "sprout-majority": p_sprout_majority,
    "grow-after-plant": p_grow_after_plant,
    "grow": p_grow,
    "capture-fertilized": p_capture_fertilized,
    "protection": p_protection,
    "enclosed-never": p_enclosed_never,
    "journey-stop": p_journey_stop,
    "convert-at-start": p_convert_at_start,
    "move-limit": p_move_limit,
    "score-distinct": p_score_forests,
    "power-rule": p_power_rule,
    "edge-touching": p_edge_touching,
    "sowing-non-touching": p_sowing_non_touching,
    "enclosed-sight": p_enclosed_sight,
}
BOARD_PROPERTIES: dict[str, Callable[[int], list[str]]] = {
    "modular": p_modular,
    "lagoons": p_lagoons,
}

RULE_CASES = sorted({(s.rule, s.section, ed) for _le, _k, s in STATEMENTS
                     if s.kind == "rule" for ed in s.editions})


def test_every_rule_statement_names_a_rule_and_a_part_of_the_rules():
    for lesson, k, s in STATEMENTS:
        if s.kind != "rule":
            continue
        assert s.rule in RULE_IDS, (lesson.name, k, s.rule)
        assert re.search(rf"(?m)^#+ {re.escape(s.section)}\s*$", RULES_MD), \
            f"{lesson.name} page {k}: docs/rules.md has no section {s.section!r}"
        assert s.rule in POSITION_PROPERTIES or s.rule in BOARD_PROPERTIES, \
            f"{lesson.name} page {k}: no property tests the rule {s.rule!r}"
        assert s.editions


@pytest.mark.parametrize("rule,section,edition", RULE_CASES,
                         ids=[f"{r}-{e}" for r, _s, e in RULE_CASES])
def test_each_rule_statement_holds_over_random_positions(rule, section, edition):
    """The rule a sentence restates holds on 200 seeded random positions
    (or random boards) of each edition it claims."""
    bad: list[str] = []
    for seed in range(POSITIONS):
        if rule in BOARD_PROPERTIES:
            bad += BOARD_PROPERTIES[rule](seed)
        else:
            g = random_position(edition, seed)
            bad += [f"seed {seed}: {b}" for b in
                    POSITION_PROPERTIES[rule](g, random.Random(seed))]
        assert not bad, f"{rule} ({section}, {edition}):\n" + "\n".join(bad[:10])


def test_a_broken_rule_is_caught_by_its_property():
    """A property can fail: the classic edition's plant rule is not the
    sprites edition's (an edge cell always sees the edge there only), and
    the capture rule of enclosed forests differs too."""
    assert any(p_edge_touching(random_position("dendria-classic", s), random.Random(s))
               for s in range(POSITIONS))
    assert any(p_convert_at_start(random_position("dendria-sprites", s), random.Random(s))
               for s in range(POSITIONS))


def test_every_one_of_none_is_not_read_as_true():
    """The growth and protection properties see a group with no fertile soil:
    were "every one of its fertile soils" read as true of none (Python's
    ``all([])``), the properties would fail, and random positions hold such
    groups."""
    def vacuous(group: dict, colour: str) -> bool:
        return all(colour in who for who in group["fertile_soils"].values())

    enclosed = 0
    for s in range(POSITIONS):
        g = random_position("dendria-classic", s)
        conv = explain.conversions(g)
        for e in conv["grow"]:
            group = next(gr for gr in explain.groups(g) if e["cells"][0] in gr["cells"])
            if not group["fertile_soils"]:
                enclosed += 1
                assert vacuous(group, conv["mover"]) and not e["ok"]
                assert not _all_fertilized_by(group, conv["mover"])
    assert enclosed, "no random position holds a seedbed with no fertile soil"


POSITION_CASES = [(le, k, s) for le, k, s in STATEMENTS if s.kind == "position"]


@pytest.mark.parametrize("lesson,k,statement", POSITION_CASES,
                         ids=[f"{le.name}-{k}" for le, k, _s in POSITION_CASES])
def test_each_position_statement_is_checked_as_its_words_say(lesson, k, statement):
    page = lesson.page(k)
    sentence = next(s for part in _parts(page) for s in _sentences(part)
                    if statement.phrase in s)
    if statement.check == "as the board stands":
        assert "as the board stands" in sentence.lower()
        assert page.templates, "a fact of the board is stated through fields"
        assert lesson.false_statements(k) == [] and lesson.false_claims(k) == []
    else:
        assert "whatever" in sentence.lower()
        game = lesson.boards(k)["end"]
        piece = game.pieces.get(statement.cell)
        changed = [g for g in continuations(game, statement.turns)
                   if g.pieces.get(statement.cell) != piece]
        assert not changed, f"{statement.cell} changes after {changed[0].steps}"
