"""Hostile input to the entry points both packages share (the embedding contract: bad
input never hangs a call and every error a caller can meet is the package's own)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import campers_rules as uc
import karibou_rules as kc

_ROOT = (uc.CampersError, kc.KaribouError)


def _campers_documents() -> list[tuple[Callable[[str], object], dict[str, Any], str]]:
    state = uc.new_game(4, 3)
    return [(uc.loads, json.loads(uc.dumps(state)), "data"),
            (uc.loads_view, json.loads(uc.dumps(state.view(1))), "data")]


def _karibou_documents() -> list[tuple[Callable[[str], object], dict[str, Any], str]]:
    state = kc.new_game(4, 3)
    return [(kc.loads, json.loads(kc.dumps(state)), "state"),
            (kc.loads_view, json.loads(kc.dumps(state.view(1))), "view")]


def _long_lists() -> list[tuple[Callable[[str], object], str, str]]:
    """Every list field of a state and a view replaced by 60,000 bad items (well under
    ``MAX_BYTES``), as (loader, document, field)."""
    cases = []
    for loader, document, key in _campers_documents() + _karibou_documents():
        for name, value in document[key].items():
            if isinstance(value, list):
                for item in (0, "B2", [None]):
                    long = {**document, key: {**document[key], name: [item] * 60_000}}
                    cases.append((loader, json.dumps(long), f"{key}.{name}"))
    return cases


@pytest.mark.parametrize(("loader", "text", "field"), _long_lists(),
                         ids=lambda value: value if isinstance(value, str) and
                         len(value) < 40 else "")  # fmt: skip
def test_embedding_contract_a_long_bad_list_is_refused_at_once(
        loader: Callable[[str], object], text: str, field: str) -> None:
    """Embedding contract (UC-1, KC-2 loaders): a document under ``MAX_BYTES`` whose list
    holds tens of thousands of bad items is refused with the package's error after a
    few of its errors, not one structuring error per item (that took seconds to a
    minute per document)."""
    with pytest.raises(_ROOT) as caught:
        loader(text)
    assert _errors(caught.value.__context__) <= 8, field


def _errors(error: BaseException | None) -> int:
    """How many leaf errors a refusal's structuring error holds."""
    if isinstance(error, BaseExceptionGroup):
        return sum(_errors(inner) for inner in error.exceptions)
    return int(error is not None)
