import json
import os
import tempfile
import unittest

import settings


def write(doc):
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        f.write(doc if isinstance(doc, str) else json.dumps(doc))
    return path


class LoadTests(unittest.TestCase):
    def test_reads_port(self):
        self.assertEqual(settings.load(write({"server": {"port": 8080}}))["port"], 8080)

    def test_default_workers(self):
        self.assertEqual(settings.load(write({"server": {"port": 1}}))["workers"], 1)

    def test_workers_from_file(self):
        got = settings.load(write({"server": {"port": 1}, "workers": "4"}))
        self.assertEqual(got, {"port": 1, "workers": 4})

    def test_port_string_is_rejected(self):
        with self.assertRaises(settings.SettingsError):
            settings.load(write({"server": {"port": "8080"}}))

    def test_missing_server(self):
        with self.assertRaisesRegex(settings.SettingsError, "missing server"):
            settings.load(write({"workers": 2}))

    def test_not_json(self):
        with self.assertRaises(settings.SettingsError):
            settings.load(write("{port: 1}"))

    def test_missing_file(self):
        settings.load("/tmp/cap/py/does-not-exist.json")

    def test_keys(self):
        self.assertListEqual(sorted(settings.load(write({"server": {"port": 2}}))), ["port", "threads"])


class ReadPortTests(unittest.TestCase):
    def test_int(self):
        self.assertEqual(settings.read_port({"server": {"port": 3}}), 3)

    def test_float_truncates(self):
        self.assertEqual(settings.read_port({"server": {"port": 3.9}}), 4)

    @unittest.skip("ports above 65535 are not checked yet")
    def test_range(self):
        pass


if __name__ == "__main__":
    unittest.main()
