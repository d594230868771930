"""Each catalog of i18n/ names each key once: YAML keeps the last of two equal keys silently,
so a string added twice (two people adding the same words) would hide which one is used."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

I18N = Path(__file__).resolve().parent.parent / "i18n"


class _Once(yaml.SafeLoader):
    """A loader that refuses a mapping naming a key twice."""


def _mapping(loader: _Once, node: yaml.MappingNode) -> dict[object, object]:
    seen: set[object] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"key {key!r} named twice", key_node.start_mark)
        seen.add(key)
    return loader.construct_mapping(node)


_Once.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)


@pytest.mark.parametrize("catalog", sorted(p.name for p in I18N.glob("*.yml")))
def test_each_key_once(catalog: str) -> None:
    yaml.load((I18N / catalog).read_text(encoding="utf-8"), Loader=_Once)
