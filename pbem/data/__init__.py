"""The default ruleset, reconstructed; a game folder's rules/ may replace any file."""
