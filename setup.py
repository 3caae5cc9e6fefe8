"""The compiled kernel (kernel/*.c); everything else is in pyproject.toml.

The extension is optional: where no C compiler is found the build goes on
without it, and countsweep runs its pure-Python path (the same answers).
kernel/kernel.h lists the kernel's stages, one file each.
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

KERNEL = Path("kernel")
STAGES = ("util", "wide", "position", "path", "dpll", "combine", "fraction", "search", "module")
SOURCES = [str(KERNEL / f"{stage}.c") for stage in STAGES]


class BuildKernel(build_ext):
    """The compiler's own flags: C11 and optimised, on gcc/clang or MSVC alike."""

    def build_extensions(self) -> None:
        msvc = self.compiler.compiler_type == "msvc"
        for ext in self.extensions:
            ext.extra_compile_args = ["/O2", "/std:c11"] if msvc else ["-O3", "-std=c11"]
        super().build_extensions()


setup(
    ext_modules=[Extension("countsweep._kernel", SOURCES, depends=[str(h) for h in sorted(KERNEL.glob("*.h"))],
                           include_dirs=[str(KERNEL)], optional=True)],
    cmdclass={"build_ext": BuildKernel},
)
