"""The one set of builders every test makes its events with.

- `documents`: roster documents from the rulebook's examples (legal, illegal, varied).
- `records`: pure event/1 records (players, games, rounds) for the engines, no database.
- `rows`: an event written straight into the database, so each test states only what it
  is about (`make_event`, `add_round`, `play_round`, rosters, staff, penalties).
- `worlds`: an event built through the real services, with the role-named users of the
  root conftest (alice the TO, hank the Head Judge, judy a Floor Judge, bob and carol
  playing, mallory an outsider), and the large event the query-count tests read.
- `scenario`: a whole event with something in every corner an export carries.
"""
