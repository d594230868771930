"""Tools for working on the site, outside the MkDocs plugin: serving a built site
(``python -m devtools.serve``), the flags headless Chromium starts with, screenshots
(``python -m devtools.screenshots``). Used by the tests and the benchmarks from the repository."""
