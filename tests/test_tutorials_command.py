"""`dendria-widget tutorials [DIR]`: the notebooks and the docs, copied for a
learner who installed the package with pip; a learner's work is kept."""

import json
import pathlib

import pytest
from test_nothing_lost import _trusted   # is a notebook trusted (its signature)

from dendria_widget.__main__ import main
from dendria_widget.tutorials import files, source

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_help_names_the_command(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: dendria-widget ")
    assert "python -m" not in out and "tutorials" in out


@pytest.fixture(autouse=True)
def own_jupyter_data(tmp_path, monkeypatch):
    """Each test signs notebooks in a Jupyter data folder of its own, never
    in the real home."""
    folder = tmp_path / "jupyter-data"
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(folder))
    return folder


def test_the_copied_notebooks_are_trusted_but_not_a_learners_own(tmp_path, capsys,
                                                                  own_jupyter_data):
    """JupyterLab keeps the style of a trusted notebook's saved output, so
    the lessons' saved pictures follow a dark theme: the command marks the
    notebooks it wrote as trusted (in Jupyter's own database, under the data
    folder) and leaves alone a notebook the learner already had."""
    dest = tmp_path / "nb"
    (dest).mkdir()
    mine = dest / "01_board.ipynb"
    mine.write_text((ROOT / "tutorials" / "01_board.ipynb").read_text("utf-8")
                    .replace("Lesson 01", "My lesson 01"), encoding="utf-8")
    assert not _trusted(mine)
    assert main(["tutorials", str(dest)]) == 0
    assert "trusted" in capsys.readouterr().out
    copied = sorted(dest.glob("*.ipynb"))
    assert len(copied) > 10
    assert [p.name for p in copied if not _trusted(p)] == ["01_board.ipynb"]
    assert (own_jupyter_data / "nbsignatures.db").is_file()
    # an edit after the copy is not trusted: the signature is of the content
    nb = dest / "02_roots.ipynb"
    nb.write_text(nb.read_text("utf-8").replace("Lesson 02", "Lesson two"), encoding="utf-8")
    assert not _trusted(nb)


def test_copies_every_notebook_and_the_docs(tmp_path, capsys):
    dest = tmp_path / "nb"
    assert main(["tutorials", str(dest)]) == 0
    out = capsys.readouterr().out
    notebooks = sorted(p.name for p in (ROOT / "tutorials").glob("*.ipynb"))
    assert sorted(p.name for p in dest.glob("*.ipynb")) == notebooks
    assert files(dest / "docs") == files(ROOT / "docs")
    assert (dest / "docs" / "rules.md").read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()
    first = "index.ipynb" if "index.ipynb" in notebooks else "00_start_here.ipynb"
    assert f"jupyter lab {dest / first}" in out
    for nb in dest.glob("*.ipynb"):
        text = nb.read_text("utf-8")
        json.loads(text)  # still a notebook
        assert "](../docs/" not in text
        for link in ("](docs/rules.md)", "](docs/notation.md)"):
            if link.replace("](", "](../") in (ROOT / "tutorials" / nb.name).read_text("utf-8"):
                assert link in text


def test_default_folder_and_a_learners_work_is_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["tutorials"]) == 0
    nb = tmp_path / "dendria-tutorials" / "00_start_here.ipynb"
    nb.write_text("my notes", encoding="utf-8")
    capsys.readouterr()
    assert main(["tutorials"]) == 0
    assert nb.read_text("utf-8") == "my notes"
    assert "Kept dendria-tutorials" in capsys.readouterr().out
    assert main(["tutorials", "--overwrite"]) == 0
    assert nb.read_bytes() != b"my notes"


def test_a_file_in_the_way_is_a_sentence_not_a_traceback(tmp_path, capsys):
    target = tmp_path / "notes.txt"
    target.write_text("x", encoding="utf-8")
    assert main(["tutorials", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "is a file, not a folder" in err
    assert "Traceback" not in err and target.read_text("utf-8") == "x"


def test_a_clone_reads_its_own_folders():
    # editable installs and the test suite read tutorials/ and docs/ of the clone
    assert source("tutorials") == ROOT / "tutorials"
    assert source("docs") == ROOT / "docs"
