"""The database: storage, migrations, archive (replay, export, import)."""
