"""Army rosters: storage, submission and the validate_roster command (engine in rules_engine)."""
