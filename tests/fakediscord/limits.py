"""Discord's documented limits, and validators that answer the way Discord does.

Every validator is a pure function of a JSON-like payload. It returns a list of
:class:`Problem` (empty when the payload is acceptable); :func:`form_error_body` turns the
problems into Discord's nested ``400 Invalid Form Body`` (code 50035) body, for example::

    {"code": 50035, "message": "Invalid Form Body",
     "errors": {"data": {"content": {"_errors": [
         {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]}}}}

The ``BASE_TYPE_*`` codes and messages are Discord's own; a few of the rarer codes
(component layout, command option ordering) are close approximations.
Lengths are counted in code points (``len``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# ---------------------------------------------------------------------------------------------
# Limits (https://discord.com/developers/docs/resources/message, .../interactions/...)
# ---------------------------------------------------------------------------------------------

CONTENT_MAX = 2000
EMBEDS_MAX = 10
EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_TEXT_MAX = 2048
EMBED_AUTHOR_NAME_MAX = 256
EMBED_TOTAL_MAX = 6000

ACTION_ROWS_MAX = 5
ROW_COMPONENTS_MAX = 5
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SELECT_PLACEHOLDER_MAX = 150
SELECT_OPTIONS_MAX = 25
SELECT_OPTION_TEXT_MAX = 100

MODAL_TITLE_MAX = 45

COMMAND_NAME_MAX = 32
COMMAND_DESCRIPTION_MAX = 100
COMMAND_OPTIONS_MAX = 25
COMMAND_CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
CHAT_INPUT_COMMANDS_MAX = 100
CONTEXT_MENU_COMMANDS_MAX = 5

AUTOCOMPLETE_CHOICES_MAX = 25

# Message flags
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Application command types and option types
CHAT_INPUT = 1
OPTION_SUB_COMMAND = 1
OPTION_SUB_COMMAND_GROUP = 2

# Component types
ACTION_ROW = 1
BUTTON = 2
SELECT_TYPES = frozenset({3, 5, 6, 7, 8})
TEXT_INPUT = 4
BUTTON_STYLE_LINK = 5
BUTTON_STYLE_PREMIUM = 6


# ---------------------------------------------------------------------------------------------
# Error bodies
# ---------------------------------------------------------------------------------------------

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One rejected field: where it is, Discord's error code for it, and the message."""

    path: Path
    code: str
    message: str

    def describe(self) -> str:
        where = ".".join(str(p) for p in self.path) or "(body)"
        return f"{where}: {self.message}"


@dataclass(frozen=True)
class ApiError:
    """A non-form JSON error: HTTP status plus Discord's numeric code and message."""

    status: int
    code: int
    message: str

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


UNAUTHORIZED = ApiError(401, 0, "401: Unauthorized")
NOT_FOUND = ApiError(404, 0, "404: Not Found")
UNKNOWN_APPLICATION = ApiError(404, 10002, "Unknown Application")
UNKNOWN_CHANNEL = ApiError(404, 10003, "Unknown Channel")
UNKNOWN_GUILD = ApiError(404, 10004, "Unknown Guild")
UNKNOWN_MESSAGE = ApiError(404, 10008, "Unknown Message")
UNKNOWN_MEMBER = ApiError(404, 10007, "Unknown Member")
UNKNOWN_ROLE = ApiError(404, 10011, "Unknown Role")
UNKNOWN_USER = ApiError(404, 10013, "Unknown User")
UNKNOWN_WEBHOOK = ApiError(404, 10015, "Unknown Webhook")
UNKNOWN_INTERACTION = ApiError(404, 10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = ApiError(400, 40060, "Interaction has already been acknowledged.")
CANNOT_EDIT_OTHERS = ApiError(403, 50005, "Cannot edit a message authored by another user")
EMPTY_MESSAGE = ApiError(400, 50006, "Cannot send an empty message")
CANNOT_DM = ApiError(403, 50007, "Cannot send messages to this user")
MISSING_PERMISSIONS = ApiError(403, 50013, "Missing Permissions")
INVALID_WEBHOOK_TOKEN = ApiError(401, 50027, "Invalid Webhook Token")

FORM_BODY_CODE = 50035


def form_error_body(problems: Iterable[Problem]) -> dict[str, Any]:
    """Nest problems by path, the way Discord reports ``Invalid Form Body``."""
    errors: dict[str, Any] = {}
    for problem in problems:
        node = errors
        for key in problem.path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return {"code": FORM_BODY_CODE, "message": "Invalid Form Body", "errors": errors}


def _max_length(path: Path, limit: int) -> Problem:
    return Problem(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _bad_length(path: Path, low: int, high: int) -> Problem:
    return Problem(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _required(path: Path) -> Problem:
    return Problem(path, "BASE_TYPE_REQUIRED", "This field is required")


def _check_str(
    value: Any, path: Path, high: int, *, low: int = 0, required: bool = False
) -> list[Problem]:
    """A string field: missing/None is fine unless ``required``; length in [low, high]."""
    if value is None:
        return [_required(path)] if required else []
    if not isinstance(value, str):
        return [Problem(path, "BASE_TYPE_STRING", "Must be a string.")]
    if low > 0 and len(value) < low:
        return [_bad_length(path, low, high)]
    if len(value) > high:
        return [_bad_length(path, low, high) if low > 0 else _max_length(path, high)]
    return []


def _as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


# ---------------------------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------------------------


def embed_text_length(embed: Mapping[str, Any]) -> int:
    """The characters Discord counts towards the 6000 total for one embed."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    for field in _as_list(embed.get("fields")):
        if isinstance(field, Mapping):
            total += len(field.get("name") or "") + len(field.get("value") or "")
    footer = embed.get("footer")
    if isinstance(footer, Mapping):
        total += len(footer.get("text") or "")
    author = embed.get("author")
    if isinstance(author, Mapping):
        total += len(author.get("name") or "")
    return total


def validate_embed(embed: Any, path: Path) -> list[Problem]:
    if not isinstance(embed, Mapping):
        return [Problem(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    problems = [
        *_check_str(embed.get("title"), (*path, "title"), EMBED_TITLE_MAX),
        *_check_str(embed.get("description"), (*path, "description"), EMBED_DESCRIPTION_MAX),
    ]
    fields = _as_list(embed.get("fields"))
    if len(fields) > EMBED_FIELDS_MAX:
        problems.append(_max_length((*path, "fields"), EMBED_FIELDS_MAX))
    for index, field in enumerate(fields):
        where = (*path, "fields", index)
        if not isinstance(field, Mapping):
            problems.append(_required(where))
            continue
        problems += _check_str(
            field.get("name"), (*where, "name"), EMBED_FIELD_NAME_MAX, low=1, required=True
        )
        problems += _check_str(
            field.get("value"), (*where, "value"), EMBED_FIELD_VALUE_MAX, low=1, required=True
        )
    footer = embed.get("footer")
    if isinstance(footer, Mapping):
        problems += _check_str(
            footer.get("text"), (*path, "footer", "text"), EMBED_FOOTER_TEXT_MAX, required=True
        )
    author = embed.get("author")
    if isinstance(author, Mapping):
        problems += _check_str(
            author.get("name"), (*path, "author", "name"), EMBED_AUTHOR_NAME_MAX, required=True
        )
    return problems


def validate_embeds(embeds: Any, path: Path) -> list[Problem]:
    items = _as_list(embeds)
    problems: list[Problem] = []
    if len(items) > EMBEDS_MAX:
        problems.append(_max_length(path, EMBEDS_MAX))
    for index, embed in enumerate(items):
        problems += validate_embed(embed, (*path, index))
    total = sum(embed_text_length(e) for e in items if isinstance(e, Mapping))
    if total > EMBED_TOTAL_MAX:
        problems.append(
            Problem(
                path,
                "MAX_EMBED_SIZE_EXCEEDED",
                f"Embed size exceeds maximum size of {EMBED_TOTAL_MAX}",
            )
        )
    return problems


def _iter_components(components: Any) -> Iterable[Mapping[str, Any]]:
    for component in _as_list(components):
        if isinstance(component, Mapping):
            yield component
            yield from _iter_components(component.get("components"))
            accessory = component.get("accessory")
            if isinstance(accessory, Mapping):
                yield accessory


def _validate_interactive(component: Mapping[str, Any], path: Path) -> list[Problem]:
    problems: list[Problem] = []
    kind = component.get("type")
    if kind == BUTTON:
        style = component.get("style")
        if style == BUTTON_STYLE_LINK:
            if not component.get("url"):
                problems.append(_required((*path, "url")))
        elif style != BUTTON_STYLE_PREMIUM:
            problems += _check_str(
                component.get("custom_id"), (*path, "custom_id"), CUSTOM_ID_MAX, required=True
            )
        problems += _check_str(component.get("label"), (*path, "label"), BUTTON_LABEL_MAX)
    elif kind in SELECT_TYPES:
        problems += _check_str(
            component.get("custom_id"), (*path, "custom_id"), CUSTOM_ID_MAX, required=True
        )
        problems += _check_str(
            component.get("placeholder"), (*path, "placeholder"), SELECT_PLACEHOLDER_MAX
        )
        if kind == 3:
            options = _as_list(component.get("options"))
            if not 1 <= len(options) <= SELECT_OPTIONS_MAX:
                problems.append(_bad_length((*path, "options"), 1, SELECT_OPTIONS_MAX))
            for index, option in enumerate(options):
                where = (*path, "options", index)
                if not isinstance(option, Mapping):
                    problems.append(_required(where))
                    continue
                for key, required in (("label", True), ("value", True), ("description", False)):
                    problems += _check_str(
                        option.get(key),
                        (*where, key),
                        SELECT_OPTION_TEXT_MAX,
                        low=1 if required else 0,
                        required=required,
                    )
    return problems


def validate_components(components: Any, path: Path, *, flags: int = 0) -> list[Problem]:  # noqa: C901, PLR0912 (a table: Discord's component rules, one check each)
    """Action rows of buttons and selects; with the components-v2 flag only ids are checked."""
    problems: list[Problem] = []
    items = _as_list(components)
    if not flags & FLAG_COMPONENTS_V2:
        if len(items) > ACTION_ROWS_MAX:
            problems.append(_max_length(path, ACTION_ROWS_MAX))
        for row_index, row in enumerate(items):
            where = (*path, row_index)
            if not isinstance(row, Mapping) or row.get("type") != ACTION_ROW:
                problems.append(
                    Problem(
                        (*where, "type"),
                        "UNION_TYPE_CHOICES",
                        'Value of field "type" must be one of (1,).',
                    )
                )
                continue
            children = _as_list(row.get("components"))
            if not 1 <= len(children) <= ROW_COMPONENTS_MAX:
                problems.append(_bad_length((*where, "components"), 1, ROW_COMPONENTS_MAX))
            for child_index, child in enumerate(children):
                child_path = (*where, "components", child_index)
                if not isinstance(child, Mapping):
                    problems.append(_required(child_path))
                    continue
                if child.get("type") in SELECT_TYPES and len(children) > 1:
                    problems.append(
                        Problem(
                            child_path,
                            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                            "The specified component exceeds the maximum width",
                        )
                    )
                problems += _validate_interactive(child, child_path)
    else:
        for component in _iter_components(items):
            if "custom_id" in component:
                problems += _check_str(
                    component.get("custom_id"), (*path, "custom_id"), CUSTOM_ID_MAX
                )
    seen: set[str] = set()
    for component in _iter_components(items):
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                problems.append(
                    Problem(
                        path,
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        "Component custom id cannot be duplicated",
                    )
                )
            seen.add(custom_id)
    return problems


def validate_message(payload: Any, path: Path = ()) -> list[Problem]:
    """Field limits of a message body (create or edit); emptiness is :func:`is_empty_message`."""
    if not isinstance(payload, Mapping):
        return [Problem(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")]
    flags = payload.get("flags") or 0
    problems = _check_str(payload.get("content"), (*path, "content"), CONTENT_MAX)
    if "embeds" in payload:
        problems += validate_embeds(payload.get("embeds"), (*path, "embeds"))
    if "components" in payload:
        problems += validate_components(
            payload.get("components"), (*path, "components"), flags=int(flags)
        )
    return problems


def is_empty_message(payload: Mapping[str, Any], *, files: int = 0) -> bool:
    """True when a message has nothing to show (Discord answers 50006)."""
    if files:
        return False
    return not (
        payload.get("content")
        or _as_list(payload.get("embeds"))
        or _as_list(payload.get("components"))
        or _as_list(payload.get("attachments"))
        or _as_list(payload.get("sticker_ids"))
        or payload.get("poll")
    )


# ---------------------------------------------------------------------------------------------
# Interaction callbacks
# ---------------------------------------------------------------------------------------------

# interaction type -> callback types Discord accepts as the initial response
ALLOWED_CALLBACKS: Mapping[int, frozenset[int]] = {
    1: frozenset({1}),  # PING -> PONG
    2: frozenset({4, 5, 9, 10, 12}),  # APPLICATION_COMMAND
    3: frozenset({4, 5, 6, 7, 9, 10, 12}),  # MESSAGE_COMPONENT
    4: frozenset({8}),  # APPLICATION_COMMAND_AUTOCOMPLETE
    5: frozenset({4, 5, 6, 7, 10, 12}),  # MODAL_SUBMIT
}


def validate_callback_type(interaction_type: int, callback_type: Any) -> list[Problem]:
    if callback_type not in ALLOWED_CALLBACKS.get(interaction_type, frozenset()):
        return [
            Problem(
                ("type",),
                "INTERACTION_CALLBACK_TYPE_INVALID",
                f"Interaction callback type {callback_type!r} is invalid for an interaction "
                f"of type {interaction_type}",
            )
        ]
    return []


def validate_choices(choices: Any, path: Path) -> list[Problem]:
    """Autocomplete results: at most 25; name 1-100 characters; a string value <= 100."""
    items = _as_list(choices)
    if choices is not None and not isinstance(choices, list | tuple):
        return [Problem(path, "BASE_TYPE_ARRAY", "Must be an array.")]
    problems: list[Problem] = []
    if len(items) > AUTOCOMPLETE_CHOICES_MAX:
        problems.append(_max_length(path, AUTOCOMPLETE_CHOICES_MAX))
    for index, choice in enumerate(items):
        problems += _validate_choice(choice, (*path, index))
    return problems


def _validate_choice(choice: Any, path: Path) -> list[Problem]:
    if not isinstance(choice, Mapping):
        return [_required(path)]
    problems = _check_str(
        choice.get("name"), (*path, "name"), CHOICE_NAME_MAX, low=1, required=True
    )
    value = choice.get("value")
    if value is None:
        problems.append(_required((*path, "value")))
    elif isinstance(value, str):
        problems += _check_str(value, (*path, "value"), CHOICE_VALUE_MAX)
    elif isinstance(value, bool) or not isinstance(value, int | float):
        problems.append(Problem((*path, "value"), "BASE_TYPE_CHOICES", "Invalid choice value."))
    return problems


def validate_modal(data: Any, path: Path) -> list[Problem]:
    if not isinstance(data, Mapping):
        return [_required(path)]
    problems = [
        *_check_str(data.get("custom_id"), (*path, "custom_id"), CUSTOM_ID_MAX, required=True),
        *_check_str(data.get("title"), (*path, "title"), MODAL_TITLE_MAX, low=1, required=True),
    ]
    rows = _as_list(data.get("components"))
    if not 1 <= len(rows) <= ACTION_ROWS_MAX:
        problems.append(_bad_length((*path, "components"), 1, ACTION_ROWS_MAX))
    return problems


# ---------------------------------------------------------------------------------------------
# Application commands
# ---------------------------------------------------------------------------------------------


def is_valid_chat_input_name(name: str) -> bool:
    """Discord's ``^[-_\\p{L}\\p{N}]{1,32}$`` (plus Devanagari/Thai marks), lower case."""
    if not 1 <= len(name) <= COMMAND_NAME_MAX:
        return False
    for char in name:
        category = unicodedata.category(char)
        allowed = char in "-_" or category[0] in "LN"
        allowed = allowed or (category in ("Mn", "Mc") and _is_thai_or_devanagari(char))
        if not allowed or char.lower() != char:
            return False
    return True


def _is_thai_or_devanagari(char: str) -> bool:
    code = ord(char)
    return 0x0900 <= code <= 0x097F or 0x0E00 <= code <= 0x0E7F


def _invalid_name(path: Path) -> Problem:
    return Problem(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _validate_option(option: Any, path: Path, *, depth: int) -> list[Problem]:
    if not isinstance(option, Mapping):
        return [_required(path)]
    problems: list[Problem] = []
    name = option.get("name")
    if not isinstance(name, str) or not is_valid_chat_input_name(name):
        problems.append(_invalid_name((*path, "name")))
    problems += _check_str(
        option.get("description"),
        (*path, "description"),
        COMMAND_DESCRIPTION_MAX,
        low=1,
        required=True,
    )
    kind = option.get("type")
    if kind in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP):
        # a group holds sub-commands; a sub-command holds plain options; nesting stops there
        if kind == OPTION_SUB_COMMAND_GROUP and depth > 0:
            problems.append(
                Problem(
                    (*path, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "Sub-command groups cannot be nested",
                )
            )
        children = option.get("options")
        problems += _validate_options(
            children, (*path, "options"), depth=depth + 1, parent_type=kind
        )
        return problems
    choices = option.get("choices")
    if choices is not None:
        items = _as_list(choices)
        if len(items) > COMMAND_CHOICES_MAX:
            problems.append(_max_length((*path, "choices"), COMMAND_CHOICES_MAX))
        for index, choice in enumerate(items):
            problems += _validate_choice(choice, (*path, "choices", index))
        if items and option.get("autocomplete"):
            problems.append(
                Problem(
                    (*path, "autocomplete"),
                    "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_WITH_CHOICES",
                    "Autocomplete cannot be enabled on an option with choices",
                )
            )
    return problems


def _validate_options(
    options: Any, path: Path, *, depth: int, parent_type: int | None = None
) -> list[Problem]:
    items = _as_list(options)
    problems: list[Problem] = []
    if len(items) > COMMAND_OPTIONS_MAX:
        problems.append(_max_length(path, COMMAND_OPTIONS_MAX))
    seen_optional = False
    names: set[str] = set()
    for index, option in enumerate(items):
        problems += _validate_option(option, (*path, index), depth=depth)
        if not isinstance(option, Mapping):
            continue
        kind = option.get("type")
        nested = kind in (OPTION_SUB_COMMAND, OPTION_SUB_COMMAND_GROUP)
        if parent_type == OPTION_SUB_COMMAND_GROUP and kind != OPTION_SUB_COMMAND:
            problems.append(
                Problem(
                    (*path, index, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "A sub-command group may only contain sub-commands",
                )
            )
        if parent_type == OPTION_SUB_COMMAND and nested:
            problems.append(
                Problem(
                    (*path, index, "type"),
                    "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                    "A sub-command cannot contain sub-commands",
                )
            )
        name = option.get("name")
        if isinstance(name, str):
            if name in names:
                problems.append(
                    Problem(
                        (*path, index, "name"),
                        "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                        "Option names must be unique",
                    )
                )
            names.add(name)
        if nested:
            continue
        if option.get("required"):
            if seen_optional:
                problems.append(
                    Problem(
                        (*path, index, "required"),
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
    return problems


def validate_command(command: Any, path: Path = ()) -> list[Problem]:
    """One application command as sent to ``PUT .../commands``."""
    if not isinstance(command, Mapping):
        return [_required(path)]
    kind = command.get("type", CHAT_INPUT)
    name = command.get("name")
    problems: list[Problem] = []
    if kind == CHAT_INPUT:
        if not isinstance(name, str) or not is_valid_chat_input_name(name):
            problems.append(_invalid_name((*path, "name")))
        problems += _check_str(
            command.get("description"),
            (*path, "description"),
            COMMAND_DESCRIPTION_MAX,
            low=1,
            required=True,
        )
        problems += _validate_options(command.get("options"), (*path, "options"), depth=0)
    else:
        problems += _check_str(name, (*path, "name"), COMMAND_NAME_MAX, low=1, required=True)
        if command.get("description"):
            problems.append(
                Problem(
                    (*path, "description"),
                    "APPLICATION_COMMAND_DESCRIPTION_INVALID",
                    "Context menu commands cannot have a description",
                )
            )
    return problems


def validate_command_list(commands: Any) -> list[Problem]:
    """A bulk overwrite: each command, counts per type, and unique (name, type) pairs."""
    if not isinstance(commands, Sequence) or isinstance(commands, str | bytes):
        return [Problem((), "BASE_TYPE_ARRAY", "Must be an array.")]
    problems: list[Problem] = []
    seen: set[tuple[Any, Any]] = set()
    counts: dict[Any, int] = {}
    for index, command in enumerate(commands):
        problems += validate_command(command, (index,))
        if not isinstance(command, Mapping):
            continue
        key = (command.get("name"), command.get("type", CHAT_INPUT))
        if key in seen:
            problems.append(
                Problem(
                    (index, "name"),
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    "Application command names must be unique",
                )
            )
        seen.add(key)
        counts[key[1]] = counts.get(key[1], 0) + 1
    for kind, count in counts.items():
        limit = CHAT_INPUT_COMMANDS_MAX if kind == CHAT_INPUT else CONTEXT_MENU_COMMANDS_MAX
        if count > limit:
            problems.append(_max_length((), limit))
    return problems
