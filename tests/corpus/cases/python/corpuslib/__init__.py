"""Small helpers shared by several corpus cases (database, shell, files, text, settings)."""
