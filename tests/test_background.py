"""Background work without threads (dendria_widget/background.py): in the
browser (Pyodide) no thread can start, and the players and the hint think
on the event loop instead; Stop still stops them."""

import asyncio
import threading

import pytest

from dendria_widget import BoardWidget, Game, background
from dendria_widget.players import GreedyPlayer, MCTSPlayer, RandomPlayer


@pytest.fixture
def no_threads(monkeypatch):
    """A Python where starting a thread fails as it does under Pyodide."""
    started = []

    def refuse(self):
        started.append(self.name)
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    return started


def test_work_runs_on_a_thread_where_threads_exist():
    async def scenario():
        seen = []
        task = background.start(lambda: seen.append(threading.current_thread().name),
                                lambda: seen.append("done"), asyncio.get_running_loop(),
                                name="dendria-test")
        assert task.threaded
        while "done" not in seen:
            await asyncio.sleep(0.01)
        assert seen == ["dendria-test", "done"] and not task.is_alive()

    asyncio.run(scenario())


def test_without_threads_work_runs_on_the_loop_after_the_caller_returns(no_threads):
    async def scenario():
        seen = []
        task = background.start(lambda: seen.append(threading.current_thread().name),
                                lambda: seen.append("done"), asyncio.get_running_loop())
        assert no_threads and not task.threaded
        assert seen == [] and task.is_alive()       # not yet: the caller goes on first
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert seen == [threading.main_thread().name, "done"] and not task.is_alive()
        # join runs it at once, and done still comes from the loop
        seen.clear()
        task = background.start(lambda: seen.append("work"), lambda: seen.append("done"),
                                asyncio.get_running_loop())
        assert task.join() and seen == ["work"]
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert seen == ["work", "done"]             # run once, not twice

    asyncio.run(scenario())


def test_the_platform_check_avoids_even_trying_a_thread(monkeypatch):
    monkeypatch.setattr(background.sys, "platform", "emscripten")
    assert not background.threads_available()

    async def scenario():
        seen = []
        task = background.start(lambda: seen.append(threading.current_thread().name),
                                lambda: None, asyncio.get_running_loop())
        assert not task.threaded
        task.join()
        assert seen == [threading.main_thread().name]

    asyncio.run(scenario())


def test_players_without_threads_play_stop_and_hint(no_threads):
    """The Players tab with no thread: a computer player answers a turn; Stop
    pressed before it thinks plays nothing; two players play a game to its
    end; the hint arrives."""

    async def settle(panel, limit=2000):
        for _ in range(limit):
            if not panel.thinking:
                return
            await asyncio.sleep(0.001)
        raise AssertionError("the player never finished")

    async def scenario():
        board = BoardWidget(Game("dendria-classic", size=4), light=GreedyPlayer(seed=1))
        panel = board.players_panel
        board.play("plant c3", "end")           # Light's computer player is asked
        assert panel.thinking and "thinking" in board.status
        steps = board.game.step_count
        panel.stop_button.click()                # the click arrives before it thinks
        await settle(panel)
        assert board.game.step_count == steps and "Stopped" in panel.message.value
        panel.play_button.click()                # Play: it thinks and answers now
        await settle(panel)
        assert board.game.to_move == "dark" and len(board.game.history) == 2
        assert "played" in panel.message.value and panel.turns_played == 1
        # the hint, with an iteration budget: the same as MCTS's own choice
        panel.budget.value = "iterations"
        panel.iterations.value = 20
        assert panel.ask_hint()
        await settle(panel)
        expected = MCTSPlayer(seed=panel.seed, iterations=20).choose_turn(board.game)
        assert panel.hint is not None, panel.message.value
        assert panel.hint["turn"] == expected

        # two computer players play a whole game, one turn at a time on the loop
        watched = BoardWidget(Game("hedu", size=3), black=RandomPlayer(seed=1),
                              white=GreedyPlayer(seed=2))
        for _ in range(5000):
            if watched.game.is_over:
                break
            await asyncio.sleep(0.001)
        assert watched.game.is_over
        assert watched.players_panel.turns_played == len(watched.game.history)
        # and a Stop between two turns pauses them
        board2 = BoardWidget(Game("hedu", size=3), black=RandomPlayer(seed=3),
                             white=RandomPlayer(seed=4))
        await asyncio.sleep(0.01)
        board2.players_panel.stop_button.click()
        await settle(board2.players_panel)
        played = len(board2.game.history)
        for _ in range(20):
            await asyncio.sleep(0.001)
        assert len(board2.game.history) == played and not board2.game.is_over
        assert board2.players_panel.paused

    asyncio.run(scenario())
    assert no_threads                            # a thread was tried, and refused
