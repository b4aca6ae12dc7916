"""Headless Chromium for the HTML page tests and the tools: the system's browser and
driver through Selenium, and PNG pixels to compare screenshots."""

from __future__ import annotations

import os
import shutil
import struct
import tempfile
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = ("chromium", "chromium-browser")
DRIVER = "chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)


def missing() -> str | None:
    """Why no browser can be started here, or ``None`` when one can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    if not any(shutil.which(name) for name in CHROMIUM):
        return "chromium is not installed (apt-get install chromium chromium-driver)"
    if shutil.which(DRIVER) is None:
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return None


@contextmanager
def chromium(width: int = 1280, height: int = 1000) -> Iterator[Any]:
    """A Selenium driver of headless Chromium with a fresh profile, nothing from the
    network."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    binary = next(shutil.which(name) for name in CHROMIUM if shutil.which(name))
    options.binary_location = binary
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    with tempfile.TemporaryDirectory() as profile:
        options.add_argument(f"--user-data-dir={profile}")
        driver = webdriver.Chrome(service=Service(shutil.which(DRIVER)), options=options)
        try:
            yield driver
        finally:
            driver.quit()


def url(path: Path) -> str:
    """The file URL of a page."""
    return path.resolve().as_uri()


def pixels(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and the RGBA bytes of an 8-bit RGB or RGBA PNG (what Chromium's
    screenshots are)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        name, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if name == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and kind in (2, 6)
        elif name == b"IDAT":
            idat += body
        pos += 12 + length
    channels = 4 if kind == 6 else 3
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray()
    previous = bytearray(stride)
    for row in range(height):
        start = row * (stride + 1)
        kind_of_filter = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind_of_filter == 1:
                line[i] = (line[i] + left) & 255
            elif kind_of_filter == 2:
                line[i] = (line[i] + up) & 255
            elif kind_of_filter == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                guess = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + guess) & 255
        previous = line
        if channels == 4:
            out += line
        else:
            for i in range(0, stride, 3):
                out += line[i : i + 3] + b"\xff"
    return width, height, bytes(out)


def in_ci() -> bool:
    """Whether this is a CI run (where the browser tests must run)."""
    return os.environ.get("CI", "").lower() == "true"
