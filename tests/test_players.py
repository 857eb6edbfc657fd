"""Computer players: legal whole turns for every ruleset and opening, the
game they are given left alone, reproducible with a seed and iterations."""

import threading

import pytest

from dendria_widget import DendriaError, Game
from dendria_widget.players import (GreedyPlayer, MCTSPlayer, RandomPlayer, play_game,
                                    player_from_name, seat_to_move, seats)

from conftest import snapshot, stop_after_thinking

# every opening of every ruleset, on tiny boards
VARIANTS = [
    ("dendria-classic", {}),                          # pie
    ("dendria-classic", {"opening": "komi-pie", "komi_max": 4}),
    ("dendria-classic", {"opening": "none"}),
    ("dendria-sprites", {}),                          # komi-pie
    ("dendria-sprites", {"opening": "pie"}),
    ("hedu", {}),                                     # pie
    ("hedu", {"opening": "none"}),
]
IDS = [f"{r}-{o.get('opening', 'default')}" for r, o in VARIANTS]


def fast_players(seed):
    return [RandomPlayer(seed=seed), GreedyPlayer(seed=seed),
            MCTSPlayer(seed=seed, iterations=8)]


def check_turn(game, player):
    """The player's turn leaves the game alone and is one legal whole turn."""
    before = snapshot(game)
    record = game.to_record()
    turn = player.choose_turn(game)
    assert snapshot(game) == before and game.to_record() == record
    assert turn, "a turn has at least one step"
    turns = len(game.history)
    game.play(*turn)                      # IllegalStep if any step is refused
    assert len(game.history) == turns + 1
    assert not game.state.current         # the turn is closed, not left open
    assert [str(s) for s in game.history[-1]] == [str(s) for s in turn]
    return turn


@pytest.mark.parametrize("ruleset,options", VARIANTS, ids=IDS)
def test_every_player_plays_legal_whole_turns(ruleset, options):
    verbs = set()
    for k, player in enumerate(fast_players(3)):
        game = Game(ruleset, size=3, **options)
        # whole games for random and greedy, the opening and some turns for MCTS
        limit = 10 if isinstance(player, MCTSPlayer) else 200
        while not game.is_over and len(game.history) < limit:
            turn = check_turn(game, player.with_seed(k + len(game.history)))
            verbs.update(s.verb for s in turn)
    opening = options.get("opening", "komi-pie" if ruleset == "dendria-sprites" else "pie")
    if opening == "komi-pie":
        assert {"komi", "side"} <= verbs
    assert verbs & {"plant", "place"}


def test_players_journey_and_convert_mid_game():
    """From a random mid-game position every player finds a whole turn, and
    the players' turns over a game include journeys (move ... end)."""
    for seed in (1, 2):
        game = Game("dendria-classic", size=4)
        play_game(game, RandomPlayer(seed=seed), RandomPlayer(seed=seed + 9), max_steps=60)
        while game.state.current:       # the cap may stop inside nothing: whole turns only
            game.undo()
        for player in fast_players(seed):
            if not game.is_over:
                check_turn(game.copy(), player)
    verbs = set()
    game = Game("dendria-classic", size=4)
    play_game(game, GreedyPlayer(seed=1), GreedyPlayer(seed=2), max_steps=400,
              on_turn=lambda g, t: verbs.update(s.verb for s in t))
    assert "move" in verbs and "slide" in verbs


def test_same_seed_same_turn_whatever_came_before():
    game = Game("dendria-classic", size=4)
    game.play("plant c3", "end", "plant b2", "end")
    for make in (lambda s: MCTSPlayer(seed=s, iterations=30, playout_turns=2),
                 lambda s: GreedyPlayer(seed=s), lambda s: RandomPlayer(seed=s)):
        a, b = make(5), make(5)
        other = Game("hedu", size=3)
        b.choose_turn(other)                  # b has played elsewhere first
        assert a.choose_turn(game) == b.choose_turn(game) == a.choose_turn(game)
    # random players with different seeds differ somewhere over a few positions
    turns = {tuple(RandomPlayer(seed=s).choose_turn(game)) for s in range(8)}
    assert len(turns) > 1


def test_mcts_reports_visit_shares_of_the_first_step():
    game = Game("dendria-classic", size=3, opening="none")
    player = MCTSPlayer(seed=1, iterations=40)
    turn = player.choose_turn(game)
    info = player.last_search
    assert info["visits"] == 40
    total = sum(info["cells"].values()) + sum(info["others"].values())
    assert abs(total - 1) < 1e-9
    assert all(game.board.has_name(c) for c in info["cells"])
    first = turn[0]
    # the first step played is the most visited one
    best = max(list(info["cells"].items()) + list(info["others"].items()),
               key=lambda kv: kv[1])[0]
    assert best in (first.arg, str(first))


def test_mcts_sees_the_reply_that_greedy_walks_into():
    """Dark's dendrid can grow the seedbed f1 from e3 and slide on: greedy,
    one turn ahead, takes the longer journey and leaves the new forest to
    Light's capture; MCTS looks at Light's reply and stays to guard it."""
    game = Game.from_position("dendria-classic h4 T3/2S2/s2S2/2Ss3/3S2/s4/d1D1 dark")

    def reply_to(turn):
        after = game.copy()
        after.play(*turn)
        return [s.verb for s in GreedyPlayer(seed=2).choose_turn(after)]

    greedy = GreedyPlayer(seed=1).choose_turn(game)
    assert "grow" in [s.verb for s in greedy] and "capture" in reply_to(greedy)
    for seed in (1, 2):
        turn = MCTSPlayer(seed=seed, iterations=20).choose_turn(game)
        assert "grow" in [s.verb for s in turn] and "capture" not in reply_to(turn)


def test_mcts_takes_a_won_game_and_keeps_a_lost_one_going():
    """Light's forest leads; after a pass, passing again ends the game: Light
    passes to win, Dark plays on rather than lose."""
    position = "dendria-classic h3 TT1/4/5/4/3 {}"
    for to_move, passes in (("dark", True), ("light", False)):
        game = Game.from_position(position.format(to_move))
        game.play("pass")
        for seed in (1, 2):
            turn = MCTSPlayer(seed=seed, iterations=10).choose_turn(game)
            assert ([s.verb for s in turn] == ["pass"]) is passes


def test_a_set_stop_event_still_gives_a_legal_turn_quickly():
    stop = threading.Event()
    stop.set()
    game = Game("dendria-classic", size=4)
    game.play("plant d4", "end")
    player = MCTSPlayer(seed=1, seconds=30)
    turn = player.choose_turn(game, stop)
    assert player.last_search["visits"] == 1
    game.play(*turn)


def test_seats_follow_swap_and_side():
    game = Game("dendria-classic", size=3)
    assert seat_to_move(game) == "first"
    game.play("plant b2", "end")
    assert seat_to_move(game) == "second"
    game.play("swap")              # the second player now holds dark; light moves
    assert seats(game) == {"first": "light", "second": "dark"}
    assert seat_to_move(game) == "first" and game.to_move == "light"
    game = Game("dendria-sprites", size=3)
    game.play("komi 2")
    assert seat_to_move(game) == "second"
    game.play("side dark")
    assert seats(game) == {"first": "light", "second": "dark"}
    assert seat_to_move(game) == "second" and game.to_move == "dark"
    game = Game("hedu", size=3)
    game.play("place b2", "swap")
    assert seats(game) == {"first": "white", "second": "black"}


def test_play_game_stops_at_the_step_cap_between_turns():
    game = play_game(Game("dendria-classic", size=4), RandomPlayer(seed=1),
                     RandomPlayer(seed=2), max_steps=25)
    assert 25 <= game.state.step_count and not game.state.current
    assert not game.is_over


def test_player_names_and_bad_input():
    assert player_from_name("random").name == "random"
    assert player_from_name("greedy", seed=3).seed == 3
    assert player_from_name("mcts:0.2").seconds == 0.2
    assert player_from_name("mcts:i500").iterations == 500
    assert player_from_name("MCTS:i7").name == "mcts:i7"
    assert player_from_name(GreedyPlayer(seed=1), seed=4).seed == 4
    for bad in ("mcts:fast", "alphazero", 3, "mcts:i0", "mcts:-1"):
        with pytest.raises(DendriaError):
            player_from_name(bad)
    with pytest.raises(DendriaError, match="not both"):
        MCTSPlayer(iterations=5, seconds=1)
    for bad in ({"c": -1}, {"scale": 0}, {"widen": "wide"}, {"beam": 0},
                {"playout_turns": 1.5}, {"prior_visits": True}, {"prior_visits": 0}):
        with pytest.raises(DendriaError, match=next(iter(bad))):
            MCTSPlayer(**bad)
    with pytest.raises(DendriaError, match="seed"):
        RandomPlayer(seed="x")
    over = Game("dendria-classic", size=3)
    over.play("plant a1", "end", "pass", "pass")
    with pytest.raises(DendriaError, match="over"):
        RandomPlayer().choose_turn(over)
    mid = Game("dendria-classic", size=3)
    mid.play("plant a1")
    with pytest.raises(DendriaError, match="under way"):
        GreedyPlayer().choose_turn(mid)


# ------------------------------------------------------------ the widget
def test_thinking_player_leaves_the_event_loop_free_and_stop_stops_it():
    """In a kernel the event loop runs other cells while a player thinks in
    its thread; Stop ends the thinking and nothing is played."""
    import asyncio
    import time

    from dendria_widget import BoardWidget

    async def scenario():
        board = BoardWidget(Game("dendria-classic", size=4),
                            light=MCTSPlayer(seed=1, seconds=60))
        panel = board.players_panel
        board.play("plant c3", "end")           # Light's computer player starts thinking
        assert panel.thinking and "thinking" in board.status
        assert not panel.stop_button.disabled
        ticks = 0
        for _ in range(10):                     # "another cell": the loop keeps running
            await asyncio.sleep(0.02)
            ticks += 1
        # the loop ran while the player thinks (its 60 s are not over: had the
        # thinking blocked the loop, it would have played its turn by now)
        assert ticks == 10 and panel.thinking
        steps = board.game.state.step_count
        board.click_cell("e5")                  # a click is refused while it thinks
        assert board.game.state.step_count == steps and "thinking" in board.status
        panel.stop_button.click()
        deadline = time.monotonic() + 300       # a generous bound, not a measure
        while panel.thinking and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        # stopped, not run out of its 60 s: a player whose budget runs out plays
        # its turn; a stopped one plays nothing and says so
        assert not panel.thinking
        assert board.game.state.step_count == steps and "Stopped" in panel.message.value
        assert panel.stop_button.disabled
        # Play lets it think again; with an iteration budget it plays its turn
        panel.players[1] = MCTSPlayer(seed=1, iterations=10)
        panel.play_button.click()
        assert panel.thinking
        while panel.thinking:
            await asyncio.sleep(0.01)
        assert len(board.game.history) == 2 and board.game.to_move == "dark"
        # a player whose game changes while it thinks plays nothing
        panel.players[0] = MCTSPlayer(seed=1, seconds=60)
        panel.play_button.click()
        assert panel.thinking
        board.undo()                             # the game moved on
        while panel.thinking:
            await asyncio.sleep(0.01)
        assert board.game.state.step_count == steps + 1    # only the undo happened

    asyncio.run(scenario())


def test_watch_two_computer_players_in_the_widget():
    import asyncio
    import time

    from dendria_widget import BoardWidget

    async def scenario():
        board = BoardWidget(Game("hedu", size=3), black=RandomPlayer(seed=1),
                            white=GreedyPlayer(seed=2))
        panel = board.players_panel
        deadline = time.monotonic() + 300       # they think on threads: wait for the end
        while not board.game.is_over and time.monotonic() < deadline:
            await asyncio.sleep(0.005)
        assert board.game.is_over and panel.turns_played == len(board.game.history)
        assert not panel.thinking

    asyncio.run(scenario())


def test_hint_draws_the_turn_and_the_heat_map_with_a_key():
    from dendria_widget import BoardWidget

    board = BoardWidget(Game("dendria-classic", size=4, opening="none"))
    panel = board.players_panel
    panel.budget.value = "iterations"            # the same hint on any machine
    panel.iterations.value = 30
    assert panel.ask_hint()                      # no event loop here: thinks at once
    hint = panel.hint
    assert hint["name"] == "mcts:i30" and hint["search"]["visits"] == 30
    expected = MCTSPlayer(seed=panel.seed, iterations=30).choose_turn(board.game)
    assert hint["turn"] == expected and hint["turn"][0].verb == "plant"
    scene = board.scene()
    heat = scene.find("heat")
    # the heat map shades only the most visited cells, until they hold 80% of
    # the search (at most 10 of them): the rest of the board stays plain
    cells = sorted(hint["search"]["cells"].items(), key=lambda kv: (-kv[1], kv[0]))
    shaded = {s.tag[5:] for s in heat}
    assert heat and shaded == set(hint.shaded()) and len(shaded) <= 10
    held = sum(share for name, share in cells if name in shaded)
    assert held >= 0.8 - 1e-9 or len(shaded) == 10
    assert min(hint.shaded().values()) >= max(
        (share for name, share in cells if name not in shaded), default=0)
    assert scene.find("hint:" + hint["turn"][0].arg)
    said = " ".join(t.text for t in scene.find("hint-key"))
    assert said.startswith("Hint from the MCTS player (30 tries a turn): plant ")
    assert "mcts" not in said            # the player in words, not its name
    # the status says it is ready, with the best turns and their shares
    best = hint["search"]["turns"][0]
    assert board.status.startswith(f"The hint for Dark is ready: {', '.join(best[0])} "
                                   f"({round(100 * best[1])}% of the search)")
    panel.clear_hint()
    assert panel.ask_hint() and panel.hint["turn"] == expected    # asked again: the same
    before = board.game.to_record()
    board.game.play(*hint["turn"])               # the suggestion is a legal turn
    board.sync()
    assert not board.scene().find("heat")        # a stale hint is not drawn
    assert board.game.to_record() != before


def test_the_hint_key_stands_below_the_board_readable_in_every_theme():
    """The hint's words go below the board (after any overlay's key), never
    over the cell names round it; the picture grows to hold them; they read
    at a contrast of at least 4.5 on the light and the dark background."""
    from dendria_widget import BoardWidget
    from dendria_widget.render.theme import contrast

    for theme in ("light", "dark"):
        for overlays in ((), ("fertilization", "nutrients")):
            board = BoardWidget(Game("dendria-classic", size=4, opening="none"), theme=theme,
                                overlays=overlays)
            panel = board.players_panel
            panel.budget.value = "iterations"
            panel.iterations.value = 20
            assert panel.ask_hint()
            scene = board.scene()
            key = scene.find("hint-key")
            assert " ".join(t.text for t in key).startswith(
                "Hint from the MCTS player (20 tries a turn): ")
            below = max((s.y for s in scene.find("caption") + scene.find("key")),
                        default=scene.board_height)
            assert all(t.y > below for t in key)
            # right under what the keys draw now, not under the empty rows
            # they keep for symbols not drawn
            assert key[0].y - below < 40, (key[0].y, below)
            assert all(t.y < scene.height for t in key)
            assert not scene.find("key-room")          # no "keys appear here" under it
            for t in key:
                assert contrast(t.fill, board.theme.background) >= 4.5, (theme, t.text)


def test_the_players_panel_offers_seconds_or_iterations_for_mcts():
    from dendria_widget import BoardWidget

    panel = BoardWidget(Game("dendria-classic", size=4)).players_panel
    assert panel.budget.description == "MCTS thinks for"
    assert [label for label, _ in panel.budget.options] == ["seconds", "iterations"]
    assert (panel.seconds.description, panel.iterations.description) == \
        ("seconds a turn", "iterations a turn")
    assert panel.budget.value == "seconds" and panel.iterations.disabled   # the default
    p = panel.mcts()
    assert (p.seconds, p.iterations) == (1.0, None)
    panel.budget.value = "iterations"
    assert panel.seconds.disabled and not panel.iterations.disabled
    panel.iterations.value = 40
    panel.pickers[1].value = "mcts"              # the second seat: MCTS, with that budget
    p = panel.player("second")
    assert (p.iterations, p.seconds, p.name) == (40, None, "mcts:i40")
    assert p.words == "the MCTS player (40 tries a turn)"
    panel.budget.value = "seconds"
    panel.seconds.value = 0.5
    assert panel.player("second").seconds == 0.5 and not panel.seconds.disabled


def test_board_widget_opens_a_record_and_refuses_a_non_player():
    from dendria_widget import BoardWidget

    game = Game("dendria-classic", size=3)
    game.play("plant b2", "end")
    board = BoardWidget.from_record(game.to_json(), dark=RandomPlayer(seed=1))
    assert board.game == game
    with pytest.raises(DendriaError, match="Player"):
        BoardWidget(game, light="mcts")
    with pytest.raises(DendriaError, match="not both"):
        BoardWidget(game, dark=RandomPlayer(), black=RandomPlayer())


def test_every_player_is_said_in_words():
    """What the Players tab and a hint's key say of a player: words, never
    its name for code ('mcts:i1')."""
    assert player_from_name("random").words == "the random player"
    assert player_from_name("greedy").words == "the greedy player"
    assert player_from_name("mcts:i1").words == "the MCTS player (1 try a turn)"
    assert player_from_name("mcts:0.5").words == "the MCTS player (0.5 s a turn)"


def test_players_decide_the_pie_swap_by_the_evaluation():
    # after Dark's opening seed the random player swaps when its playouts
    # value the seed's side more: for some openings, not for others (a
    # uniformly random player swapped in 4 games of 1,000)
    from dendria_widget.players import Line, opening_choice

    start = Game("dendria-classic", size=4)
    cells = sorted({start.board.name(s[1]) for s in start.legal_steps() if s[0] == "plant"})
    decisions = []
    for cell in cells[::3]:
        game = Game("dendria-classic", size=4)
        game.play(f"plant {cell}", "end")
        turn = [str(s) for s in RandomPlayer(seed=1).choose_turn(game)]
        assert turn == ["swap"] or "swap" not in turn
        decisions.append(turn == ["swap"])
        # the same choice as the evaluation's, which leaves the game as it was
        line = Line(game)
        choice = opening_choice(line, RandomPlayer(seed=1)._rng(game))
        assert (choice is not None) == (turn == ["swap"]) and line.depth == 0
    assert any(decisions) and not all(decisions)
    # no swap to decide: no opening choice
    game = Game("dendria-classic", size=4)
    assert opening_choice(Line(game), RandomPlayer(seed=1)._rng(game)) is None


def test_the_lab_counts_the_swaps():
    from dendria_widget import lab

    result = lab.run({"ruleset": "dendria-classic", "board": {"shape": "hexagon", "size": 3}},
                     ["random", "random"], games=12, seed=4, workers=1, progress=False)
    for row, record in zip(result.games.itertuples(), result.records):
        game = Game.from_record(record)
        assert row.swapped == any(str(s) == "swap" for turn in game.history for s in turn)
    s = result.summary().loc[0]
    assert s["swap_rate"] == result.games["swapped"].mean() and s["swap_rate"] > 0.2
    assert s["swap_rate_low"] <= s["swap_rate"] <= s["swap_rate_high"]


@pytest.mark.parametrize("make", [lambda: MCTSPlayer(seed=1, seconds=60),
                                  lambda: GreedyPlayer(seed=1)], ids=["mcts", "greedy"])
def test_stop_takes_effect_at_once_on_the_largest_board(make):
    # one expansion of a side-40 position (4,800 first steps, each valued)
    # took 30-35 s; the search now looks at the stop between two steps. The
    # largest board there is now (geometry.MAX_SIZE) is the hardest case.
    from dendria_widget.geometry import MAX_SIZE

    game = Game("dendria-classic", size=MAX_SIZE)
    centre = game.board.name(game.board.id_at(0, 0))
    game.play(f"plant {centre}", "end")                       # the pie swap is open too
    # Timed from the press of Stop in the processor time of the thread that
    # thinks (its own clock): a busy machine delays that thread but does not
    # make it do more, so it cannot make this fail.
    turn, late = stop_after_thinking(lambda stop: make().choose_turn(game, stop),
                                     f"side {MAX_SIZE}")
    print(f"stopped after {late:.3f} s of thinking after Stop")
    assert late < 1.0                                # measured 0.01-0.03 s
    check = game.copy()
    check.play(*turn)                                   # a whole legal turn all the same
    assert not check.turn_under_way
