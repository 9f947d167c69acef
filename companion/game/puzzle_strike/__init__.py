"""Puzzle Strike: bank, Panic Time, gem piles, matches and the table room.

``room`` holds the rules of a match at the table, ``actions`` its typed actions and their
JSON, ``view`` what phones show; ``piles``, ``gems`` and ``turns`` the gem rules; ``match``
best-of-3 matches; ``bank`` and ``panic`` the bank and Panic Time.
"""
