"""Property tests of the Hedu engine (hypothesis, modest sizes).

Random games are played by choosing among the legal steps; at every step
the engine is checked against a plain, slow model of docs/rules.md section 3
written here from the text (dicts and flood fills, nothing shared with the
engine but the board's neighbour lists).
"""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dendria_widget import Game, IllegalStep
from dendria_widget.explain import hedu as ex
from dendria_widget.rules.refusal import Refusal

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------ the plain model
def model_regions(board, stacks):
    """Regions (lists of plots) of a board given {plot: (colour, height)}."""
    seen = set()
    out = []
    for i in board.plots:
        if i in stacks or i in seen:
            continue
        comp = [i]
        seen.add(i)
        k = 0
        while k < len(comp):
            for j in board.neighbours[comp[k]]:
                if j not in stacks and j not in seen:
                    seen.add(j)
                    comp.append(j)
            k += 1
        out.append(set(comp))
    return out


def model_counts(board, stacks):
    """{stack plot: number of distinct regions touching it}."""
    label = {}
    for k, r in enumerate(model_regions(board, stacks)):
        for i in r:
            label[i] = k
    return {j: len({label[n] for n in board.neighbours[j] if n not in stacks})
            for j in stacks}


def model_height(board, stacks, i):
    """The height of a stack placed on empty plot i."""
    return model_counts(board, {**stacks, i: (0, 0)})[i]


def model_place(board, stacks, prisoners, i, mover):
    """docs/rules.md 3: the board and prisoners after placing on i, or None when
    the height would be 0."""
    h = model_height(board, stacks, i)
    if h == 0:
        return None
    stacks = dict(stacks)
    prisoners = list(prisoners)
    stacks[i] = (mover, h)
    for colour in (1 - mover, mover):          # (1) enemy, then (2) friendly
        counts = model_counts(board, stacks)   # all judged on the same board
        for j, k in counts.items():
            c, hj = stacks[j]
            if c == colour and k < hj:
                prisoners[1 - colour] += hj - k
                if k:
                    stacks[j] = (colour, k)
                else:
                    del stacks[j]
    counts = model_counts(board, stacks)       # (3)
    for j, k in counts.items():
        if stacks[j][1] < k:
            stacks[j] = (stacks[j][0], k)
    return stacks, prisoners


def model_groups(board, stacks):
    """[(colour, height, set of plots)]"""
    seen = set()
    out = []
    for i in sorted(stacks):
        if i in seen:
            continue
        comp = {i}
        todo = [i]
        seen.add(i)
        while todo:
            x = todo.pop()
            for j in board.neighbours[x]:
                if j not in seen and stacks.get(j) == stacks[i]:
                    seen.add(j)
                    comp.add(j)
                    todo.append(j)
        out.append((stacks[i][0], stacks[i][1], comp))
    return out


def greater(a, b):
    """Padded lexicographic comparison: 0 if a > b, 1 if b > a, None if equal."""
    n = max(len(a), len(b))
    a = a + [(0, 0)] * (n - len(a))
    b = b + [(0, 0)] * (n - len(b))
    return 0 if a > b else 1 if b > a else None


def model_score(board, stacks, prisoners):
    groups = model_groups(board, stacks)
    totals = [0, 0]
    for r in model_regions(board, stacks):
        near = {j for i in r for j in board.neighbours[i]}
        lists = ([], [])
        for c, h, g in groups:
            if g & near:
                lists[c].append((h, len(g)))
        lists = [sorted(x, reverse=True) for x in lists]
        ctrl = greater(*lists)
        if ctrl is not None:
            totals[ctrl] += lists[ctrl][0][0]
    totals = [totals[0] + prisoners[0], totals[1] + prisoners[1]]
    alls = ([], [])
    for c, h, g in groups:
        alls[c].append((h, len(g)))
    best = greater(*[sorted(x, reverse=True) for x in alls])
    if best is not None:
        totals[best] += 0.5
    return totals


def stacks_of(state):
    return {i: (state.cells[i] & 1, state.cells[i] >> 1) for i in state.board.plots
            if state.cells[i]}


# ---------------------------------------------------------- strategies
rules_st = st.fixed_dictionaries({
    "size": st.sampled_from([2, 3, 3, 4, 4, 5]),
    "opening": st.sampled_from(["pie", "none"]),
    "superko": st.sampled_from(["positional", "off"]),
    "end_on_double_pass": st.booleans(),
})


def new_game(r):
    return Game("hedu", size=r["size"], opening=r["opening"], superko=r["superko"],
                end_on_double_pass=r["end_on_double_pass"])


def full_snapshot(state):
    return (bytes(state.cells), state.occ, [list(g) for g in state.ge],
            list(state.prisoners), state.to_move, state.phase, state.passes,
            state.swapped, state.over, state.end_reason,
            [list(t) for t in state.turns], list(state.current), state.step_count,
            {h: list(v) for h, v in state.reps.by_hash.items()}, dict(state.reps.counts),
            {k: dict(v) for k, v in state.reps.by_count.items()},
            sorted(state.regions()))


def choose(data, steps, pass_percent=5):
    """A legal step, placements preferred (so that games reach their end)."""
    places = [s for s in steps if s[0] == "place"]
    others = [s for s in steps if s[0] != "place"]
    if others and (not places or data.draw(st.integers(0, 99)) >= 100 - pass_percent):
        return data.draw(st.sampled_from(others))
    return data.draw(st.sampled_from(places))


# ----------------------------------------------------------- properties
@SETTINGS
@given(rules_st, st.data())
def test_random_games_follow_the_plain_model(r, data):
    g = new_game(r)
    s = g.state
    b = s.board
    for _ in range(120):
        if s.over:
            assert s.legal() == []
            break
        steps = s.legal()
        assert steps, "a game that is not over always has a step"
        stacks = stacks_of(s)
        placeable = {i for i in b.plots
                     if i not in stacks and model_height(b, stacks, i) > 0}
        places = {a for v, a in steps if v == "place"}
        # legal placements: height >= 1 and (superko) no repeated board
        if r["superko"] == "off":
            assert places == placeable
        else:
            assert places <= placeable
            for i in placeable - places:
                assert s.refusal(("place", i)).code == "place-repeats"
        assert ("pass", None) in steps or s.phase == "opening"
        assert (("swap", None) in steps) == (s.phase == "swap")
        step = choose(data, steps)
        assert s.refusal(step) is None
        if step[0] == "place":
            assert s.placement_height(step[1]) == model_height(b, stacks, step[1])
            expect = model_place(b, stacks, s.prisoners, step[1], s.to_move)
            s.apply(step)
            assert stacks_of(s) == expect[0]
            assert s.prisoners == expect[1]
            # after a placement every stack stands at its region count
            counts = model_counts(b, expect[0])
            for i, (_c, h) in expect[0].items():
                assert h == counts[i]
        else:
            s.apply(step)
        sc = s.score()
        assert [sc["black"]["total"], sc["white"]["total"]] == \
            model_score(b, stacks_of(s), s.prisoners)
    if s.over and s.end_reason != "two passes in a row":
        # the game ended because no empty plot admits a placement
        stacks = stacks_of(s)
        assert not any(model_height(b, stacks, i) for i in b.plots if i not in stacks)


@SETTINGS
@given(rules_st, st.data())
def test_refused_steps_leave_the_state_identical_and_undo_restores(r, data):
    g = new_game(r)
    s = g.state
    b = s.board
    history = []
    for _ in range(60):
        if s.over:
            break
        steps = s.legal()
        # a step that is not legal: refused with a reason, nothing changes
        candidates = [("place", i) for i in b.plots] + [("pass", None), ("swap", None)]
        bad = [c for c in candidates if c not in steps]
        if bad:
            step = data.draw(st.sampled_from(bad))
            before = full_snapshot(s)
            reason = s.refusal(step)
            assert isinstance(reason, Refusal) and str(reason)
            try:
                s.apply(step)
                raise AssertionError(f"{step} was accepted")
            except IllegalStep as e:
                assert str(e) == str(reason) and e.refusal == reason
            assert full_snapshot(s) == before
        # every legal step is accepted, and undo restores the very same state
        before = full_snapshot(s)
        for step in steps:
            s.apply(step)
            assert s.undo() == step
            assert full_snapshot(s) == before
        step = choose(data, steps)
        s.apply(step)
        history.append((step, full_snapshot(s)))
    # undo all the way back, checking every state on the way
    while history:
        step, snap = history.pop()
        assert full_snapshot(s) == snap
        assert s.undo() == step
    assert s.step_count == 0 and s.undo() is None


@SETTINGS
@given(rules_st, st.data())
def test_records_and_position_strings_round_trip(r, data):
    g = new_game(r)
    for _ in range(data.draw(st.integers(0, 40))):
        if g.is_over:
            break
        g.play(g.state.fmt(choose(data, g.state.legal(), 10)))
    back = data.draw(st.integers(0, min(3, len(g.steps))))
    for _ in range(back):
        g.undo()
    rec = g.to_record()
    g2 = Game.from_record(json.loads(json.dumps(rec)))
    assert g2.to_record() == rec
    assert bytes(g2.state.cells) == bytes(g.state.cells)
    assert g2.state.prisoners == g.state.prisoners
    assert (g2.phase, g2.to_move, g2.is_over, g2.state.swapped) == \
        (g.phase, g.to_move, g.is_over, g.state.swapped)
    assert [str(s) for s in g2.future] == [str(s) for s in g.future]
    # the position string gives the same board, side to move and prisoners
    ps = g.position_string()
    g3 = Game.from_position(ps)
    assert g3.position_string() == ps
    assert g3.pieces == g.pieces and g3.state.prisoners == g.state.prisoners
    assert g3.rules == g.rules
    # and the same analysis of the board (phase aside: a position is normal play)
    a, a3 = ex.hedu_analysis(g), ex.hedu_analysis(g3)
    for key in ("position", "regions", "score"):
        assert a[key] == a3[key]
    if not g.is_over:
        assert a["placement_heights"] == {n: h for n, h in a3["placement_heights"].items()
                                          if n in a["placement_heights"]}
    # the dict position too
    g4 = Game.from_position(g.position(), rules=g.rules.to_dict())
    assert g4.pieces == g.pieces and g4.state.prisoners == g.state.prisoners


@SETTINGS
@given(st.data())
def test_previews_agree_with_play(data):
    g = Game("hedu", size=data.draw(st.sampled_from([3, 4, 5])), opening="none")
    s = g.state
    for _ in range(data.draw(st.integers(0, 30))):
        if s.over:
            return
        s.apply(choose(data, s.legal()))
    if s.over:
        return
    places = [a for v, a in s.legal() if v == "place"]
    if not places:
        return
    i = data.draw(st.sampled_from(places))
    before = full_snapshot(s)
    p = ex.preview(g, s.board.name(i))
    assert full_snapshot(s) == before
    g.play(f"place {s.board.name(i)}")
    after = g.pieces
    for e in p["leave"]:
        assert e["cell"] not in after
    for e in p["shrink"] + p["grow"]:
        assert after[e["cell"]] == e["to"]
    assert after[p["cell"]] == [c["to"] for c in p["changes"] if c["cell"] == p["cell"]][-1]
    assert [p["prisoners"]["black"], p["prisoners"]["white"]] == [
        s.prisoners[k] - before[3][k] for k in (0, 1)]
    assert s.last_effects() is not None


def test_side7_random_playouts_do_not_raise():
    import random
    rng = random.Random(7)
    for _ in range(3):
        g = Game("hedu", size=7)
        s = g.state
        while not s.over:
            steps = s.legal()
            places = [x for x in steps if x[0] == "place"]
            s.apply(rng.choice(places) if places else steps[0])
        assert s.winner() in ("black", "white", "draw")
        # the last placement left no two empty plots side by side
        assert s.placeable_mask() == 0
