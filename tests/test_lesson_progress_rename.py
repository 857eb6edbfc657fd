"""Saved progress keeps working after the lessons were renumbered (01..N,
11_sprites_power split in two) and exercises renamed: a progress file
written by the earlier version is read with its marks under today's
lessons and titles, and the file is rewritten that way on the next mark."""

from __future__ import annotations

import json

from dendria_widget.lessons import Progress, catalog, load
from dendria_widget.lessons.progress import MOVED, RENAMED, migrate

OLD_FILE = {"version": 1, "solved": {
    "02_roots": ["Feed the seed", "Two with one"],
    "11_sprites_power": ["A seed on the edge", "Sprout before you slide"],
    "11_sprites_protection": ["Save your forest"],
    "12_sprites_boards": ["Grow on the atoll"],
    "13_hedu": ["Leave no room"],
    "13_hedu_score": ["Take a prisoner"],
    "14_teachers": ["Set up a tie"],
}}


def test_every_new_name_is_a_lesson_and_every_moved_title_an_exercise():
    names = {lesson.name: lesson for lesson in catalog()}
    assert set(RENAMED.values()) <= set(names)
    assert not set(RENAMED) & set(names), "an old name is a lesson's name today"
    for (old, _), (new, title) in MOVED.items():
        assert title in [ex.title for ex in names[new].exercises()], (new, title)


def test_an_old_progress_file_is_read_under_todays_names(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(OLD_FILE), encoding="utf-8")
    p = Progress(path)
    assert p.solved(load("02_roots")) == ["Feed the seed", "Nourish a1 and g1 together"]
    assert p.solved(load("11_sprites_power")) == []
    assert p.solved(load("12_sprites_converting")) == ["Sprout before you slide"]
    assert p.solved(load("13_sprites_sowing")) == ["A seed on the edge"]
    assert p.solved(load("14_sprites_protection")) == ["Save your forest"]
    assert p.solved(load("15_sprites_boards")) == ["Grow across the water"]
    assert p.solved(load("16_hedu")) == ["Leave no room"]
    assert p.solved(load("17_hedu_score")) == ["Take a prisoner"]
    assert p.solved(load("18_teachers")) == ["Set up a tie"]
    # the next mark rewrites the file under today's names, nothing lost
    sowing = load("13_sprites_sowing")
    p.mark_solved(sowing, "Sow between")
    saved = json.loads(path.read_text(encoding="utf-8"))["solved"]
    assert "11_sprites_protection" not in saved and "13_hedu" not in saved
    assert saved["13_sprites_sowing"] == ["A seed on the edge", "Sow between"]
    assert saved["12_sprites_converting"] == ["Sprout before you slide"]
    assert saved["17_hedu_score"] == ["Take a prisoner"]


#: A progress file of the version before the lessons after 11 moved one on
#: (12_sprites_sowing ... 17_teachers; 18 and 19 were not lessons) and
#: 11_sprites_power gave its converting pages to 12_sprites_converting.
LAST_FILE = {"version": 1, "solved": {
    "11_sprites_power": ["Downhill", "Sprout as the move starts, level 2 of 4",
                         "Sprout before you slide"],
    "12_sprites_sowing": ["Sow between"],
    "13_sprites_protection": ["Save your forest"],
    "14_sprites_boards": ["Grow across the water"],
    "15_hedu": ["Leave no room"],
    "16_hedu_score": ["Take a prisoner"],
    "17_teachers": ["Set up a tie"],
}}


def test_the_lessons_11_to_17_of_the_last_version_keep_their_marks(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps(LAST_FILE), encoding="utf-8")
    p = Progress(path)
    now = {"11_sprites_power": ["Downhill"],
           # the exercises of converting as the move starts are lesson 12's now
           "12_sprites_converting": ["Sprout as the move starts, level 2 of 4",
                                     "Sprout before you slide"],
           "13_sprites_sowing": ["Sow between"],
           "14_sprites_protection": ["Save your forest"],
           "15_sprites_boards": ["Grow across the water"],
           "16_hedu": ["Leave no room"],
           "17_hedu_score": ["Take a prisoner"],
           "18_teachers": ["Set up a tie"]}
    for name, titles in now.items():
        assert p.solved(load(name)) == titles, name
    p.mark_solved(load("13_sprites_sowing"), "A seed on the edge")
    saved = json.loads(path.read_text(encoding="utf-8"))["solved"]
    assert saved == {**now, "13_sprites_sowing": ["Sow between", "A seed on the edge"]}


def test_migrating_todays_progress_changes_nothing():
    today = {"11_sprites_power": ["Downhill"], "13_sprites_sowing": ["Sow between"],
             "16_hedu": ["Leave no room"]}
    assert migrate(today) == today
    assert migrate(migrate(OLD_FILE["solved"])) == migrate(OLD_FILE["solved"])
