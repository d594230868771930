"""How the project starts headless Chromium (tests, benchmarks, screenshots): one list of flags.

Debian's headless Chromium when it is installed (``apt-get install -y chromium-headless-shell``:
the same headless build Playwright downloads and runs for ``headless=True``), else Debian's
``/usr/bin/chromium`` (``apt-get install -y chromium``), else the browser Playwright downloads
(``python -m playwright install chromium``). The headless shell has no windowing layer to keep
busy: the Play page's browser tests took 43 s of Chromium's CPU instead of 57-74 s with the whole
browser (same version, 156; notes/browser-runtime.md). The flags keep a headless browser quiet
on a machine with no internet: no sandbox (root in containers), no GPU, no QUIC, and none of the
background connections a first start makes (they would be refused, many at a time).

>>> launch_args("--force-prefers-reduced-motion")["args"][-1]
'--force-prefers-reduced-motion'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

#: Debian's Chromium builds, the first one present is used: the headless shell, then the browser.
CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
#: What every headless start here passes.
FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
#: A link the browser calls fast, whatever it measured: Chrome estimates the link from the
#: round trips it sees, and on a busy machine even 127.0.0.1 can look like "3g", which makes an
#: FAQ widget wait for a tap before downloading the engine (frontend/core/runtime.js). Tests and
#: benchmarks are a reader on a fast link; the Save-Data test fakes a slow one itself.
FAST_LINK = "--force-effective-connection-type=4G"


def launch_args(*extra: str) -> dict[str, Any]:
    """Keyword arguments for Playwright's ``chromium.launch`` or ``launch_persistent_context``:
    headless, :data:`FLAGS` then ``extra``, and Debian's binary if one is installed."""
    args: dict[str, Any] = {"headless": True, "args": [*FLAGS, *extra]}
    for binary in CHROMIUMS:
        if binary.exists():
            args["executable_path"] = str(binary)
            break
    return args
