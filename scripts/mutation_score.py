"""Mutation score of companion/game from mutmut 3's results, per package and overall.

Reads ``mutants/**/*.py.meta`` (exit codes) and ``*.py.spans`` (where each mutant's function
lies in the mutated copy) after ``mutmut run``, and prints, per package and overall: total,
killed, survived, timeout, no tests, other (suspicious, not checked), message-only, equivalent,
the raw score and the adjusted score.

- Raw score: (killed + timeout) / total.
- Adjusted score: (killed + timeout) / (total - message-only - equivalent), killed and timeout
  counted among the behaviour-changing mutants only. "No tests" and "suspicious" count as
  not killed.
- Message-only, mechanically and conservatively: the mutant's function differs from the
  original only inside the arguments of ``raise SomeError(...)`` (a class whose name ends in
  ``Error`` or is ``InvalidSetup`` / ``InvalidAction`` / ``IllegalMove``), where every argument
  on both sides is a string literal, an f-string or ``None`` (or is removed), and an f-string
  the mutant keeps still evaluates the same expressions (up to their own string literals:
  ``'XX, XX'.join(names)`` for ``', '.join(names)``; ``', '.join(None)`` is behaviour).
  The exception class, where it is raised and why are unchanged; only the text differs.
  History and view sentences a player reads are never counted as message-only.
- Equivalent: the mutants listed in ``EQUIVALENT`` below, each with the reason it cannot change
  behaviour.

Usage: ``python scripts/mutation_score.py [--survivors] [MUTANTS_DIR]``.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import textwrap
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ERROR_NAMES = {"InvalidSetup", "InvalidAction", "IllegalMove"}
KILLED = {1, 3}
SURVIVED = {0}
NO_TESTS = {5, 33}
TIMEOUT = {-24, 24, 152, 255, 36}

# Mutants that cannot change behaviour, with the reason (checked by hand).
_FD = "companion.game.flash_duel.lasthits."
_GUARDED = "under an `a != b` guard, `a >= b` is `a > b`"
_UNUSED_DEFAULT = "front_most is only reached with a standing fighter on each side"
EQUIVALENT: dict[str, str] = {
    _FD + "x_attack_cards__mutmut_2": "counting 2 per card keeps every comparison of two counts",
    _FD + "x_time_over__mutmut_18": _GUARDED,
    _FD + "x_time_over__mutmut_22": _GUARDED,
    _FD + "x_team_time_over__mutmut_19": _GUARDED,
    _FD + "x_team_time_over__mutmut_28": "under a `far_a == far_b` return, `>=` is `>`",
    _FD + "x_front_most__mutmut_2": _UNUSED_DEFAULT,
    _FD + "x_front_most__mutmut_4": _UNUSED_DEFAULT,
    _FD + "x_front_most__mutmut_5": _UNUSED_DEFAULT,
    _FD + "x_front_most__mutmut_6": _UNUSED_DEFAULT,
    "companion.game.tournament.banks.x_bank_seed__mutmut_8": (
        "int.from_bytes defaults to big-endian on Python 3.11+"
    ),
    "companion.game.tournament.model.x_record_result__mutmut_19": (
        "found = None is as false as found = False"
    ),
    "companion.game.tournament.standings.x_average__mutmut_7": (
        "sum of Fractions from 0 is the same Fraction"
    ),
}


@dataclass
class Tally:
    """Counts of one package's mutants by outcome."""

    total: int = 0
    killed: int = 0
    survived: int = 0
    timeout: int = 0
    no_tests: int = 0
    other: int = 0
    message_only: int = 0
    message_killed: int = 0
    equivalent: int = 0
    equivalent_killed: int = 0
    survivors: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Add another tally's counts into this one."""
        for name in self.__dataclass_fields__:
            if name != "survivors":
                setattr(self, name, getattr(self, name) + getattr(other, name))

    def raw(self) -> float:
        """Killed (timeouts included) over every mutant."""
        return 100 * (self.killed + self.timeout) / self.total if self.total else 100.0

    def adjusted(self) -> float:
        """Killed (timeouts included) over the behaviour-changing mutants."""
        set_aside = self.message_only + self.equivalent
        caught = self.killed + self.timeout - self.message_killed - self.equivalent_killed
        kept = self.total - set_aside
        return 100 * caught / kept if kept else 100.0


def is_error_call(node: ast.expr | None) -> bool:
    """Whether ``node`` is a call of an exception class by its name."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name.endswith("Error") or name in ERROR_NAMES


def message_parts(arg: ast.expr) -> list[str] | None:
    """The expressions a message argument evaluates, or None if it is not a plain message."""
    if isinstance(arg, ast.Constant) and (arg.value is None or isinstance(arg.value, str)):
        return []
    if isinstance(arg, ast.JoinedStr):
        return [
            ast.dump(blank_strings(part.value))
            for part in arg.values
            if isinstance(part, ast.FormattedValue)
        ]
    return None


def blank_strings(node: ast.expr) -> ast.expr:
    """The expression with its string literals emptied (``', '.join(x)`` as ``''.join(x)``)."""
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            child.value = ""
    return node


def strip_messages(tree: ast.AST) -> tuple[str, list[list[list[str]]]]:
    """The tree's dump with raised errors' plain message arguments removed, and those messages."""
    messages: list[list[list[str]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and is_error_call(node.exc):
            call = node.exc
            assert isinstance(call, ast.Call)
            parts = [message_parts(a) for a in call.args]
            parts += [message_parts(k.value) for k in call.keywords]
            if all(p is not None for p in parts):
                messages.append([p for p in parts if p is not None])
                call.args, call.keywords = [], []
    return ast.dump(tree), messages


def same_expressions(orig: list[list[str]], mutant: list[list[str]]) -> bool:
    """Whether each message the mutant keeps evaluates what the original's did."""
    kept = [m for m in mutant if m]
    return all(m in orig for m in kept)


def message_only(orig_src: str, mutant_src: str) -> bool:
    """Whether the mutant changes only the text of raised errors' messages."""
    orig_dump, orig_msgs = strip_messages(ast.parse(orig_src))
    mut_dump, mut_msgs = strip_messages(ast.parse(mutant_src))
    if orig_dump != mut_dump or len(orig_msgs) != len(mut_msgs):
        return False
    return all(same_expressions(o, m) for o, m in zip(orig_msgs, mut_msgs, strict=True))


def function_source(lines: list[str], span: list[int], name: str) -> str:
    """The dedented source of one function of the mutated file, renamed to a common name."""
    text = textwrap.dedent("".join(lines[span[0] - 1 : span[1]]))
    return text.replace(name, "f", 1)


def package_of(path: Path, root: Path) -> str:
    """The package a module belongs to (its folder under companion/game, or its own name)."""
    rel = path.relative_to(root / "companion" / "game")
    return rel.parts[0] if len(rel.parts) > 1 else rel.name.removesuffix(".py.meta")


def tally_module(meta: Path, root: Path) -> Tally:
    """Count one module's mutants."""
    tally = Tally()
    codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    spans_file = meta.with_name(meta.name.replace(".meta", ".spans"))
    spans = json.loads(spans_file.read_text())["spans"] if spans_file.exists() else {}
    lines = meta.with_name(meta.name.removesuffix(".meta")).read_text().splitlines(True)
    for key, code in codes.items():
        tally.total += 1
        local = key.rsplit(".", 1)[1]
        orig = re.sub(r"__mutmut_\d+$", "__mutmut_orig", local)
        is_message = (
            local in spans
            and orig in spans
            and message_only(
                function_source(lines, spans[orig], orig),
                function_source(lines, spans[local], local),
            )
        )
        caught = code in KILLED or code in TIMEOUT
        if code in KILLED:
            tally.killed += 1
        elif code in TIMEOUT:
            tally.timeout += 1
        elif code in SURVIVED:
            tally.survived += 1
        elif code in NO_TESTS:
            tally.no_tests += 1
        else:
            tally.other += 1
        if key in EQUIVALENT:
            tally.equivalent += 1
            tally.equivalent_killed += caught
        elif is_message:
            tally.message_only += 1
            tally.message_killed += caught
        elif not caught and code is not None:
            tally.survivors.append(key)
    return tally


def main() -> None:
    """Print the table, and optionally the behaviour-changing mutants not killed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mutants", nargs="?", default="mutants", type=Path)
    parser.add_argument(
        "--survivors", action="store_true", help="list the behaviour mutants checked, not killed"
    )
    args = parser.parse_args()
    root: Path = args.mutants
    packages: dict[str, Tally] = {}
    for meta in sorted((root / "companion" / "game").rglob("*.py.meta")):
        tally = tally_module(meta, root)
        package = packages.setdefault(package_of(meta, root), Tally())
        package.add(tally)
        package.survivors += tally.survivors
    head = "package        total killed surv  tmo notest other msg equiv   raw%  adj%"
    print(head)
    overall = Tally()
    for name, t in sorted(packages.items()):
        if not t.total:
            continue
        overall.add(t)
        overall.survivors += t.survivors
        print(row(name, t))
    print(row("overall", overall))
    if args.survivors:
        kinds = Counter(k.rsplit("__mutmut_", 1)[0] for k in overall.survivors)
        for key in overall.survivors:
            print(key)
        print(f"{len(overall.survivors)} not killed in {len(kinds)} functions")


def row(name: str, t: Tally) -> str:
    """One line of the table."""
    return (
        f"{name:<14}{t.total:>6}{t.killed:>7}{t.survived:>5}{t.timeout:>5}{t.no_tests:>7}"
        f"{t.other:>6}{t.message_only:>4}{t.equivalent:>6}{t.raw():>7.1f}{t.adjusted():>6.1f}"
    )


if __name__ == "__main__":
    main()
