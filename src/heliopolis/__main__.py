"""``python -m heliopolis``: the ``heliopolis`` command (same commands, options and exit codes)."""

from heliopolis.cli import main

if __name__ == "__main__":
    # prog_name: without it click would call the program "python -m heliopolis" in usage lines.
    main(prog_name="heliopolis")
