"""The speakers an item's title or a line below it names: `Keynote: Name`, `Title (Name)`,
`Title - Name, Affiliation`, a labelled speaker line."""

from __future__ import annotations

import re

from bot.model import Person, SessionKind
from bot.parsing.authors import (
    author_line_score,
    clean,
    is_name_like,
    is_name_like_strict,
    names_an_institution,
    parse_author_line,
)
from bot.parsing.kinds import classify_kind
from bot.parsing.lexer import SESSION_LABEL
from bot.parsing.shapes import colon_speakers, has_common_word, name_colon_title
from bot.parsing.structure.drafts import NOT_TALKS, SessionDraft
from bot.parsing.structure.lookahead import Lookahead
from bot.parsing.structure.phrases import (
    KEYNOTE_SEPARATOR_AT_END,
    KEYNOTE_SPEAKER,
    SPEAKER_AND_PLACE,
    parenthesised_chair,
    reads_as_a_name,
    session_dash_person,
    speaker_then_title,
    unquote,
)
from bot.parsing.talks import (
    labelled_speakers,
    read_talk_title,
    split_ceremony_hosts,
    split_dash_speakers,
    title_named_speakers_note,
    title_then_named_speakers,
    title_then_speaker_and_affiliation,
    title_then_talk_sentence,
)


class Speakers(Lookahead):
    """Taking an item's speakers from its title and from the lines below it."""

    def _talk_becomes_first_paper(self, session: SessionDraft) -> None:
        """An item read as one talk (`Karl Gordon: Title`) with another talk under it is a
        session of talks: its own talk is the first of them."""
        if not session.speakers or session.papers or session.talk_title is None:
            return
        first = self.add_paper(session.talk_title, session.line)
        first.authors.extend(session.speakers)
        session.speakers, session.talk_title, session.title = [], None, None

    def _speakers_from_title(self, session: SessionDraft) -> None:
        if not session.title or session.speakers:
            return
        if not session.chairs:
            parted = parenthesised_chair(session.title)
            if parted is not None:
                # "On Hydrology (Chair Kenza Tazi)", "Panel: Ethics in AI (A, B, Chair C)": who
                # chairs, after the word `Chair` inside the title's closing parenthesis (one
                # left unclosed too); the names before it in the parenthesis are panelists.
                session.title, panelists, chairs = parted
                session.chairs.extend(chairs)
                session.chaired = True
                if panelists:
                    session.speakers = list(panelists)
                    session.talk_title = session.title
                return
        chaired = session_dash_person(session.title)
        if chaired and not session.chairs:
            # "Session 2 — Rodrigo Rodrigues": a session's chair after a dash.
            session.title, who = chaired
            session.chairs.append(Person(who, None))
            session.chaired = True
            return
        dashed = self._dashed_talk(session.title)
        if dashed is not None:
            # "A Tutorial on Graphs of Convex Sets — Name": on a page of `Title — Speaker` rows,
            # a title with a talk word in it is still the talk's title, not its kind.
            session.title = session.talk_title = dashed[0]
            session.speakers = list(dashed[1])
            return
        talk = labelled_speakers(session.title) or read_talk_title(session.title)
        if talk is not None:
            session.title = talk.session_title
            session.talk_title = unquote(talk.talk_title) if talk.talk_title else None
            session.speakers = list(talk.speakers)
            session.awaits_speakers = not talk.speakers
            # "Keynote (Ana Silva)", "主题报告一（熊璋教授）": the talk is named only by its kind,
            # so a title on a line of its own below is the talk's.
            named_by_kind = talk.talk_title == talk.session_title
            session.expects_talk_title = bool(talk.speakers) and named_by_kind
            return
        given = SPEAKER_AND_PLACE.match(session.title)
        if given and reads_as_a_name(given["who"]) and has_common_word(given["title"]):
            # "Introduction to the Week (Ariel Rokem; PAB5)": a talk, who gives it and where.
            session.title = session.talk_title = given["title"]
            session.speakers = [Person(clean(given["who"]), None)]
            session.room = session.room or clean(given["place"])
            return
        titled = title_then_named_speakers(session.title) or title_then_talk_sentence(session.title)
        if titled is not None and classify_kind(titled[0], paper_count=1) not in NOT_TALKS:
            # "Presentation of the workshop, introduction to OGGM (Fabien Maussion)"
            session.title = session.talk_title = titled[0]
            session.speakers = list(titled[1])
            return
        noted = title_named_speakers_note(session.title)
        if noted is not None and classify_kind(noted[0], paper_count=1) not in NOT_TALKS:
            # "Glacier mass balance (Anouk, Fabien): processes and modelling"
            session.title = session.talk_title = noted[0]
            session.speakers = list(noted[1])
            session.notes.append(noted[2])
            return
        spoken = speaker_then_title(session.title, bare_hyphen_names=self.placed_hyphen_speakers)
        # "Legal Design Black Box – When …" / "Jason Dunning (DWF)": with its speaker on the
        # line below, the dash is the title's own
        if spoken is not None and not self._speaker_line_below(session.line - 1):
            # "Prof. Anna Schmidt (Universität Wien): Sprachwandel", "John Smith — Mixing
            # Times": a talk, who gives it first.
            session.title = session.talk_title = spoken[0]
            session.speakers = list(spoken[1])
            return
        titled = title_then_named_speakers(session.title, any_case=True)
        if titled is not None and classify_kind(titled[0], paper_count=1) not in NOT_TALKS:
            # "Das Corpus Inscriptorum Vitebergense (CIV): Quellen, Daten, Perspektiven
            # (Patrick Schiele)": a long title, then only full names in parentheses.
            session.title = session.talk_title = titled[0]
            session.speakers = list(titled[1])
            return
        named = name_colon_title(session.title) if self.colon_speakers else None
        if named is not None:
            # "Kensuke Harada: Realizing robust motion planning": on a page that prints its
            # talks so, a bare name before the colon is the speaker.
            session.title = session.talk_title = named[1]
            session.speakers = list(colon_speakers(named[0]))
            return
        placed = title_then_speaker_and_affiliation(session.title)
        if placed is not None and classify_kind(placed[0], paper_count=1) not in NOT_TALKS:
            # "9:35 AM Orbital development kit Egon Willighagen, Uppsala University": a
            # talk, its speaker and where they work, told apart by case alone.
            session.title = session.talk_title = placed[0]
            session.speakers = list(placed[1])
            return
        hosted = split_ceremony_hosts(session.title)
        if hosted is not None:
            # "8:00am Welcome - Ana Silva, PhD, MDHHS": an opening and who hosts it, no talk.
            session.title = hosted[0]
            session.speakers = list(hosted[1])
            return
        if classify_kind(session.title, paper_count=1) is not SessionKind.KEYNOTE:
            dashed = split_dash_speakers(session.title, single_names=self.timed_dash_speakers)
            if (
                dashed is not None
                and not SESSION_LABEL.match(session.title)
                and (self.timed_dash_speakers or all(p.affiliation for p in dashed[1]))
            ):
                # "Building Secure Supply Chains - Bob Jones, Google": a talk and who gives it;
                # on a page whose timed rows print `Title — Name` so, without the workplace.
                session.title = session.talk_title = dashed[0]
                session.speakers = list(dashed[1])
            return
        m = KEYNOTE_SPEAKER.search(session.title)
        if not m:
            return
        who = m.group("who").strip()
        dash = re.match(r"^(?P<name>[^()\-–—]+?)\s+[-–—]\s+(?P<aff>.+)$", who)
        if dash and is_name_like(dash.group("name")):
            session.speakers = [Person(clean(dash.group("name")), clean(dash.group("aff")))]
            return
        if author_line_score(who) >= 0.8:
            session.speakers = list(parse_author_line(who).authors)
        elif reads_as_a_name(who) and not has_common_word(who):
            # "Keynote 1: Shadi Sharif Azadeh": a keynote named only by who gives it; its label
            # is the talk's only title.
            head = KEYNOTE_SEPARATOR_AT_END.sub("", session.title[: m.start("who")])
            session.title = head
            session.talk_title = head[m.start() :]
            session.speakers = [Person(clean(who), None)]

    def _dashed_talk(self, title: str) -> tuple[str, tuple[Person, ...]] | None:
        """`Title — Name` on a page whose timed rows print their talks so: the title (three
        words at least, so `Keynote — Name` and `Invited Talk — Name` stay kinds of talk
        named as printed) and who gives it."""
        if not self.timed_dash_speakers or SESSION_LABEL.match(title):
            return None
        dashed = split_dash_speakers(title, single_names=True)
        if dashed is None or len(dashed[0].split()) < 3:
            return None
        return dashed

    def _add_speaker_line(self, session: SessionDraft, text: str) -> None:
        """One more line of a talk's speakers; a line naming only where the speakers above
        work ("Université de la Nouvelle-Calédonie, Eralo") is their affiliation."""
        first = text.split(",")[0]
        if (
            session.speakers
            and all(p.affiliation is None for p in session.speakers)
            and names_an_institution(first)
            and not is_name_like_strict(first)
        ):
            session.speakers = [Person(p.name, clean(text)) for p in session.speakers]
            return
        session.speakers.extend(parse_author_line(text).authors)
