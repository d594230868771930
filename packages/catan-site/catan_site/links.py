"""Links between pages, resolved through MkDocs' own files (``Files``, ``File.url``).

A page names another page by its source path, as in Markdown (``faq/robber.md#knight``); the
link is made relative to the page that carries it, so the site works under any address and
with or without directory URLs. Files shared by every language (Pyodide, the engine wheel, the
front end) live at the site root (``site/assets/...``); page URLs are from the site root too
(``fr/faq/robber/``: mkdocs-static-i18n builds every language into one site).
"""

from __future__ import annotations

from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url


def page_href(target: str, page: Any, files: Any) -> str:
    """``faq/robber.md#knight`` as a link from ``page``; a missing page stops the build.

    ``files`` is the build's ``mkdocs.structure.files.Files``.
    """
    path, _, anchor = target.partition("#")
    file = files.get_file_from_path(path)
    if file is None:
        raise PluginError(f"{page.file.src_uri}: the link target {path!r} is not a page of "
                          f"this language (docs/<lang>/{path})")
    return get_relative_url(file.url, page.url) + (f"#{anchor}" if anchor else "")


def shared_href(path: str, page: Any) -> str:
    """A file shared by every language (``assets/widgets/widgets.js``) as a link from ``page``.

    >>> class Page:  # page.url as MkDocs sets it with directory URLs
    ...     url = "fr/faq/robber/"
    >>> shared_href("assets/widgets/widgets.js", Page())
    '../../../assets/widgets/widgets.js'
    >>> Page.url = ""
    >>> shared_href("assets/widgets/", Page())
    'assets/widgets/'
    """
    return get_relative_url(path, page.url)
