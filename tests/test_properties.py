"""Property tests: random legal games, refusals, undo, records, replays.

Hypothesis draws a seed; ``random.Random(seed)`` picks the position and the
steps, so every game here can be replayed from its seed alone.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from dendria_widget import Game, IllegalStep
from dendria_widget.rules.dendria import CELL_VERBS, PIECE_NAMES

CONFIGS = {
    "classic-4": dict(size=4),
    "classic-5": dict(size=5),
    "touching": dict(size=4, edge_sight="touching"),
    "unprotected": dict(size=4, capture="unprotected", enclosed_groups="sight"),
    "sprite-capture": dict(size=4, sprite_capture=True, convert_at_start=True),
    "power": dict(size=4, power_rule=True, opening="none", sprout_on_move=False),
    "komi-pie": dict(size=4, opening="komi-pie", komi_max=3, sowing="non-touching",
                     grow_after_plant="none", dendrid_move_limit=2),
    "superko-off": dict(size=4, superko="off", dendrid_move_limit=1),
    "sprites-mix": dict(size=4, edge_sight="touching", sowing="non-touching",
                        grow_after_plant="none", convert_at_start=True,
                        capture="unprotected", enclosed_groups="sight",
                        sprite_capture=True, power_rule=True, dendrid_move_limit=None,
                        opening="komi-pie", komi_max=4, scoring="leafiness"),
}

SCALARS = ("to_move", "phase", "komi", "swapped", "second_side", "opening_turn",
           "planted", "grew", "jid", "jdir", "jstart", "slides", "jcapt", "trees0",
           "passes", "dmoves", "over", "end_reason")

PROPS = settings(max_examples=12, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])


def state_snapshot(st):
    return (bytes(st.cells), st.occ, st.z, tuple(st.bb),
            tuple(getattr(st, f) for f in SCALARS),
            [list(t) for t in st.turns], list(st.current), st.steps(),
            sorted((h, sorted(v)) for h, v in st.reps.by_hash.items()),
            sorted(st.reps.counts.items()))


def check_invariants(st):
    """The board's redundant tables agree with ``cells``."""
    z = 0
    occ = 0
    bb = [0] * 7
    for i in st.board.plots:
        c = st.cells[i]
        if c:
            z ^= st.Z[i][c]
            occ |= 1 << i
            bb[c] |= 1 << i
    assert (z, occ) == (st.z, st.occ)
    assert bb[1:] == st.bb[1:]


def random_start(rng, options):
    """Either the game's beginning or a random position (seeded)."""
    if rng.random() < 0.5:
        return Game("dendria-classic", **options)
    board = Game("dendria-classic", **options).board
    pieces = {}
    density = rng.uniform(0.15, 0.55)
    for i in board.plots:
        if rng.random() < density:
            pieces[board.name(i)] = rng.choice(PIECE_NAMES[1:] + ("dark dendrid",
                                                                  "light dendrid") * 2)
    size = options["size"]
    rest = {k: v for k, v in options.items() if k != "size"}
    return Game.from_position({"to_move": rng.choice(["dark", "light"]),
                               "pieces": pieces, "komi": rng.choice([0, 0.5, 3])},
                              rules={"ruleset": "dendria-classic",
                                     "board": {"shape": "hexagon", "size": size},
                                     "options": rest})


def candidate_steps(st, rng):
    """A sample of steps of every verb, legal or not."""
    plots = st.board.plots
    out = [(verb, rng.choice(plots)) for verb in CELL_VERBS for _ in range(3)]
    out += [("end", None), ("pass", None), ("swap", None), ("side", 0), ("side", 1),
            ("komi", 0), ("komi", st.komi_max), ("komi", st.komi_max + 1)]
    return out


def same_group_as_legal(st, step, legal):
    """legal() names a grow or capture once per group (docs/notation.md: 'the
    seedbed holding X'); any other cell of that group is the same step."""
    verb, arg = step
    if verb not in ("grow", "capture") or not st.cells[arg]:
        return False
    group = st.board.group(1 << arg, st.bb[st.cells[arg]])
    return any(v == verb and group >> a & 1 for v, a in legal)


def play_random(seed, options, max_steps=40, check=True):
    """A random legal game; with ``check``, every property on the way."""
    rng = random.Random(seed)
    game = random_start(rng, options)
    st = game.state
    watch = TurnWatch(game)
    for _ in range(max_steps):
        if st.over:
            break
        legal = st.legal()
        assert legal, f"no legal step in phase {st.phase}"
        if check:
            check_invariants(st)
            before = state_snapshot(st)
            # every legal step is accepted, and undo restores everything
            sample = legal if len(legal) <= 10 else rng.sample(legal, 10)
            for s in sample:
                assert st.refusal(s) is None, (s, st.refusal(s))
                assert st.parse(st.fmt(s)) == s
                st.apply(s)
                check_invariants(st)
                assert st.undo() == s
                assert state_snapshot(st) == before
            # steps outside legal() are refused and change nothing
            legal_set = set(legal)
            for s in candidate_steps(st, rng):
                if s in legal_set or same_group_as_legal(st, s, legal):
                    continue
                reason = st.refusal(s)
                assert reason, f"{st.fmt(s)} is not in legal() but refusal() accepts it"
                with pytest.raises(IllegalStep):
                    st.apply(s)
                assert state_snapshot(st) == before
        # pick a verb first, then a step of it: journeys and conversions
        # come up as often as plants; pass rarely, so games grow
        verbs = sorted({s[0] for s in legal})
        if len(verbs) > 1 and "pass" in verbs and rng.random() < 0.8:
            verbs.remove("pass")
        verb = rng.choice(verbs)
        step = rng.choice([s for s in legal if s[0] == verb])
        mover = game.to_move
        game.play(st.fmt(step))
        if check:
            watch.after(game, step, mover)
    return game


class TurnWatch:
    """Checks of docs/rules.md 2.3 kept by hand, outside the engine: no turn ends
    on an earlier board, the power rule, two passes, the dendrid move limit."""

    def __init__(self, game):
        self.o = game.options
        self.boards = {self.board(game)}
        self.run = 0           # turns in a row without a plant (moves, passes)
        self.passes = 0
        self.start = None      # journey start cell
        self.trees = 0         # the mover's trees when the turn began

    @staticmethod
    def board(game):
        return frozenset(game.pieces.items())

    @staticmethod
    def trees_of(game, colour):
        return sum(1 for v in game.pieces.values() if v == f"{colour} tree")

    def after(self, game, step, mover):
        verb, arg = step
        b = game.board
        if verb in ("move", "plant"):
            self.start = arg if verb == "move" else None
            self.trees = self.trees_of(game, mover) if verb == "move" else 0
            self.kind = verb
        elif verb == "slide":
            self.last = arg
        elif verb == "end":
            board = self.board(game)
            if self.o["superko"] == "positional":
                assert board not in self.boards, "a turn ended on an earlier board"
            self.boards.add(board)
            self.passes = 0
            if self.kind == "move":
                if self.o["power_rule"]:
                    assert (b.power[self.last] < b.power[self.start]
                            or self.trees_of(game, mover) > self.trees)
                self.run += 1
            else:
                self.run = 0
            assert game.is_over == self.limit_reached()
        elif verb == "pass":
            # a pass is a turn without a plant: it keeps the run going
            self.passes += 1
            self.run += 1
            assert game.is_over == (self.passes >= 2 or self.limit_reached())

    def limit_reached(self):
        limit = self.o["dendrid_move_limit"]
        return limit is not None and self.run >= 2 * limit


def naive_score(game):
    """docs/rules.md 2.5 from the forests, counted by hand: (dark, light) totals."""
    naive = Naive(game)
    sizes = [sorted((len(g) for g in naive.groups(c, 1)), reverse=True) for c in (0, 1)]
    out = []
    for c in (0, 1):
        mine, theirs = sizes[c], sizes[1 - c]
        if game.options["scoring"] == "leafiness":
            total = sum(x * (x + 1) // 2 for x in mine)
        else:
            total = sum(set(mine)) + sum(1 for x in set(mine)
                                         if mine.count(x) > theirs.count(x))
        n = max(len(mine), len(theirs))
        if mine + [0] * (n - len(mine)) > theirs + [0] * (n - len(theirs)):
            total += 0.5
        out.append(total + (game.state.komi if c == 1 else 0))
    return tuple(out)


def check_records(game):
    text = json.dumps(game.to_record())
    again = Game.from_record(text)
    assert again == game
    assert state_snapshot(again.state) == state_snapshot(game.state)
    assert again.is_over == game.is_over and again.winner == game.winner
    s = game.position_string()
    from_string = Game.from_position(s)
    assert from_string.position_string() == s
    assert from_string.pieces == game.pieces
    assert from_string.options == game.options
    assert bytes(from_string.state.cells) == bytes(game.state.cells)
    # the dict form too
    from_dict = Game.from_position(game.position(), rules=game.rules.to_dict())
    assert from_dict.position_string() == s


@pytest.mark.parametrize("config", sorted(CONFIGS))
@PROPS
@given(seed=hs.integers(0, 2 ** 32 - 1))
def test_random_games(config, seed):
    game = play_random(seed, CONFIGS[config], max_steps=60)
    check_records(game)
    s = game.score()
    assert (s["dark"]["total"], s["light"]["total"]) == naive_score(game)
    # undo back to the start and redo to the end: the same game
    n = len(game.steps)
    rec = game.to_record()
    game.go_to(0)
    assert game.steps == []
    check_records(game)
    game.go_to(n)
    assert game.to_record() == rec


@pytest.mark.parametrize("config", ["classic-4", "sprite-capture", "power"])
@settings(max_examples=5, deadline=None)
@given(seed=hs.integers(0, 2 ** 32 - 1))
def test_same_seed_same_game(config, seed):
    a = play_random(seed, CONFIGS[config], max_steps=60, check=False)
    b = play_random(seed, CONFIGS[config], max_steps=60, check=False)
    assert a.to_record() == b.to_record()
    assert a.position_string() == b.position_string()
    # a replay of the steps on a fresh game gives the same game
    c = Game.from_record(a.to_json())
    assert c.steps == a.steps


@pytest.mark.parametrize("scoring", ["distinct-sizes", "leafiness"])
@settings(max_examples=4, deadline=None)
@given(seed=hs.integers(0, 2 ** 32 - 1))
def test_long_games_end(scoring, seed):
    """Random games with a small move limit reach the end: the winner is
    the side with the higher score, or a draw."""
    game = play_random(seed, dict(size=4, dendrid_move_limit=1, scoring=scoring),
                       max_steps=400, check=False)
    assert game.is_over
    s = game.score()
    d, li = s["dark"]["total"], s["light"]["total"]
    assert (d, li) == naive_score(game)
    assert game.winner == ("dark" if d > li else "light" if li > d else "draw")
    assert game.legal_steps() == []
    assert Game.from_record(game.to_json()).winner == game.winner


# ------------------------------------------------------------------ oracle
# A slow, literal reading of docs/rules.md 2.1-2.3, walking rays cell by cell,
# checked against the engine's bitboards on random positions.

KIND = {"seed": 0, "tree": 1, "dendrid": 2}


class Naive:
    def __init__(self, game):
        self.b = game.board
        self.opts = game.options
        self.p = {}        # id -> (colour, kind)
        for name, piece in game.pieces.items():
            colour, kind = piece.split()
            self.p[self.b.cell(name)] = ("dark", "light").index(colour), KIND[kind]

    def roots(self, i):
        """[(nourisher id or None)] for every root of i."""
        out = []
        for ray in self.b.rays[i]:
            if not ray and self.opts["edge_sight"] == "literal":
                continue
            out.append(next((j for j in ray if j in self.p), None))
        return out

    def hungry(self, i):
        return None in self.roots(i)

    def fertilized(self, colour):
        out = set()
        for d, (c, k) in self.p.items():
            if c == colour and k == 2:
                for ray in self.b.rays[d]:
                    for j in ray:
                        if j in self.p:
                            break
                        out.add(j)
        return out

    def sproutable(self, mover):
        out = set()
        for i, (c, k) in self.p.items():
            if k == 0 and not self.hungry(i):
                mine = sum(1 for j in self.roots(i) if self.p[j][0] == mover)
                if mine > len(self.roots(i)) - mine:
                    out.add(i)
        return out

    def groups(self, colour, kind):
        seen, out = set(), []
        for i in sorted(self.p):
            if self.p[i] != (colour, kind) or i in seen:
                continue
            g, todo = set(), [i]
            while todo:
                x = todo.pop()
                if x in g:
                    continue
                g.add(x)
                todo += [y for y in self.b.neighbours[x] if self.p.get(y) == (colour, kind)]
            seen |= g
            out.append(frozenset(g))
        return out

    def liberties(self, g):
        return {y for x in g for y in self.b.neighbours[x] if y not in self.p}

    def seen_dendrids(self, g):
        seen = set()
        for m in g:
            for ray in self.b.rays[m]:
                f = next((j for j in ray if j in self.p), None)
                if f is not None and f not in g:
                    seen.add(f)
        counts = [0, 0]
        for f in seen:
            if self.p[f][1] == 2:
                counts[self.p[f][0]] += 1
        return counts

    def growable(self, g, mover):
        libs = self.liberties(g)
        if libs:
            return libs <= self.fertilized(mover)
        if self.opts["enclosed_groups"] == "never":
            return False
        s = self.seen_dendrids(g)
        return s[mover] > s[1 - mover]

    def protected(self, g, owner):
        libs = self.liberties(g)
        if libs:
            return libs <= self.fertilized(owner)
        if self.opts["enclosed_groups"] == "never":
            return True
        s = self.seen_dendrids(g)
        return s[owner] > s[1 - owner]

    def capturable(self, g, mover):
        owner = 1 - mover
        if self.opts["capture"] == "unprotected":
            return not self.protected(g, owner)
        libs = self.liberties(g)
        return (bool(libs) and libs <= self.fertilized(mover)
                and not libs <= self.fertilized(owner))

    def stops(self, p, mover):
        out = set()
        for ray in self.b.rays[p]:
            for j in ray:
                if j not in self.p:
                    out.add(j)
                    continue
                c, k = self.p[j]
                if k == 0 or (k == 2 and c == mover):
                    continue
                if k == 2 and self.opts["sprite_capture"]:
                    out.add(j)
                break
        return out

    def placements(self, mover):
        out = set()
        for i in self.b.plots:
            if i in self.p or not self.hungry(i):
                continue
            if self.opts["sowing"] == "non-touching":
                friends = [y for y in self.b.neighbours[i] if self.p.get(y, (None,))[0] == mover]
                if any(y in self.b.neighbours[x] for x in friends for y in friends):
                    continue
            out.add(i)
        return out


def compare_conversions(game, naive, mover):
    """The conversion steps legal() offers now, against the naive reading."""
    st = game.state
    legal = st.legal()
    got = {v: {a for vv, a in legal if vv == v} for v in ("sprout", "grow", "capture")}
    if game.options["sprout_on_move"]:
        assert got["sprout"] == naive.sproutable(mover)
    else:
        assert got["sprout"] == set()
    want_grow = {g for c in (0, 1) for g in naive.groups(c, 0) if naive.growable(g, mover)}
    want_capt = {g for g in naive.groups(1 - mover, 1) if naive.capturable(g, mover)}
    # legal() names every group once, by one of its cells
    for verb, want in (("grow", want_grow), ("capture", want_capt)):
        named = [next(g for g in want if a in g) if any(a in g for g in want) else None
                 for a in got[verb]]
        assert None not in named, f"{verb} offered for a group that may not {verb}"
        assert sorted(map(sorted, named)) == sorted(map(sorted, want))


ORACLE_OPTIONS = {"edge_sight": ["literal", "touching"], "sowing": ["any", "non-touching"],
                  "capture": ["fertilized", "unprotected"],
                  "enclosed_groups": ["never", "sight"], "sprite_capture": [False, True],
                  "sprout_on_move": [True, False]}


@settings(max_examples=300, deadline=None)
@given(seed=hs.integers(0, 2 ** 32 - 1))
def test_engine_agrees_with_a_naive_reading(seed):
    rng = random.Random(seed)
    opts = {k: rng.choice(v) for k, v in ORACLE_OPTIONS.items()}
    opts["size"] = rng.choice([3, 4, 5])
    game = random_start(random.Random(rng.getrandbits(32) | 1), opts)
    while not game.state.legal() or game.phase != "turn":   # a position, not the opening
        game = random_start(random.Random(rng.getrandbits(32)), opts)
    st, b = game.state, game.board
    mover = st.to_move
    naive = Naive(game)
    # hungry plots, nourishers, fertilized soils, sprouts, placements
    assert {i for i in b.plots if st.is_hungry(i)} == {i for i in b.plots if naive.hungry(i)}
    for i in b.plots:
        assert sorted(st.nourishers(i)) == sorted(j for j in naive.roots(i) if j is not None)
    fert = st.fertilized()
    for c in (0, 1):
        assert set(b.names(fert[c])) == set(b.names(naive.fertilized(c)))
    assert set(st._sprout_cells(mover)) == naive.sproutable(mover)
    legal = st.legal()
    assert {a for v, a in legal if v == "plant"} == naive.placements(mover)
    # a journey: slides, then the conversions at the stop
    movers = [a for v, a in legal if v == "move"]
    dendrids = [i for i, (c, k) in naive.p.items() if c == mover and k == 2]
    assert sorted(movers) == sorted(p for p in dendrids if naive.stops(p, mover))
    if not movers:
        return
    p = rng.choice(movers)
    game.play(f"move {b.name(p)}")
    assert {a for v, a in st.legal() if v == "slide"} == naive.stops(p, mover)
    target = rng.choice(sorted(naive.stops(p, mover)))
    game.play(f"slide {b.name(target)}")
    naive = Naive(game)
    compare_conversions(game, naive, mover)
    # convert something at random and judge again on the new board
    conv = [s for s in st.legal() if s[0] in ("sprout", "grow", "capture")]
    if conv:
        game.play(st.fmt(rng.choice(conv)))
        compare_conversions(game, Naive(game), mover)


def any_pieces_anywhere(ruleset, rng, densities):
    """A game on a random board (lagoons too) with any piece anywhere, each
    plot filled with a chance drawn from ``densities``."""
    game = Game(ruleset, board=rng.choice([{"shape": "hexagon", "size": 5},
                                           {"shape": "hexagon", "size": 7},
                                           "flower-13"]))
    st = game.state
    for i in st.board.plots:
        if rng.random() < rng.choice(densities):
            st._put(i, rng.randint(1, 6))
    return game


@settings(max_examples=40, deadline=None)
@given(seed=hs.integers(0, 2 ** 32 - 1),
       ruleset=hs.sampled_from(["dendria-classic", "dendria-sprites"]))
def test_the_lanes_of_one_fill_give_hunger_and_fertilization(seed, ruleset):
    """Hunger and both colours' fertilization are found together, in three
    lanes of one bitboard int per direction: each lane gives the naive
    reading, with any pieces anywhere, on boards with lagoons too, under
    both edge-sight options (classic literal, sprites touching)."""
    rng = random.Random(seed)
    game = any_pieces_anywhere(ruleset, rng, (0.1, 0.4, 0.8))
    st = game.state
    b = st.board
    naive = Naive(game)
    assert (set(b.names(st.hungry_mask()))
            == {b.name(i) for i in b.plots if naive.hungry(i)})
    empty = b.plot_mask & ~st.occ
    for colour in (0, 1):
        fert, near = st._fert(colour)
        assert set(b.names(fert)) == set(b.names(naive.fertilized(colour)))
        # the pieces next to an empty plot this colour does not fertilize
        assert near == b.dilate(empty & ~fert) & st.occ


@settings(max_examples=40, deadline=None)
@given(seed=hs.integers(0, 2 ** 32 - 1),
       ruleset=hs.sampled_from(["dendria-classic", "dendria-sprites"]))
def test_fertilization_kept_up_after_a_sprout_is_the_naive_reading(seed, ruleset):
    """A sprout changes no occupancy, only the mover's dendrids: the engine
    adds the new dendrid's light to the facts it had (no new fill). After
    every sprout of a random board (lagoons too), the mover's fertilization
    it keeps is the naive reading, and the same as a fresh fill's."""
    rng = random.Random(seed)
    game = any_pieces_anywhere(ruleset, rng, (0.2, 0.5, 0.8))
    st = game.state
    b = st.board
    seeds = [i for i in b.plots if st.cells[i] in (1, 4)]
    rng.shuffle(seeds)
    for s in seeds[:6]:
        colour = 0 if st.cells[s] == 1 else 1
        st._fert(colour)                       # the facts before, as a legal() would ask
        st._put(s, 3 + 3 * colour)            # the sprout's change of the board
        st._fert_after_sprout(st.bb[3 + 3 * colour] & ~(1 << s), s, colour)
        kept = st._memo.fert[(st.occ, st.bb[3 + 3 * colour])]
        naive = Naive(game)
        assert set(b.names(kept[0])) == set(b.names(naive.fertilized(colour)))
        empty = b.plot_mask & ~st.occ
        assert kept[1] == b.dilate(empty & ~kept[0]) & st.occ
        assert kept == st._sight()[1 + colour]


def test_placement_reasons_agree_with_legal_placements():
    """The engine says why not exactly where it lists no placement (both
    colours, classic and sprites sowing), so explanations never contradict
    what is legal."""
    for ruleset in ("dendria-classic", "dendria-sprites"):
        game = Game(ruleset, size=5)
        st = game.state
        rng = random.Random(2)
        for _ in range(120):
            if st.over:
                break
            for mover in (0, 1):
                legal = st.legal_placements(mover)
                for i in st.board.plots:
                    reason = st.placement_refusal(i, mover)
                    assert (reason is None) == bool(legal >> i & 1), (st.board.name(i), reason)
            st.apply(rng.choice(st.legal()))


def test_sprout_reasons_agree_with_the_sprouts_the_engine_offers():
    """explain.conversions says why not exactly for the seeds the engine
    would not let the mover sprout."""
    from dendria_widget.explain.dendria import conversions

    for ruleset in ("dendria-classic", "dendria-sprites"):
        game = Game(ruleset, size=5)
        st = game.state
        rng = random.Random(5)
        for _ in range(150):
            if st.over:
                break
            for mover in (0, 1):
                able = {st.board.name(i) for i in st._sprout_cells(mover)}
                facts = conversions(game, mover)["sprout"]
                assert {c for c, why in facts.items() if why is None} == able
            st.apply(rng.choice(st.legal()))


def memo_entry_now(st, key):
    """A dead-end memo entry judged afresh: a copy of ``st`` put in the turn
    state the key describes (board and turn scalars), memos empty."""
    (cells, phase, to_move, jid, jdir, jcapt, slid, jstart, trees0, planted, grew,
     opening_turn) = key
    probe = st.clone()
    for i in probe.board.plots:
        if probe.cells[i] != cells[i]:
            probe._put(i, cells[i])
    probe.phase, probe.to_move, probe.jid, probe.jdir, probe.jcapt = (
        phase, to_move, jid, jdir, jcapt)
    probe.slides = 1 if slid else 0
    probe.jstart, probe.trees0, probe.planted, probe.grew = jstart, trees0, planted, grew
    probe.opening_turn = opening_turn
    probe._fin, probe._fin_saved = {}, []
    return probe._can_finish()


@pytest.mark.parametrize("ruleset", ["dendria-sprites", "dendria-classic"])
@settings(max_examples=6, deadline=None)
@given(seed=hs.integers(0, 2 ** 32 - 1))
def test_dead_end_memo_kept_across_ends_stays_exact(ruleset, seed):
    """The dead-end memo is set aside at an end and given back when that end
    is taken back. After a random game's opening and then a walk of steps
    and undos (ends pushed and popped, as a player looking ahead does),
    every entry of the memo in use is what a fresh search gives now, and
    every legal list is the one a fresh replay of the same steps gives."""
    rng = random.Random(seed)
    game = Game(ruleset, size=4)
    st = game.state
    for _ in range(rng.randint(30, 90)):
        if st.over:
            break
        legal = st.legal()
        st.push(rng.choice([s for s in legal if s[0] != "pass"] or legal))
    for n in range(100):
        if st.step_count and (st.over or rng.random() < 0.25):
            for _ in range(rng.randint(1, 4)):
                st.undo()
        else:
            legal = st.legal()
            ends = [s for s in legal if s[0] == "end"]
            st.push(ends[0] if ends and rng.random() < 0.5 else rng.choice(legal))
        if n % 3 == 0:
            for key, ok in list(st._fin.items()):
                assert memo_entry_now(st, key) == ok, key
        if n % 10 == 0:
            fresh = Game(game.rules).state
            for step in st.steps():
                fresh.push(step)
            assert st.legal() == fresh.legal()
