"""One largest board everywhere: ``geometry.MAX_SIZE`` is what the API, the
records, the Rules tab and the command line accept; a larger hexagon is
refused in words (a DendriaError naming the largest side), never tried."""

import io
import json

import pytest

from dendria_widget import BoardWidget, Game
from dendria_widget.__main__ import main
from dendria_widget.errors import BadBoard, DendriaError
from dendria_widget.geometry import MAX_SIZE, Board


def test_the_largest_side_is_a_board_and_one_more_is_refused_in_words():
    assert len(Board.hexagon(MAX_SIZE).plots) == 3 * MAX_SIZE * (MAX_SIZE - 1) + 1
    with pytest.raises(BadBoard) as info:
        Board.hexagon(MAX_SIZE + 1)
    text = str(info.value)
    assert f"at most {MAX_SIZE}" in text and str(MAX_SIZE + 1) in text
    assert "too long" in text


@pytest.mark.parametrize("ruleset", ["dendria-classic", "dendria-sprites", "hedu"])
def test_the_api_and_records_refuse_a_larger_board(ruleset):
    with pytest.raises(DendriaError, match=f"at most {MAX_SIZE}"):
        Game(ruleset, size=MAX_SIZE + 1)
    with pytest.raises(DendriaError, match=f"at most {MAX_SIZE}"):
        Game.from_position({"pieces": {}},
                           rules={"ruleset": ruleset,
                                  "board": {"shape": "hexagon", "size": MAX_SIZE + 1}})
    record = json.loads(Game(ruleset, size=5).to_json())
    record["rules"]["board"]["size"] = MAX_SIZE + 1
    with pytest.raises(DendriaError, match=f"at most {MAX_SIZE}"):
        Game.from_record(record)


def test_the_rules_tab_offers_up_to_the_largest_side():
    w = BoardWidget(Game("dendria-classic", size=5))
    size = w.rules_panel.size
    assert (size.min, size.max) == (2, MAX_SIZE)
    size.value = MAX_SIZE + 5          # the box keeps within its bounds
    assert size.value == MAX_SIZE


def test_the_command_line_refuses_a_larger_board_in_words(capsys):
    out = io.StringIO()
    code = main(["lab", "--size", str(MAX_SIZE + 1), "--games", "1", "--no-progress"])
    printed = capsys.readouterr()
    text = printed.out + printed.err + out.getvalue()
    assert code == 1
    assert f"at most {MAX_SIZE}" in text and "Traceback" not in text
