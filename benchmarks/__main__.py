"""Run every benchmark module in this folder (or those named on the command line)."""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
from pathlib import Path

import django


def main(argv: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    django.setup()
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    wanted = [n for n in names if not argv or any(arg in n for arg in argv)]
    for name in wanted:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"benchmarks.{name}")
        module.run()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
