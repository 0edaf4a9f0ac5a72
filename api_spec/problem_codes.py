"""Every problem `code` the server can answer, read from its source: the `ProblemCode` enum
of the document.

A refusal is raised in one of a few ways: `RuleViolation(code, ...)` in the rules (often
through a module's `bad`/`_bad` helper), `Problem(status, code, ...)` in the API, or
`problem_response(status, code, ...)`; plus the codes each route declares
(`@api_operation(problems=...)`) and werkzeug's own errors (`not_found` for an unknown URL...). The walk collects the string literals in the code position
of those calls (and a helper's default code). tests/conftest.py checks, over the whole test
run, that every code actually answered is in the enum, so a code passed through a variable
that the walk cannot see fails the build instead of escaping the document.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "service"
#: callee -> the positions its code may take (the helpers put it first; Problem after the status)
RAISERS = {"RuleViolation": (0,), "Refusal": (0,), "bad": (0,), "_bad": (0, 1), "Problem": (1,), "problem_response": (1,)}
CODE = re.compile(r"^[a-z]+(?:_[a-z]+)*$")


def source_codes(root: Path = SOURCE) -> set[str]:
    found: set[str] = set()
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Call):
                callee = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                positions = RAISERS.get(callee or "", ())
                candidates = [node.args[i] for i in positions if i < len(node.args)]
                candidates += [k.value for k in node.keywords if k.arg == "code"]
                found.update(c.value for c in candidates if _is_code(c))
            elif isinstance(node, ast.FunctionDef) and node.name in RAISERS:
                found.update(d.value for d in node.args.defaults if _is_code(d))
    return found


def _is_code(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(CODE.match(node.value))


def operations_of(path_item: dict) -> list[dict]:
    """The operations of an OpenAPI path item (leaving out its common `parameters`)."""
    return [operation for method, operation in path_item.items() if method != "parameters"]


def all_codes(declared: dict[str, dict[str, dict]]) -> list[str]:
    """The source's codes and every code a route declares, sorted."""
    from service.api.declare import EVERYWHERE
    from service.api.problems import HTTP_ERROR_CODES

    codes = source_codes() | set(HTTP_ERROR_CODES.values()) | {"http_error"}
    for operations in declared.values():
        for operation in operations_of(operations):
            for answer in operation.get("responses", {}).values():
                codes.update(answer.get("x-problem-codes", ()))
    for named in EVERYWHERE.values():
        codes.update(named)
    return sorted(codes)
