"""Build hooks.

1. The wheel carries the tutorial notebooks and the docs. ``tutorials/`` and
   ``docs/`` live at the top of the clone (an editable install reads them
   there); a built wheel gets copies in ``dendria_widget/_bundled/``, which
   ``dendria-widget tutorials`` copies for the learner (see
   dendria_widget/tutorials.py).
2. The compiled engine: the modules named in dendria_widget/accel.py
   (geometry and the rules engines) are compiled by Cython from their
   unchanged source when a C compiler is there. Each is optional: without a
   compiler, Python headers or Cython, or with DENDRIA_WIDGET_PURE=1 set,
   the install goes on and the package runs the same Python source. With
   DENDRIA_WIDGET_PURE=1 no extension is given to setup() at all, so the
   wheel is pure Python (``py3-none-any``: what Pyodide installs). The
   build records each compiled source's SHA-256 in
   ``dendria_widget/_compiled.json``; on import a compiled module whose
   source changed since is not used (dendria_widget/accel.py).

3. The native kernel (dendria_widget/native.py): the C++17 sources in
   ``dendria_widget/_native_src/`` built with pybind11 as the optional
   extension ``dendria_widget._native`` when a C++ compiler is there. Like
   the compiled engine it is optional (a failed build leaves it out and the
   players run on the Python engine) and left out with DENDRIA_WIDGET_PURE=1.

4. DENDRIA_WIDGET_QUICK_BUILD=1 compiles both without optimisation (-O0):
   the same code, built in a fraction of the time and running slower. The
   test suite's wheel test sets it (it proves that a build works and plays
   the same games, not how fast); installs leave it unset and get -O2.

Everything else is in pyproject.toml.
"""

import json
import os
import pathlib
import runpy

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

SHIPPED = ("tutorials", "docs")
ACCEL = runpy.run_path(os.path.join("dendria_widget", "accel.py"))
QUICK_ENV = "DENDRIA_WIDGET_QUICK_BUILD"


def optimisation():
    """-O2, or -O0 when a quick build is asked (read as words, like
    DENDRIA_WIDGET_PURE: unset, empty or 0 is no)."""
    return "-O0" if os.environ.get(QUICK_ENV, "").strip() not in ("", "0") else "-O2"


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


class build_ext_recorded(build_ext):
    """Compile the engine's modules (each optional), then record the source
    of each one that was built (a failed one is left out: that module runs
    as Python)."""

    def finalize_options(self):
        exts = self.distribution.ext_modules or []
        native = [e for e in exts if e.name == NATIVE_NAME]
        self.distribution.ext_modules = cythonized(
            [e for e in exts if e.name != NATIVE_NAME]) + native
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self):
        super().run()
        built = {}
        for ext in self.extensions:
            if ext.name == NATIVE_NAME:
                if os.path.exists(self.get_ext_fullpath(ext.name)):
                    built[NATIVE_KEY] = native_sources_hash()
                else:
                    print("dendria-widget: the native kernel was not built (no C++ compiler "
                          "or pybind11): the players run on the Python engine")
                continue
            module = ext.name.split(".", 1)[1]
            if os.path.exists(self.get_ext_fullpath(ext.name)):
                built[module] = ACCEL["source_hash"](source_of(module))
        path = self._manifest()
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(built, f, indent=1, sort_keys=True)
        if len(built) < len(ACCEL["COMPILED"]) and any(
                e.name != NATIVE_NAME for e in self.extensions):
            print("dendria-widget: the engine was not compiled (no C compiler or Cython, or "
                  f"{ACCEL['PURE_ENV']}=1): it runs as Python, the same rules, slower")

    def _manifest(self):
        folder = "dendria_widget" if self.inplace else os.path.join(self.build_lib,
                                                                    "dendria_widget")
        return os.path.join(folder, ACCEL["MANIFEST"])

    def get_outputs(self):
        return super().get_outputs() + [self._manifest()]


def cythonized(extensions):
    """The extensions as Cython builds them, or none when the engine cannot
    or should not be compiled here."""
    if not extensions or ACCEL["_pure_asked"]():
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        return []
    # Plain Python semantics: annotations are not type declarations, and
    # functions keep their introspection; the generated C goes to build/.
    out = cythonize(extensions, build_dir=os.path.join("build", "cython"), quiet=True,
                    compiler_directives={"language_level": 3, "binding": True,
                                         "annotation_typing": False})
    for ext in out:
        ext.optional = True
    return out


def source_of(module):
    """The .py of an engine module (the path accel.py checks at import)."""
    return ACCEL["_paths"](module, "dendria_widget")[0]


# One optional extension per compiled module, from its unchanged .py source;
# none when a pure build is asked (a py3-none-any wheel).
ENGINE = [] if ACCEL["_pure_asked"]() else [
    Extension(f"dendria_widget.{module}", [source_of(module)], optional=True,
              extra_compile_args=[optimisation(), "-g0"] if os.name == "posix" else [])
    for module in ACCEL["COMPILED"]]

NATIVE_NAME = "dendria_widget._native"
NATIVE_KEY = "_native"   # its entry in the manifest: the hash of its sources
NATIVE = runpy.run_path(os.path.join("dendria_widget", "native_sources.py"))


def native_sources_hash():
    return NATIVE["sources_hash"](os.path.join("dendria_widget", "_native_src"))


def native_kernel():
    """The native kernel's extension (C++17, pybind11), or none when a pure
    build is asked or pybind11 is missing."""
    if ACCEL["_pure_asked"]():
        return []
    try:
        import pybind11
    except ImportError:
        return []
    folder = os.path.join("dendria_widget", "_native_src")
    flags = (["-std=c++17", optimisation(), "-g0", "-fvisibility=hidden"] if os.name == "posix"
             else ["/std:c++17", "/O2"])
    return [Extension(NATIVE_NAME, [os.path.join(folder, "module.cpp")],
                      include_dirs=[pybind11.get_include(), folder], language="c++",
                      extra_compile_args=flags, optional=True,
                      depends=sorted(os.path.join(folder, f) for f in os.listdir(folder)))]


setup(cmdclass={"build_py": build_py_with_notebooks, "build_ext": build_ext_recorded},
      ext_modules=ENGINE + native_kernel())
