"""A notebook with a board, exported to HTML with the README's command
(``jupyter nbconvert --execute --to html --ClearMetadataPreprocessor.enabled=True``),
shows the board as SVG in Chromium without a network. (The plain command
keeps the widget state and shows the widget view instead, whose scripts
come from the network: offline its output is empty.)"""

import subprocess
import sys

import nbformat
import pytest

pytestmark = pytest.mark.browser

SOURCE = ("from dendria_widget import BoardWidget, Game\n"
          "g = Game('dendria-classic', size=5)\n"
          "g.play('plant c3', 'end')\n"
          "BoardWidget(g)")


def export(folder, name, *flags):
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--execute", "--to", "html",
                    *flags, "board.ipynb", "--output", name],
                   cwd=folder, check=True, capture_output=True, timeout=240)
    return folder / f"{name}.html"


def test_exported_html_shows_the_board_offline(lab_browser, lab_env, tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.cells.append(nbformat.v4.new_code_cell(SOURCE))
    nbformat.write(nb, str(tmp_path / "board.ipynb"))
    readme = export(tmp_path, "readme", "--ClearMetadataPreprocessor.enabled=True")
    html = readme.read_text()
    assert "dendria-still" in html            # the board's picture (widget/still.py)
    assert "widget-view+json" not in html

    # no network at all for this page: every request that leaves the file fails
    context = lab_browser.new_context(viewport={"width": 1000, "height": 900}, offline=True)
    try:
        page = context.new_page()
        page.goto(readme.as_uri())
        # the board's picture is an image (an SVG data URI): loaded and large
        board = page.locator(".dendria-still img.dw-light").first
        box = board.bounding_box()
        assert box is not None and box["width"] > 300 and box["height"] > 300
        assert board.evaluate("(img) => img.complete && img.naturalWidth") > 300
        # and it is the board of the game: the seed planted on c3 is drawn
        from dendria_widget import BoardWidget, Game
        from dendria_widget.render.svg import data_uri, scene_to_svg

        g = Game("dendria-classic", size=5)
        g.play("plant c3", "end")
        w = BoardWidget(g)
        light = scene_to_svg(w.session.export_scene("light", w.board_canvas.width))
        assert board.get_attribute("src") == data_uri(light)
        assert "Error displaying widget" not in page.locator("body").inner_text()
        page.screenshot(path=str(tmp_path / "export-offline.png"))
    finally:
        context.close()
