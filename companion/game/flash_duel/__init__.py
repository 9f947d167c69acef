"""Flash Duel (2nd edition, seed 002): the track, the modes, the room and what phones see.

track (pawns, the actions), lasthits (time-over), match (rounds and abilities), raid
(Raid and Betrayal rules), bots (solo), state (the table's values), mode (the Mode hooks),
one_vs_one, solo, team, raid_modes (the seven modes), modes (MODES, find_mode), combat and
rounds (the rules on the table's state), actions (typed actions, parse_action), room
(RULES), view (what a phone shows, history sentences).
"""
