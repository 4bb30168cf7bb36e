"""/metrics read back with prometheus_client's own text parser, for the metrics and server
tests."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

Sample = tuple[str, dict[str, str], float]


def parse(text: str) -> tuple[dict[str, str], list[Sample]]:
    """Family types and samples, as `prometheus_client`'s text parser reads them (it raises on
    anything that is not the text format)."""
    assert text.endswith("\n")
    types: dict[str, str] = {}
    samples: list[Sample] = []
    for family in text_string_to_metric_families(text):
        assert family.name not in types, f"two families named {family.name}"
        assert family.documentation, f"{family.name} has no HELP"
        types[family.name] = family.type
        samples += [(s.name, dict(s.labels), s.value) for s in family.samples]
    return types, samples


def value(samples: list[Sample], name: str, **labels: str) -> float:
    found = [v for n, got, v in samples if n == name and got == labels]
    assert len(found) == 1, f"{name}{labels}: {found}"
    return found[0]


def buckets(samples: list[Sample], name: str, **labels: str) -> list[tuple[float, float]]:
    rows = [
        (float(got["le"]), v)
        for n, got, v in samples
        if n == f"{name}_bucket" and {k: x for k, x in got.items() if k != "le"} == labels
    ]
    return sorted(rows)
