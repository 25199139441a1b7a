"""A correct adapter that declares only one kind (bid_value) and one variant (qahwa-400)."""

from __future__ import annotations

from typing import Any

from fourhundred.conformance import adapter

_hello = adapter.hello


def narrow_hello(engine: str) -> dict[str, Any]:
    hello = _hello(engine)
    return {**hello, "kinds": ["bid_value"], "variants": {"qahwa-400": []}}


adapter.hello = narrow_hello

if __name__ == "__main__":
    raise SystemExit(adapter.main([]))
