"""Private online rooms for ``catan_core``: a Starlette/uvicorn server in which the engine is the
referee, each seat sees only its own view, and computers play empty or idle seats.

Run it with ``python -m catan_rooms`` (see ``notes/rooms-protocol.md`` for the protocol).
"""
