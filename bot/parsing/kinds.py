"""What kind of program item a title names."""

from __future__ import annotations

import re
from functools import lru_cache

from bot.model import SessionKind

# "Registration", "Credenciamento", "受付": an item open for hours, holding no talks.
REGISTRATION = re.compile(
    r"\bregistration\b|\bcheck-?in\b|"
    r"\b(?:credenciamento|acreditaci[óo]n|inscripci[óo]n|registrazione|accoglienza|"
    r"registratie|rejestracja|registrace|регистрация)\b|受付|签到|報到|등록",
    re.I,
)

# What English programs call a talk given by an invited speaker; also the words that introduce
# its speaker before a colon or "by" (structure.phrases.KEYNOTE_SPEAKER).
KEYNOTE_PHRASES = (
    # a "locknote" is the keynote that closes a developer conference's day
    r"key-?\s?notes?|lock-?\s?notes?|"
    r"(?:invited|plenary) (?:talks?|lectures?|speakers?|presentations?|address(?:es)?)|"
    r"(?:distinguished|turing|memorial|honorary|prize|award|guest|public) lectures?|"
    r"guest (?:talks?|speakers?)"
)
# What an opening or closing ceremony opens or closes.
_EVENT_WORDS = (
    r"(?:conference|workshop|symposium|meeting|congress|school|session|day|event|ceremony|"
    r"program(?:me)?|colloquium|forum)s?\b"
)
_RULES: tuple[tuple[SessionKind, re.Pattern[str]], ...] = (
    (SessionKind.OTHER, REGISTRATION),
    (
        SessionKind.KEYNOTE,
        re.compile(
            r"\b(?:" + KEYNOTE_PHRASES + r")\b|"
            # French, German, Spanish, Italian, Portuguese
            r"\bexposés? invités?\b|\bconférences? (?:invitée|plénière|inaugurale)s?\b|"
            r"\b(?:haupt|plenar|fest|eröffnungs)vortrag\b|"
            r"\bconferencias? (?:inaugural|plenaria|magistral)(?:es)?\b|"
            r"\bconferenz[ae] (?:plenari[ae]|inaugurale)\b|\bpalestras? (?:de abertura|magna)\b|"
            r"\bconferências? (?:de abertura|de encerramento|plenárias?|magna)\b|"
            r"\bpleno?arn[yí]\w* (?:wykład|přednáška|доклад)|\bпленарн\w+ доклад\w*|"
            r"\bприглаш[её]нн\w* доклад\w*|\bwykład\w* (?:plenarn|zaproszon|inauguracyjn)\w*|"
            # Czech, Slovak, the South Slavic languages, Hungarian, Nordic, Finnish, Spanish,
            # Portuguese, Italian, Turkish, Romanian, Greek, Dutch, German, Indonesian,
            # Vietnamese
            r"\b(?:zvan|plenárn|pozvan)\w* p[řr]edn[áa][šs]k\w*|"
            r"\b(?:pozvan|plenarn|vabljen)\w* predavanj\w*|\b(?:plenáris|meghívott) előadás\w*|"
            r"\bhuvudtalare\b|\binbjuden talare\b|\bplenarföredrag\b|\bhovedtaler\b|"
            r"\b(?:hoved|plenar)foredrag\b|\bpääpuhuja\w*|\bkutsu(?:ttu puhuja|esitelmä)\w*|"
            r"\bconferencias? invitadas?\b|\bponencias? invitadas?\b|"
            r"\b(?:conferências?|palestras?) convidadas?\b|"
            r"\brelazion[ei] (?:invitat|plenari)[ae]\b|"
            r"\b(?:davetli|çağrılı) konuşma(?:cı)?\b|\bprezentare invitată\b|"
            r"\bconferință plenară\b|κεντρική ομιλία|προσκεκλημένη ομιλία|\bplenaire lezing\b|"
            r"\beingeladener vortrag\b|\bpembicara (?:utama|kunci)\b|\bbáo cáo (?:mời|toàn thể)\b|"
            # Japanese, Chinese, Korean
            r"招待講演|基調講演|特別講演|特邀报告|特邀報告|大会报告|主旨报告|主题报告|主旨演讲|基调演讲|特邀演讲|"
            r"主题演讲|기조연설|기조강연|초청강연",
            re.I,
        ),
    ),
    (
        SessionKind.PLENARY,
        re.compile(
            # (not "Opening the 21 cm Window …", "Closing the Gap …": a gerund and its object,
            # a talk's title; "Opening the Conference" is still the ceremony)
            r"\b(?:opening|closing)\b(?!\s+(?:the|a|an)\s+(?!" + _EVENT_WORDS + r")\w)|"
            r"\badjourn(?:ment)?\b|\bconcluding remarks\b|\bwrap-?up\b|"
            r"\bclose-?out\b|"
            r"\bprize[- ]giving\b|\bannual general meeting\b|\bAGM\b|"
            r"\bwelcome( and|&| remarks?| statements?|"
            r" address| talk| speech| message| presentation)\b|\baward|\bbusiness meeting\b|"
            r"\bgeneral assembly\b|\btown ?hall\b|\bfarewell\b|"
            r"\bbest papers?\b|"
            r"\bouverture\b|\bclôture\b|\bbegrüßung\b|\beröffnung\b|\binauguración\b|"
            r"\bclausura\b|\bchiusura\b|\bapertura\b|\babertura\b|\bencerramento\b|"
            r"\bbienvenue\b|\bbienvenida\b|"
            # award ceremonies: German, French, Spanish, Portuguese, Italian, Dutch
            r"\bpreisverleihung|\bremise des prix\b|\bentrega de pr[eê]mios?\b|\bpremia[çc][ãa]o\b|"
            r"\bpremiazione\b|\bprijsuitreiking\b|"
            # Polish
            r"\botwarci[ae]\b|\bzakończeni[ae]\b|\bpowitanie\b|\bwręczenie\b|"
            # Japanese, Chinese, Korean (no word boundaries between their characters)
            r"オープニング|クロージング|開会|閉会|开幕|闭幕|開幕|閉幕|개회|폐회|개막|폐막",
            re.I,
        ),
    ),
    (
        SessionKind.BREAK,
        re.compile(
            # (not "Break-out sessions", which are parallel sessions)
            r"\bbreak\b(?!-?\s?outs?\b)|\bcoffee\b|\blunch\b|\bbreakfast\b|\brecess\b|\bintermission\b|"
            r"\brefreshments?\b|\btea\b|"
            r"\b(?:kaffee|mittags)?pause\b|\bpausa\b|\bcaf[ée]\b|\bdéjeuner\b|"
            r"\bmittagessen\b|\balmuerzo\b|\brefrigerio\b|\bpranzo\b|\balmoço\b|"
            r"\b(?:koffie)?pauze\b|\bprzerwa\b|\bперерыв\b|\bкофе-брейк\b|\bобед\b|"
            # Nordic, Baltic, Hungarian, Romanian, Greek, Slavic, Turkish, Indonesian, Vietnamese
            r"\b(?:kaffe|kohvi)?pau(?:s|se)\b|\bkaffe\b|\bfika\b|\bfrokost\b|\bkahvi(?:tauko)?\b|"
            r"\btauko\b|\blounas\b|\blõunasöök\b|\bpertrauka\b|\bpietūs\b|\bpārtraukums\b|"
            r"\bpusdienas\b|\bkávészünet\b|\bszünet\b|\bebéd\b|\bpauz[ăa]\b|\bprânz\b|"
            r"\bδιάλειμμα\b|\bγεύμα\b|\bpřestávka\b|\bprestávka\b|\boběd\b|\bobed\b|"
            r"\bstanka\b|\bručak\b|\bперерва\b|\bобід\b|\bпочивка\b|\bобяд\b|"
            r"\bkahve aras[ıi]\b|\böğle yemeği\b|\bistirahat\b|\brehat\b|\bmakan siang\b|"
            r"\bgiải lao\b|\băn trưa\b|\bcafè\b|"
            # Japanese, Chinese, Korean (no word boundaries between their characters)
            r"休憩|昼食|コーヒーブレイク|茶歇|午餐|午饭|中场休息|휴식|점심",
            re.I,
        ),
    ),
    (
        SessionKind.SOCIAL,
        re.compile(
            # "Social", "Social hour", but not the adjective of a topic ("Social Justice")
            r"\breception\b|\bbanquet\b|\bdinner\b|\bhappy hour\b|\bboat trip\b|"
            r"\bsocial\b(?!\s+(?!(?:and|&|events?|hours?|program(?:me)?s?|evenings?|gatherings?|"
            r"activit(?:y|ies)|night|time|break)\b)\w)|"
            r"\bexcursion\b|\bshuttle\b|\bparty\b|\bmixer\b|\bmeet(?: and | & |-and-)greet\b|"
            r"\bget-together\b|\bnetworking event\b|\btour\b|\bfield trips?\b|"
            r"\bapéro\b|\bapéritif\b|\bcocktail\b|\bdîner\b|\babendessen\b|\bempfang\b|"
            r"\bcena\b|\bexcursión\b|\bausflug\b|\bspotkanie towarzyskie\b|"
            # Japanese, Chinese, Korean
            r"懇親会|交流会|晩餐会|レセプション|バンケット|晚宴|宴会|招待会|만찬|리셉션|간담회",
            re.I,
        ),
    ),
    (SessionKind.POSTERS, re.compile(r"\bposters?\b|\bdemos?\b", re.I)),
    (
        SessionKind.OTHER,
        re.compile(
            r"\bpanels?\b|\bworkshops?\b|\btutorials?\b|"
            r"\bdiscussion\b|\bq ?& ?a\b|\bforum\b|\bhackathon\b",
            re.I,
        ),
    ),
)

_POSTERS = _RULES[-2][1]
_KEYNOTE = _RULES[1][1]
# "Invited Talks" over several talks: a session of papers that were invited, not a keynote.
_SEVERAL_INVITED_TALKS = re.compile(
    r"(?:invited|plenary|guest) (?:talks|lectures|presentations|speakers)", re.I
)


def classify_kind(title: str | None, *, paper_count: int) -> SessionKind:
    """Kind from the title's words and how many contributions the item lists.

    A break or reception that mentions posters but lists none stays a break or social item; one
    that lists them is the poster session attendees will ask about. An item listing several
    papers is a paper session whatever its title says ("Closing the Gap", "Social Networks").
    """
    if title is None:
        return SessionKind.PAPERS if paper_count else SessionKind.OTHER
    return kind_of_title(title, min(paper_count, 2))


@lru_cache(maxsize=16384)
def kind_of_title(title: str, papers: int) -> SessionKind:
    """`classify_kind` of a title, for no, one or several (2) papers. Remembered: a page asks
    about the same session titles again and again, and each rule's many alternatives cost a
    search of the whole title."""
    if papers > 1:
        if _POSTERS.search(title):
            return SessionKind.POSTERS
        found = _KEYNOTE.search(title)
        if found and not _SEVERAL_INVITED_TALKS.fullmatch(found.group(0)):
            return SessionKind.KEYNOTE
        return SessionKind.PAPERS
    kind = kind_by_words(title)
    if kind is not None:
        return kind
    return SessionKind.PAPERS if papers else SessionKind.OTHER


# "Opening reception", "Farewell dinner", "Closing party": a social item named for when it is
# held, the social word its noun.
_CEREMONY_THEN_SOCIAL = re.compile(
    r"\b(?:opening|closing|farewell)\s+(?:reception|dinner|banquet|party|drinks|cocktails?)\b",
    re.I,
)


@lru_cache(maxsize=16384)
def kind_by_words(title: str) -> SessionKind | None:
    """The kind of the first rule whose words `title` holds, or None: the same for no and for
    one paper, which pages ask about the same title both ways."""
    if _CEREMONY_THEN_SOCIAL.search(title):
        return SessionKind.SOCIAL  # "Opening reception": a reception, held at the opening
    for kind, pattern in _RULES:
        if pattern.search(title):
            return kind
    return None


# "Contributed talk", "Lightning talk 2", "Talk 3": a slot kept for one talk not chosen yet.
# A bare "Talk" or "Presentation" may as well be an item's or a topic's name, so one needs its
# qualifier or its number.
_TALK_SLOT = re.compile(
    r"(?:contribut(?:ed|ing)|selected|accepted|short|long|lightning|spotlight|student|oral)"
    r"\s+(?:talk|presentation)(?:\s*#?\d+)?|(?:talk|presentation|vortrag)\s*#?\d+",
    re.I,
)


def is_talk_slot(title: str) -> bool:
    """An item titled only as one talk (`Contributed talk`), whose talk is not named yet: a
    talk on the program all the same. `Contributed talks` is a session of several."""
    return _TALK_SLOT.fullmatch(title.strip(" .:")) is not None


# The words of an item that opens or closes a day and is hosted, not given as a talk:
# "Welcome", "Introduction", "Opening remarks", "Welcome and introduction", "Chiusura",
# "Closeout session", "Wrap-up".
_CEREMONY_WORDS = frozenset(
    "welcome introduction intro opening closing concluding farewell remarks remark statement"
    " statements words address"
    " closeout close-out wrap-up wrapup"
    " apertura chiusura ouverture clôture bienvenue begrüßung eröffnung abertura encerramento"
    " bienvenida inauguración clausura boas-vindas".split()
)
_CEREMONY_FILLERS = frozenset(
    "and & + of the to day conference workshop symposium session event events ceremony e et y"
    " und".split()
)
_WELCOME_FILLERS = frozenset(
    "talk speech message presentation housekeeping announcements notices logistics".split()
)


def is_ceremony(title: str) -> bool:
    """An opening or closing item whose people host it (`Welcome`, `Introduction`, `Opening
    and welcome`): nothing but such words, so `Introduction to Rust` stays a talk."""
    printed = [w for w in (w.strip(".,:;!-–—()[]") for w in title.split()) if w]
    words = [w.lower() for w in printed]
    if words[:2] == ["welcome", "to"]:
        # "Welcome to Ames & Logistics", "Welcome to Santa Cruz": the place's name (a few
        # capitalised words right after "to") is what a welcome is to, not a talk's subject.
        place = 0
        while (
            place < 3
            and 2 + place < len(words)
            and printed[2 + place][:1].isupper()
            and words[2 + place] not in _CEREMONY_FILLERS | _WELCOME_FILLERS
        ):
            place += 1
        del words[2 : 2 + place]
    # "Welcome talk", "Welcome speech", "Welcome & housekeeping": a welcome is hosted whatever
    # it is called or whatever notices come with it; a "Closing talk" may be a talk.
    fillers = _CEREMONY_FILLERS | _WELCOME_FILLERS if "welcome" in words else _CEREMONY_FILLERS
    return (
        bool(words)
        and len(words) <= 6
        and not _CEREMONY_WORDS.isdisjoint(words)
        and all(w in _CEREMONY_WORDS or w in fillers for w in words)
    )
