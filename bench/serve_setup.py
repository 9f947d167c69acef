"""Create matches for the serve benchmark; print one line per match: id cookie csrf version."""

from __future__ import annotations

import sys

from tests.storage.test_durability import Phone


def main() -> None:
    base, count = sys.argv[1], int(sys.argv[2])
    for _ in range(count):
        a, b = Phone(base), Phone(base)
        a.call("GET", "/")
        b.call("GET", "/")
        _, made = a.call("POST", "/api/matches", {"players": ["Ana", "Ben"], "seat": 0})
        match_id = made["match_id"]
        b.call("POST", f"/api/join/{made['join_code']}", {"seat": 1})
        version = 0
        for phone, who in ((a, "grave"), (b, "rook")):
            _, data = phone.call(
                "POST",
                f"/api/matches/{match_id}/actions",
                {
                    "action": {"type": "choose", "character": who},
                    "base_version": version,
                    "idempotency_key": f"setup-{who}-{match_id}",
                },
            )
            version = data["version"]
        seat = next(c for c in a.jar if c.name.startswith("seat_"))
        print(match_id, f"{seat.name}={seat.value}", a.csrf(), version)


if __name__ == "__main__":
    main()
