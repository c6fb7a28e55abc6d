"""Team tournaments: teams of 3 to 8 players, each team one entrant of the Swiss pairing,
two teams meeting in a team match of one-on-one games (docs/team-matches.md).

Pure Python, no Django; frozen dataclasses in and out, like `standings` and `bracket`.
`team_match.protocol` pairs the players inside a match (the captains' protocol, the TO's
pairs, or the standings order), `team_match.scoring` decides a match from its games, and
`team_match.standings` ranks the teams, and the players across the event.
"""
