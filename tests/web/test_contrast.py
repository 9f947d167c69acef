"""Button text is readable: at least 4.5:1 contrast (WCAG AA) in light and dark mode.

The colours are read from companion/web/static/app.css, so a change there is checked here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parents[2] / "companion" / "web" / "static" / "app.css").read_text()
AA = 4.5


def variables(block: str) -> dict[str, str]:
    """Return the custom properties set in a CSS block."""
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{3,8})", block))


def palette(dark: bool) -> dict[str, str]:
    """Return the colour variables in effect in light or dark mode."""
    light = variables(CSS.split("@media", 1)[0])
    if not dark:
        return light
    media = re.search(r"@media \(prefers-color-scheme: dark\) \{(.*?)\n\}", CSS, re.S)
    assert media is not None
    return {**light, **variables(media.group(1))}


def rgba(colour: str) -> tuple[float, float, float, float]:
    """Read #rgb, #rgba, #rrggbb or #rrggbbaa."""
    digits = colour.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(c * 2 for c in digits)
    values = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
    return (values[0], values[1], values[2], values[3] if len(values) == 4 else 1.0)


def over(top: str, bottom: str) -> tuple[float, float, float]:
    """Blend a possibly translucent colour over an opaque one."""
    r, g, b, a = rgba(top)
    br, bg, bb, _ = rgba(bottom)
    return (r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a))


def luminance(rgb: tuple[float, float, float]) -> float:
    """Relative luminance (WCAG 2)."""
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(fg: tuple[float, float, float], bg: tuple[float, float, float]) -> float:
    """Contrast ratio of two opaque colours."""
    high, low = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rule_colour(selector: str, prop: str) -> str:
    """Return a colour a rule of app.css sets (a hex value or var(--name))."""
    match = re.search(
        r"(?m)^" + re.escape(selector) + r"\s*\{[^}]*?\b" + prop + r":\s*([^;}]+)", CSS
    )
    assert match is not None, f"{selector} sets no {prop}"
    return match.group(1).strip()


def resolve(value: str, colours: dict[str, str]) -> str:
    """Turn var(--x) into its colour."""
    found = re.fullmatch(r"var\(--([\w-]+)\)", value)
    return colours[found.group(1)] if found else value


BUTTONS = [
    ("button, .button", "button, .button", "accent buttons"),
    (".stack.empty", ".stack.empty", "emptied bank stacks"),
    (".stack", ".stack", "bank stacks and pool items"),
    (".offline", ".offline", "the offline badge"),
    (".outbox", ".outbox", "the kept-tap note"),
    (".toast-item", ".toast-item", "messages"),
    (".toast-item .toast-undo", ".toast-item .toast-undo", "the Undo in a message"),
]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize(("text_rule", "background_rule", "what"), BUTTONS)
def test_button_text_contrast(dark: bool, text_rule: str, background_rule: str, what: str) -> None:
    colours = palette(dark)
    card = colours["card"]
    text = resolve(rule_colour(text_rule, "color"), colours)
    background = resolve(rule_colour(background_rule, "background"), colours)
    ratio = contrast(over(text, card), over(background, card))
    assert ratio >= AA, (
        f"{what}: {text} on {background} is {ratio:.2f}:1 in {'dark' if dark else 'light'}"
    )


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("gem", ["gem1", "gem2", "gem3", "gem4"])
def test_gem_button_numbers_contrast(dark: bool, gem: str) -> None:
    colours = palette(dark)
    ratio = contrast(over("#ffffff", colours["card"]), over(colours[gem], colours["card"]))
    assert ratio >= AA, f"white on {gem} {colours[gem]} is {ratio:.2f}:1"


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_links_contrast(dark: bool) -> None:
    colours = palette(dark)
    ratio = contrast(over(colours["link"], colours["card"]), over(colours["card"], colours["card"]))
    assert ratio >= AA, f"links {colours['link']} on {colours['card']} are {ratio:.2f}:1"
