"""Packaging glue that pyproject.toml cannot say: ship the top-level ``data/`` catalog.

``data/`` stays at the top of the repository (it is what people edit); in a wheel it becomes
the package ``printkit.data``, which ``printkit.catalog.loader.BUILTIN_DATA`` finds first.
Everything else about the package is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["printkit*", "companion*"]), "printkit.data"],
    package_dir={"printkit.data": "data"},
)
