"""Loads a service's settings from JSON; fails on purpose for a traceback case."""
import json
import pathlib


class SettingsError(Exception):
    pass


def read_port(doc):
    return int(doc["server"]["port"])


def load(path):
    text = pathlib.Path(path).read_text()
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SettingsError(f"{path}: not JSON") from exc
    try:
        return {"port": read_port(doc), "workers": doc.get("workers", 1)}
    except (KeyError, ValueError):
        raise SettingsError(f"{path}: bad server.port")


if __name__ == "__main__":
    import sys
    for p in sys.argv[1:]:
        print(p, load(p))
