"""Build hook: the wheel carries the tutorial notebooks and the docs.

Everything else is in pyproject.toml. ``tutorials/`` and ``docs/`` live at
the top of the clone (an editable install reads them there); a built wheel
gets copies in ``dendria_widget/_bundled/``, which ``dendria-widget
tutorials`` copies for the learner (see dendria_widget/tutorials.py).
"""

import pathlib

from setuptools import setup
from setuptools.command.build_py import build_py

SHIPPED = ("tutorials", "docs")


class build_py_with_notebooks(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        for name in SHIPPED:
            folder = pathlib.Path(name)
            for path in sorted(folder.rglob("*")):
                rel = path.relative_to(folder)
                if not path.is_file() or any(
                        p.startswith(".") or p == "__pycache__" for p in rel.parts):
                    continue
                out = pathlib.Path(self.build_lib, "dendria_widget", "_bundled", name, rel)
                self.mkpath(str(out.parent))
                self.copy_file(str(path), str(out))


setup(cmdclass={"build_py": build_py_with_notebooks})
