"""Draw the app icons: ``python -m catan_site.offline.icons`` writes them into
``overrides/assets/images/`` (committed; Material copies them into every language).

The site's mark (overrides/assets/images/favicon.svg: an ochre hexagon inside a red one) as
PNG, with the standard library only: each pixel's coverage of a hexagon is its signed distance
to the nearest side, clamped to one pixel, which gives smooth edges without supersampling.
``icon-maskable-512.png`` puts the mark on the site's brick red, inside the central circle of
80% that every platform's mask keeps.
"""

from __future__ import annotations

import math
import struct
import zlib

from catan_site.paths import ROOT

OUT = ROOT / "overrides" / "assets" / "images"
RED = (0xE4, 0x57, 0x2E)
OCHRE = (0xF6, 0xC8, 0x5F)
BRICK = (0xA6, 0x3D, 0x1C)


def hex_distance(x: float, y: float, cx: float, cy: float, r: float) -> float:
    """Signed distance (pixels, positive inside) from (x, y) to a pointy-top hexagon."""
    apothem = r * math.sqrt(3) / 2
    dx, dy = abs(x - cx), abs(y - cy)
    # sides: vertical (|dx| = apothem) and the slanted ones (normals at 60 degrees)
    slanted = dx * math.cos(math.pi / 3) + dy * math.sin(math.pi / 3)
    return min(apothem - dx, apothem - slanted)


def draw(size: int, background: tuple[int, int, int] | None, scale: float) -> bytes:
    """RGBA rows of the mark at ``size`` pixels, its outer hexagon ``scale`` of the width."""
    c = size / 2
    outer, inner = scale * size / 2, scale * size / 2 * 0.52
    rows = bytearray()
    for j in range(size):
        rows.append(0)  # PNG filter: none
        y = j + 0.5
        for i in range(size):
            x = i + 0.5
            a_out = max(0.0, min(1.0, hex_distance(x, y, c, c, outer) + 0.5))
            a_in = max(0.0, min(1.0, hex_distance(x, y, c, c, inner) + 0.5))
            colour = [RED[k] * (1 - a_in) + OCHRE[k] * a_in for k in range(3)]
            if background is None:
                rows += bytes((*(round(v) for v in colour), round(255 * a_out)))
            else:
                mixed = (background[k] * (1 - a_out) + colour[k] * a_out for k in range(3))
                rows += bytes((*(round(v) for v in mixed), 255))
    return bytes(rows)


def png(size: int, rows: bytes) -> bytes:
    """A truecolour-with-alpha PNG file."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def main() -> None:
    """Write the three icons the app manifests name."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, background, scale in (("icon-192.png", 192, None, 0.96),
                                          ("icon-512.png", 512, None, 0.96),
                                          ("icon-maskable-512.png", 512, BRICK, 0.62)):
        (OUT / name).write_bytes(png(size, draw(size, background, scale)))
        print(OUT / name)


if __name__ == "__main__":
    main()
