"""Helpers for the games' command-line verbs: one way to print text or ``--json``."""
from __future__ import annotations

import json
import sys
from typing import Any

import pandas as pd


def add_json_flag(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


def to_jsonable(obj: Any) -> Any:
    if isinstance(obj, pd.DataFrame):
        return json.loads(obj.to_json(orient="records"))
    if hasattr(obj, "to_dict") and not isinstance(obj, dict):
        return to_jsonable(obj.to_dict())
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set)):
        return [to_jsonable(v) for v in obj]
    if hasattr(obj, "item") and callable(obj.item):  # numpy scalars
        return obj.item()
    return obj


def emit(result: Any, as_json: bool, text: str | None = None) -> None:
    """Print ``result`` as JSON when ``as_json``, else ``text`` (or a readable form of result)."""
    if as_json:
        json.dump(to_jsonable(result), sys.stdout, indent=2, default=str)
        sys.stdout.write("\n")
    elif text is not None:
        print(text)
    elif isinstance(result, pd.DataFrame):
        print(result.to_string(index=False))
    else:
        print(result)


def read_text_arg(value: str) -> str:
    """A CLI text argument: ``-`` reads stdin, ``@file`` reads a file, anything else is literal
    (with the two-character sequence ``\\n`` read as a newline, for one-line shells)."""
    if value == "-":
        return sys.stdin.read()
    if value.startswith("@"):
        with open(value[1:], encoding="utf-8") as fh:
            return fh.read()
    return value.replace("\\n", "\n")
