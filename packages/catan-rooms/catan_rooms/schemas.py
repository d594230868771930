"""Message schemas (pydantic): room settings, and every message a client may send.

Every model forbids unknown fields and uses strict types, so a message is either exactly one
of these shapes or refused with ``malformed``. The game action inside ``act`` is checked in two
steps: its shape here and in ``room.check_action`` (the fields each action type may carry),
then by the engine itself.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    TypeAdapter,
    field_validator,
    model_validator,
)

from catan_core.bots import LEVEL_NAMES, PERSONALITIES
from catan_core.constants import COLOURS, DEFAULT_RULES
from catan_core.table import BOARDS, DEFAULT_TIMER, MODES, TIMERS
from catan_core.views import VISIBILITIES

#: Quick chat phrases: codes only, the client translates them.
PHRASES = ("hello", "good_luck", "have_fun", "well_played", "thanks", "nice_move", "oops",
           "wait_please", "hurry_please", "trade_anyone", "no_thanks", "be_right_back",
           "im_back", "good_game", "bye")

Colour = Literal["red", "blue", "white", "orange"]
Timer = Literal[20, 30, 40, 60, 90, 120]
ModeName = Literal["classic", "quick", "epic"]
BoardName = Literal["beginner", "variable"]
Visibility = Literal["revealed", "fog", "terra"]
Rule = Literal["trade_before_build"]
Level = Literal["easy", "normal", "hard", "expert"]
Personality = Literal["merchant", "aggressive", "builder", "expansionist", "opportunist"]
Phrase = Literal[PHRASES]  # type: ignore[valid-type]
Token = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]

assert set(LEVEL_NAMES) == set(Level.__args__)  # type: ignore[attr-defined]
assert set(PERSONALITIES) == set(Personality.__args__)  # type: ignore[attr-defined]
assert tuple(Colour.__args__) == COLOURS  # type: ignore[attr-defined]
# the table's settings (catan_core.table), spelled as the types a request is checked against
assert (*Timer.__args__, None) == TIMERS  # type: ignore[attr-defined]
assert set(ModeName.__args__) == set(MODES)  # type: ignore[attr-defined]
assert set(BoardName.__args__) == set(BOARDS)  # type: ignore[attr-defined]
assert tuple(Visibility.__args__) == VISIBILITIES  # type: ignore[attr-defined]
assert set(Rule.__args__) == set(DEFAULT_RULES)  # type: ignore[attr-defined]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class BotConfig(Strict):
    level: Level = "normal"
    personality: Personality = "builder"


class RoomSettings(Strict):
    """``POST /api/rooms`` body. Seats listed in ``computers`` are played by computers; other
    seats are open to people, and a seat still empty at the start goes to its ``standby``
    computer (else to ``fill``). The host may change the seats in the lobby (``SetSeat``)."""

    players: StrictInt = Field(default=4, ge=3, le=4)   # 4.0 is not a number of players
    timer: Timer | None = DEFAULT_TIMER  # type: ignore[assignment]
    dice: Literal["auto", "manual"] = "auto"
    mode: ModeName = "classic"
    board: BoardName = "variable"
    visibility: Visibility = "revealed"
    computers: dict[Colour, BotConfig] = Field(default_factory=dict)
    standby: dict[Colour, BotConfig] = Field(default_factory=dict)  # free seats' computers
    fill: BotConfig = BotConfig()
    rules: dict[Rule, bool] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _computers_at_table(self) -> RoomSettings:
        extra = (set(self.computers) | set(self.standby)) - set(self.colours())
        if extra:
            raise ValueError(f"no such seat at a table of {self.players}: {sorted(extra)}")
        both = set(self.computers) & set(self.standby)
        if both:
            raise ValueError(f"a seat is either a computer's or free: {sorted(both)}")
        return self

    def colours(self) -> list[str]:
        return list(COLOURS[:self.players])


#: Characters Unicode files as letters, symbols or marks that draw nothing: the Hangul fillers,
#: the blank Braille pattern, Khmer's inherent vowels, the combining grapheme joiner and the
#: Mongolian vowel separator. A name made of them looks blank in every list of players.
BLANK = frozenset("\u115f\u1160\u17b4\u17b5\u3164\uffa0\u2800\u034f\u180e")
#: Combining marks on one character at most: more stack above and below the line and overflow
#: the names around it (Vietnamese needs two).
MAX_MARKS = 2


#: Characters in a chat message, at most (a line or two in the lobby's chat).
MAX_CHAT = 160


def clean_text(value: str, limit: int = 24, what: str = "a name") -> str:
    """Text people type that others see (a player's name, a chat message): NFC, trimmed, 1 to
    ``limit`` characters, no control or format characters (no line breaks either), at least one
    character that draws something, at most ``MAX_MARKS`` accents on a character.

    >>> clean_text("  Zoë ")
    'Zoë'
    >>> clean_text("\u3164")
    Traceback (most recent call last):
    ValueError: a name needs a visible character
    >>> clean_text("<b>gg</b>", MAX_CHAT, "a message")  # shown as text, never as markup
    '<b>gg</b>'
    """
    text = unicodedata.normalize("NFC", value).strip()
    if not 1 <= len(text) <= limit:
        raise ValueError(f"{what} has 1 to {limit} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
           for ch in text):
        raise ValueError(f"{what} may not hold control or invisible characters")
    if not any(ch not in BLANK and unicodedata.category(ch)[0] in "LNPS" for ch in text):
        raise ValueError(f"{what} needs a visible character")
    marks = 0
    for ch in text:
        marks = marks + 1 if unicodedata.category(ch)[0] == "M" else 0
        if marks > MAX_MARKS:
            raise ValueError(f"at most {MAX_MARKS} accents on one character")
    return text


class Hello(Strict):
    t: Literal["hello"]
    room: str | None = None
    token: Token | None = None  # a seat token, to take one's seat again
    host: Token | None = None  # the host token from POST /api/rooms
    since: int = Field(default=0, ge=0, le=10**9)  # the last event number the client has


class Sit(Strict):
    t: Literal["sit"]
    room: str | None = None
    seat: Colour
    name: str

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return clean_text(value)


class Ready(Strict):
    t: Literal["ready"]
    room: str | None = None
    ready: bool = True


class Start(Strict):
    t: Literal["start"]
    room: str | None = None


class Act(Strict):
    t: Literal["act"]
    room: str | None = None
    n: int = Field(ge=1, le=2**31)  # strictly increasing per seat: a replay is refused
    action: dict[str, Any]
    to: list[Colour] | None = Field(default=None, max_length=3)  # an offer's recipients

    @field_validator("action")
    @classmethod
    def _small(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(value) > 6:
            raise ValueError("an action has at most 6 fields")
        return value


class PageOptions(Strict):
    """What the Play page's view depends on besides the game (see ``catan_web.game``)."""

    mode: dict[str, Any] | None = None  # the build mode the person chose: {kind, picks}
    terms: dict[str, str] | None = Field(default=None, max_length=40)  # harbour words


class Look(Strict):
    """Ask for (or, with ``options`` null, stop) the Play page's view in every update."""

    t: Literal["look"]
    room: str | None = None
    options: PageOptions | None = None


class Pick(Strict):
    """A spot chosen on the board (a node or edge name, or a tile number)."""

    t: Literal["pick"]
    room: str | None = None
    n: int = Field(ge=1, le=2**31)
    spot: Annotated[str, Field(max_length=16)] | Annotated[int, Field(ge=0, le=18)]
    options: PageOptions = PageOptions()


class Chat(Strict):
    """A quick phrase (a code each client says in its reader's language) or a short message
    of the sender's own (``text``, shown as text, never as markup): one of the two."""

    t: Literal["chat"]
    room: str | None = None
    n: int = Field(ge=1, le=2**31)
    phrase: Phrase | None = None
    text: str | None = None

    @field_validator("text")
    @classmethod
    def _text(cls, value: str | None) -> str | None:
        return None if value is None else clean_text(value, MAX_CHAT, "a message")

    @model_validator(mode="after")
    def _one(self) -> Chat:
        if (self.phrase is None) == (self.text is None):
            raise ValueError("a chat message is a phrase or a text")
        return self


class Options(Strict):
    """The host, in the lobby: new values for the room's settings (the fields given; the seats
    are chosen with ``SetSeat``). Checked as the whole settings are (``RoomSettings``)."""

    t: Literal["options"]
    room: str | None = None
    players: StrictInt | None = Field(default=None, ge=3, le=4)
    timer: Timer | Literal["off"] | None = None  # "off": no timer (null: unchanged)
    dice: Literal["auto", "manual"] | None = None
    mode: ModeName | None = None
    board: BoardName | None = None
    visibility: Visibility | None = None
    rules: dict[Rule, bool] | None = None

    def changes(self) -> dict[str, Any]:
        """The settings' fields this message changes, as ``RoomSettings`` spells them."""
        out = {k: v for k, v in self.model_dump(exclude={"t", "room"}).items() if v is not None}
        if out.get("timer") == "off":
            out["timer"] = None
        return out


class SetSeat(Strict):
    """The host, in the lobby: seat ``seat`` free (a person may take it; if nobody does, its
    computer takes it at the start) or a computer's (``level``, ``personality``: only then)."""

    t: Literal["seat"]
    room: str | None = None
    seat: Colour
    kind: Literal["open", "computer"]
    level: Level | None = None
    personality: Personality | None = None

    @model_validator(mode="after")
    def _computer_only(self) -> SetSeat:
        if self.kind == "open" and (self.level is not None or self.personality is not None):
            raise ValueError("a free seat takes no level or personality")
        return self


class Leave(Strict):
    t: Literal["leave"]
    room: str | None = None


class Back(Strict):
    t: Literal["back"]
    room: str | None = None


class Auto(Strict):
    """"Let the computer play my seat" (``on``) or "I play it again": the seat stays the
    person's (their token still holds it); the computer plays it meanwhile."""

    t: Literal["auto"]
    room: str | None = None
    on: bool


class Ping(Strict):
    t: Literal["ping"]
    room: str | None = None


ClientMessage = Annotated[Hello | Sit | Ready | Start | SetSeat | Options | Act | Pick | Look
                          | Chat | Leave | Back | Auto | Ping,
                          Field(discriminator="t")]
CLIENT_MESSAGE: TypeAdapter[Any] = TypeAdapter(ClientMessage)
