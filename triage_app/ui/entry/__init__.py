"""The entry panel: what the catalogue knows about one entry, section by section."""
