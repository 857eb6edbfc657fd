"""Property tests (hypothesis, modest) for the sprites edition and modular
boards: random games never raise; the legal steps are accepted and agree
with why_illegal; refused steps leave the game unchanged; undo/redo restore
it exactly; records and position strings round-trip. And for modular boards:
the validation agrees with the rules of docs/rules.md section 1 worked out
independently here; lagoons, rays, power and names agree with a plain
walk over axial coordinates."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dendria_widget import BadBoard, Board, Game, IllegalStep
from dendria_widget.boards import preset, random_board
from dendria_widget.geometry import DIRECTIONS

from conftest import snapshot  # everything a refused step must leave unchanged


def board_state(game):
    """The game apart from the redo list: what undo must give back."""
    return (game.position_string(), game.phase, game.to_move,
            [str(s) for s in game.steps], [[str(s) for s in t] for t in game.history],
            game.is_over, game.winner, game.score(), sorted(map(str, game.legal_steps())))

SETTINGS = settings(max_examples=15, deadline=None)

BOARDS = [{"shape": "hexagon", "size": 3}, {"shape": "hexagon", "size": 4},
          "atoll-7", "flower-7", "lakes-13", "random-7-seed-1", "random-8-seed-4"]
MIXES = [{}, {"edge_sight": "literal"}, {"power_rule": False, "sprite_capture": False},
         {"capture": "fertilized", "enclosed_groups": "never"},
         {"convert_at_start": False, "sowing": "any", "grow_after_plant": "planted"},
         {"superko": "off", "komi_max": 3}, {"opening": "none", "scoring": "distinct-sizes"}]
VERBS = ("plant", "sprout", "grow", "capture", "move", "slide")


def pick(rng, steps):
    """A legal step at random: first a verb (passing rarely, so that games
    grow), then a step of that verb, so that journeys and conversions are
    not drowned by the many places to plant."""
    by_verb = {}
    for s in map(str, steps):
        by_verb.setdefault(s.split()[0], []).append(s)
    verbs = sorted(v for v in by_verb if v != "pass")
    if not verbs or rng.random() < 0.05:
        verbs = sorted(by_verb)
    return rng.choice(by_verb[rng.choice(verbs)])


def candidates(rng, game, k):
    names = [game.board.name(i) for i in game.board.plots]
    out = ["end", "pass", "swap", "side dark", "side light", f"komi {rng.randint(0, 200)}"]
    out += [f"{rng.choice(VERBS)} {rng.choice(names)}" for _ in range(3 * k)]
    return rng.sample(out, k)


def check_candidate(game, text, legal_now):
    """why_illegal agrees with legal_steps; refused steps change nothing."""
    before = snapshot(game)
    reason = game.why_illegal(text)
    if text in legal_now:
        assert reason is None, (text, reason)
    if reason is None:
        if text not in legal_now:
            # a grow or capture named by another cell of a listed group
            verb = text.split()[0]
            assert verb in ("grow", "capture"), text
            trial = game.copy()
            trial.play(text)
            after = trial.pieces
            trial.undo()
            same = []
            for t in legal_now:
                if t.split()[0] == verb:
                    trial.play(t)
                    same.append(trial.pieces == after)
                    trial.undo()
            assert any(same), text
        assert snapshot(game) == before
        return
    assert isinstance(reason, str) and reason
    try:
        game.play(text)
    except IllegalStep as e:
        assert str(e)
    else:
        raise AssertionError(f"{text!r} was refused ({reason}) but played")
    assert snapshot(game) == before


def random_game(seed, board, mix, max_steps=80, probe=3):
    rng = random.Random(seed)
    game = Game("dendria-sprites", board=board, **mix)
    start = board_state(game)
    for n in range(max_steps):
        if game.is_over:
            assert game.legal_steps() == []
            break
        steps = game.legal_steps()
        assert steps, "a game that is not over always has a legal step"
        legal_now = {str(s) for s in steps}
        if n % 3 == 0:
            for text in candidates(rng, game, probe):
                check_candidate(game, text, legal_now)
        before = board_state(game)
        text = pick(rng, steps)
        game.play(text)
        after = board_state(game)
        assert str(game.undo()) == text
        assert board_state(game) == before
        assert str(game.redo()) == text
        assert board_state(game) == after
    return game, start


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), board=st.sampled_from(BOARDS), mix=st.sampled_from(MIXES))
def test_random_games(seed, board, mix):
    game, start = random_game(seed, board, mix)
    # the whole game undoes back to the start and redoes to the end
    end = board_state(game)
    count = len(game.steps)
    game.go_to(0)
    assert board_state(game) == start
    game.go_to(count)
    assert board_state(game) == end
    assert game.score()["light"]["total"] >= 0


@SETTINGS
@given(seed=st.integers(0, 2 ** 32), board=st.sampled_from(BOARDS), mix=st.sampled_from(MIXES))
def test_records_and_position_strings_round_trip(seed, board, mix):
    game, _ = random_game(seed, board, mix, max_steps=40, probe=0)
    rec = game.to_record()
    back = Game.from_record(rec)
    assert snapshot(back) == snapshot(game)
    assert back.to_record() == rec
    assert Game.from_record(game.to_json()).position_string() == game.position_string()
    # a position string gives back the board, the pieces, the mover, the komi
    # and the options (a game from it starts in normal play)
    s = game.position_string()
    pos = Game.from_position(s)
    assert pos.position_string() == s
    assert pos.pieces == game.pieces and pos.board is game.board
    assert pos.options == game.options
    if not game.is_over:
        assert pos.to_move == game.to_move
    if game.board.spec["shape"] == "modular":
        mods = ";".join(f"{q},{r}" for q, r in game.board.spec["modules"])
        assert s.split()[1] == "m" + mods


# ----------------------------------------------------------- modular boards
LINKED = ((2, 1), (1, 2), (-1, 3), (-2, 3), (-3, 2), (-3, 1),
          (-2, -1), (-1, -2), (1, -3), (2, -3), (3, -2), (3, -1))
OTHER = ((3, 0), (0, 3), (-3, 3), (2, 0), (1, 1), (4, -1), (2, 2), (4, 0), (0, 0))


def cells_of(c):
    return {(c[0] + dq, c[1] + dr) for dq, dr in ((0, 0),) + DIRECTIONS}


def hand_verdict(centres):
    """docs/rules.md 1 by hand: None when valid, else the kind of problem."""
    if not 7 <= len(centres) <= 19:
        return "count"
    if len(set(centres)) != len(centres):
        return "overlap"
    owner = {}
    for c in centres:
        for h in cells_of(c):
            if h in owner:
                return "overlap"
            owner[h] = c
    adj = {c: set() for c in centres}
    for a in centres:
        for b in centres:
            if a == b:
                continue
            near = {(h[0] + dq, h[1] + dr) for h in cells_of(b) for dq, dr in DIRECTIONS}
            if len(cells_of(a) & near) >= 2:     # two cells of a touch b
                adj[a].add(b)
                adj[b].add(a)
    seen, todo = {centres[0]}, [centres[0]]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return None if len(seen) == len(centres) else "connected"


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2 ** 32), count=st.integers(5, 21))
def test_modular_validation_agrees_with_the_rules(seed, count):
    # grow a layout mostly by links of two plots, sometimes by a bad offset
    # (overlap, one-plot contact, a gap); overlaps are mostly redrawn
    rng = random.Random(seed)
    centres = [(0, 0)]
    used = cells_of((0, 0))
    while len(centres) < count:
        base = rng.choice(centres)
        off = rng.choice(LINKED) if rng.random() < 0.9 else rng.choice(OTHER)
        c = (base[0] + off[0], base[1] + off[1])
        if cells_of(c) & used and rng.random() < 0.97:
            continue
        centres.append(c)
        used |= cells_of(c)
    verdict = hand_verdict(centres)
    try:
        b = Board.modular([list(c) for c in centres])
    except BadBoard as e:
        msg = str(e)
        assert verdict is not None, msg
        words = {"count": "7 to 19", "overlap": "overlap", "connected": "connected"}
        assert words[verdict] in msg, (verdict, msg)
    else:
        assert verdict is None, verdict
        assert b.n_plots == 7 * len(centres)


def letters(k):
    """docs/notation.md row letters: a..z, then aa, ab, ..."""
    return chr(97 + k) if k < 26 else letters(k // 26 - 1) + chr(97 + k % 26)


def walk(board, plots, lagoons, h, d):
    dq, dr = DIRECTIONS[d]
    out = []
    h = (h[0] + dq, h[1] + dr)
    while h in plots or h in lagoons:
        if h in plots:
            out.append(h)
        h = (h[0] + dq, h[1] + dr)
    return out


@settings(max_examples=20, deadline=None)
@given(count=st.integers(7, 19), seed=st.integers(0, 10 ** 6))
def test_random_boards_geometry(count, seed):
    b = random_board(count, seed)
    assert hand_verdict([tuple(c) for c in b.spec["modules"]]) is None
    plots = {b.axial(i) for i in b.plots}
    lagoons = {b.axial(i) for i in b.lagoons}
    assert len(plots) == 7 * count and not plots & lagoons
    # every lagoon hex is surrounded by plots and lagoons only
    for h in lagoons:
        for dq, dr in DIRECTIONS:
            assert (h[0] + dq, h[1] + dr) in plots | lagoons
    # rays and power by a plain walk
    for i in b.plots:
        h = b.axial(i)
        rays = [walk(b, plots, lagoons, h, d) for d in range(6)]
        assert [[b.axial(j) for j in ray] for ray in b.rays[i]] == rays
        assert b.power[i] == min(len(r) for r in rays)
    # names: rows top to bottom, plots left to right, lagoons skipped
    rows = sorted({r for _, r in plots})
    for k, r in enumerate(rows):
        row = sorted(q for q, rr in plots if rr == r)
        assert [b.axial(i) for i in b.rows[k]] == [(q, r) for q in row]
        for n, q in enumerate(row, start=1):
            assert b.name(b.id_at(q, r)) == f"{letters(k)}{n}"
    assert b is preset(f"random-{count}-seed-{seed}")
