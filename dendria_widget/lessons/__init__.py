"""Step-through lessons: the tutorials' pages and exercises, as data.

``catalog()`` lists every lesson (one per notebook of ``tutorials/``),
``load("02_roots")`` gives one; ``LessonWidget(lesson)`` shows it on the
board widget, with Previous / Next, Play, and Check / Hint / Show solution /
Retry on exercises; ``LessonsProgress()`` the exercises solved in every
lesson (:mod:`.progress`). See :mod:`dendria_widget.lessons.framework`.
"""

from typing import Any

from .framework import (
    RULE_IDS,
    TEACHER_ACTIONS,
    Exercise,
    Lesson,
    Page,
    Verdict,
    catalog,
    load,
    planted,
    steps_of,
    teacher_action,
    words,
)
from .progress import Progress

__all__ = [
    "RULE_IDS",
    "TEACHER_ACTIONS",
    "Exercise",
    "Lesson",
    "LessonWidget",
    "LessonsProgress",
    "Page",
    "Progress",
    "Verdict",
    "catalog",
    "load",
    "planted",
    "steps_of",
    "teacher_action",
    "words",
]


def __getattr__(name: str) -> Any:
    # the widget part imports ipywidgets: only when asked for
    if name in ("LessonWidget", "LessonsProgress"):
        from . import widget
        return getattr(widget, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
