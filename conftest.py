"""Root pytest configuration: which source files the doctest collector may import."""

import importlib.util

# Alembic runs migration scripts itself; importing them outside a migration fails.
collect_ignore_glob = ["src/heliopolis/server/store/migrations/*"]
if importlib.util.find_spec("fastapi") is None:  # the server needs the [web] extra
    collect_ignore_glob.append("src/heliopolis/server/*")

# The compiled build: the modules in heliopolis._native.COMPILED_MODULES are imported from their
# extension, so the doctest collector cannot import their .py files under the same name ("import file
# mismatch"). They hold no doctests, and the pure pass of `make test` (HELIOPOLIS_PURE=1) runs their goldens.
import heliopolis._native  # noqa: E402

if heliopolis._native.install().startswith("compiled"):
    collect_ignore_glob += [
        heliopolis._native.source_path(m).replace(heliopolis._native._PACKAGE_DIR, "src/heliopolis")
        for m in heliopolis._native.COMPILED_MODULES
    ]
