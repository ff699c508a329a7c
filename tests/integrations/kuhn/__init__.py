"""Kuhn poker on the Heliopolis protocol: a test double with real private information (each seat's
card) and an observation encoder, so that the adapters' hidden-information paths are exercised and
OpenSpiel's full-tree API test can check them against its known node counts. Registered only for the
tests that use it (``tests/integrations/conftest.py``)."""
