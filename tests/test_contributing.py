"""CONTRIBUTING.md names real files and real engine queries."""

import pathlib
import re

from dendria_widget import Game
from dendria_widget.rules.dendria import DendriaState
from dendria_widget.rules.hedu import HeduState

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEXT = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def _paths():
    """Every backquoted file or folder the guide names (with a '/' or a
    file suffix), e.g. `dendria_widget/rules/` or `setup.py`."""
    out = set()
    for token in re.findall(r"`([^`\s]+)`", TEXT):
        if "/" in token or re.search(r"\.(py|md|toml|sh)$", token):
            out.add(token.replace("lNN_<stem>.py", ""))
    return sorted(out)


def test_the_guide_names_files():
    assert len(_paths()) > 30
    assert "dendria_widget/rules/refusal.py" in _paths()


def test_every_file_the_guide_names_exists():
    missing = [p for p in _paths() if not (ROOT / p).exists()]
    assert not missing, f"CONTRIBUTING.md names files that do not exist: {missing}"


def test_the_engine_queries_the_guide_names_exist():
    for name in ("lit_by", "roots", "slide_targets", "refusal", "legal", "apply", "push",
                 "undo"):
        assert callable(getattr(DendriaState, name)), name
    for name in ("deciding_entry", "prisoners_taken"):
        assert callable(getattr(HeduState, name)), name
    for name in ("outcome", "refusal", "why_illegal", "legal_steps", "end_reason"):
        assert hasattr(Game, name), name
