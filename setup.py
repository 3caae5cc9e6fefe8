"""The compiled kernel (countsweep/_kernel.c); everything else is in pyproject.toml.

The extension is optional: where no C compiler is found the build goes on
without it, and countsweep runs its pure-Python path (the same answers).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("countsweep._kernel", ["countsweep/_kernel.c"], optional=True,
                             extra_compile_args=["-O3", "-std=c11"])])
