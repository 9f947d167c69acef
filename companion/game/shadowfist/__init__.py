"""Shadowfist table aids (seed 004, basic rules): seating, turn prompts, power pools,
Feng Shui Sites and victory.

``rules`` holds the arithmetic and the victory rules, ``actions`` the typed actions and their
parser, ``room`` the table as a fold over actions (exporting ``RULES``), ``view`` what phones
show and the history sentences (it depends on the rules, never the reverse).
"""
