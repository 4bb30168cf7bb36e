"""A deterministic, NeurIPS-scale synthetic conference program for benchmarks and tests.

`make_program()` builds about 4,500 papers by 20,000 distinct authors in 500 sessions over five
days: oral sessions with chairs, poster sessions, keynotes, breaks, plenaries and socials, with
aware datetimes in the conference zone and ids from `assign_ids`. Names come from pools with
diacritics, multi-part and hyphenated surnames; affiliations from about 800 institutions, some
printed in several forms ("ETH Zurich", "ETH Zürich", "ETH Zurich, Switzerland").

A few real items are planted so tests can ask about them by name: the "Helix" paper by Bin Cui
and others, a session chaired by Jacob Gorm Hansen, and Juan Gómez-Luna as an author.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from itertools import accumulate
from zoneinfo import ZoneInfo

from bot.model import Conference, Paper, Person, Program, Session, SessionKind
from bot.parsing.ids import assign_ids

ZONES = ("Europe/Amsterdam", "America/Vancouver")
FIRST_DAY = date(2025, 12, 9)
DAYS = 5

HELIX_TITLE = (
    "Helix: Serving Large Language Models over Heterogeneous GPUs and Network via Max-Flow"
)
HELIX_AUTHORS = (
    Person("Yixuan Mei", "Carnegie Mellon University"),
    Person("Yonghao Zhuang", "Carnegie Mellon University"),
    Person("Xupeng Miao", "Purdue University"),
    Person("Juncheng Yang", "Harvard University"),
    Person("Zhihao Jia", "Carnegie Mellon University"),
    Person("Bin Cui", "Peking University"),
)
PLANTED_CHAIR = Person("Jacob Gorm Hansen", "Vertigo.ai")
PLANTED_AUTHOR = Person("Juan Gómez-Luna", "NVIDIA")

_FIRST = (
    "Aaron Abdul Adam Adrián Agnieszka Ahmed Aisha Akira Alejandro Aleksandr Alessandro Alexandre "
    "Ali Alice Amélie Amir Ana Anders András Andrea Andreas Andrés Anh Anna Antoine Antonio Arjun "
    "Arnaud Asja Ayşe Barış Beatriz Benedikt Benjamin Bin Björn Bo Bogdan Bruno Carlos Carmen "
    "Caroline Céline Chen Chiara Chinmay Chloé Christian Christoph Claudia Cristina Daniel Dávid "
    "David Deniz Dennis Diego Dimitris Dmitry Dong Elena Elif Emil Emma Eric Esteban Eun-ji Fabian "
    "Fan Fatima Felix Fernando Florian François Frederik Gábor Gaël Giulia Guillaume Gustavo Hana "
    "Hao Haruto Hélène Henrik Hiroshi Hoang Hyun-woo Ignacio Ilya Inés Ioannis Irina Isabel Ivan "
    "Jacob Jakub Jan Jana Javier Jean-Baptiste Jean-Pierre Jens Jesús Ji-hoon Jia Jian Jie Jin "
    "Jing Joanna João Jonas Jörg José Juan Julia Julien Jun Junichi Kai Karim Katarzyna Kenji "
    "Kevin Kim Kirill Klaus Kyung Lars Laura Léa Lei Leila Leonardo Li Lin Ling Liu Lorenzo Luca "
    "Lucía Łukasz Maciej Mads Manuel Marco María Marie-Claire Marta Martin Mateo Matthias Mehmet "
    "Mei Michał Miguel Mikael Min Ming Minh Mohammad Mónica Naoki Natalia Nikolai Nils Noémie "
    "Nuno Oğuz Olga Omar Onur Óscar Pablo Paolo Pascal Patricia Pedro Peng Petra Pierre Priya "
    "Qi Qiang Rafael Rahul Raphaël Renée Ricardo Rin Roberto Rui Ryo Sakura Samuel Sandra Sara "
    "Sebastián Sergey Seung Shengqi Shu Siddharth Simone Søren Sofía Stefan Stéphane Sung-min "
    "Svetlana Takeshi Tao Thanh Thomas Tiago Tomás Tuấn Ulrike Valentina Vasilis Víctor Vikram "
    "Wei Wen Xavier Xiao Xin Xinyi Xu Yan Yang Yasmin Yi Ying Yong Yu Yuki Yujie Yusuf Zeynep "
    "Zhang Zhao Zhenbo Zhi Zoë Zoltán"
).split()
_MIDDLE = (
    "A. B. C. D. E. F. G. H. J. K. L. M. N. P. R. S. T. W. Maria Louise James Gorm Emanuel "
    "Anne Kosmas Kerim Alexander Sophie"
).split()
_LAST = (
    "Abbasi Adeyemi Agarwal Ahmadi Alonso Álvarez Andersen Anderson Andersson Arpaci-Dusseau "
    "Bach Bae Bahri Banerjee Bauer Becker Bengio Bernard Bianchi Björklund Blanco Bondarenko "
    "Bose Brandt Brown Byrne Cai Campos Cao Carvalho Castillo Chakraborty Chan Chang Chatterjee "
    "Chen Cheng Choi Chowdhury Cohen Costa Cui Da_Silva Dai Das De_la_Cruz De_Santis Deng Diaz "
    "Dimitriou Ding Dong Dubois Duong Durand Eriksson Fan Fang Farahani Feng Fernández Ferrari "
    "Fischer Fontaine Fu Gao García García-López Garg Ghosh Giannoula Goldberg Gómez Gonçalves "
    "González Goumas Gu Guo Gupta Gutiérrez Hahn Han Hansen Hartmann Hashimoto He Hernández "
    "Hoang Hoefler Hofmann Horvát Hu Huang Hwang Ibrahim Inoue Ivanov Iyer Jain Jang Jensen Jia "
    "Jiang Jin Johansson Jones Joshi Jung Kaplan Karimi Kato Kaya Keller Khan Kim Kimura Klein "
    "Kobayashi Koch Kovács Kowalski Krause Krishnan Kumar Kuznetsov Lam Lambert Lang Larsen Le "
    "Lee Lehmann Leroy Li Liang Lim Lin Lindqvist Liu Long López Lu Luo Lykke Ma Maes Mahmoud "
    "Malik Mao Martín Martínez Matsumoto Meier Mendes Meyer Miao Mishra Mohammadi Moreau Morales "
    "Moreno Mori Müller Murphy Mutlu Nagy Nakamura Navarro Nguyen Nguyễn Nielsen Nikolaidis "
    "Nowak Novák Ntarmos O'Brien Ogawa Oliveira Olsen Ortiz Öztürk Papadakis Papadopoulos Park "
    "Patel Pereira Pérez Petrov Phạm Popescu Qian Qin Rahman Ramírez Rao Reddy Ren Ribeiro Richter "
    "Rodríguez Romano Rossi Roy Russo Sadrosadati Saito Sánchez Santos Sasaki Sato Schmid Schmidt "
    "Schneider Schulz Schwarz Sen Shah Shao Sharma Shen Shi Silva Singh Smith Sokolov Song Sousa "
    "Srinivasan Stewart Su Sun Suzuki Szabó Tanaka Tang Tao Tian Tran Trần Tsai Ueda Van_den_Berg "
    "van_der_Maaten Varga Vasquez Verma Vogel Volkov Wagner Walker Wang Watanabe Weber Wei Weiss "
    "Wen Williams Wolf Wong Wu Xia Xiao Xie Xu Yadav Yamada Yamamoto Yang Yao Ye Yılmaz Yin Yoon "
    "Yu Yuan Zaharia Zeng Zhang Zhao Zheng Zhong Zhou Zhu Zielińska Zou"
).split()

_COUNTRIES = (
    "Switzerland Germany France China Japan Korea Canada USA UK Netherlands Italy Spain Brazil "
    "India Singapore Israel Sweden Denmark Poland Greece"
).split()
_CITIES = (
    "Aarhus Amsterdam Athens Barcelona Beijing Bergen Berlin Bologna Bonn Boston Bremen Brno "
    "Bristol Brussels Budapest Cambridge Chicago Copenhagen Delft Dresden Dublin Edinburgh "
    "Eindhoven Florence Frankfurt Geneva Genoa Ghent Glasgow Göttingen Gothenburg Graz Groningen "
    "Hamburg Hanover Heidelberg Helsinki Hong_Kong Innsbruck Kraków Kyoto Lausanne Leeds Leiden "
    "Leuven Lille Linköping Lisbon Liverpool London Lyon Madrid Manchester Marseille Melbourne "
    "Milan Montréal Munich Nagoya Nanjing Naples Nottingham Osaka Oslo Ottawa Oxford Padua Paris "
    "Pisa Porto Prague Riga Rome Rotterdam Saarbrücken Salzburg São_Paulo Seoul Seville Shanghai "
    "Sheffield Stockholm Strasbourg Stuttgart Sydney Taipei Tallinn Tel_Aviv Tokyo Toronto "
    "Toulouse Trento Tromsø Tübingen Turin Twente Utrecht Valencia Vancouver Vienna Vilnius "
    "Warsaw Waterloo Wrocław Würzburg Zagreb Zaragoza Zürich"
).split()
_WELL_KNOWN = (
    "ETH Zurich",
    "EPFL",
    "MIT",
    "Stanford University",
    "Carnegie Mellon University",
    "University of California, Berkeley",
    "Tsinghua University",
    "Peking University",
    "Google DeepMind",
    "Google Research",
    "Microsoft Research",
    "Meta AI",
    "NVIDIA",
    "OpenAI",
    "Mila - Quebec AI Institute",
    "University of Toronto",
    "Vector Institute",
    "University of Oxford",
    "University of Cambridge",
    "Max Planck Institute for Intelligent Systems",
    "Technische Universität München",
    "KAIST",
    "Seoul National University",
    "National University of Singapore",
    "University of Amsterdam",
    "Inria",
    "Université de Montréal",
    "École Normale Supérieure",
    "Sorbonne Université",
    "Universidade de São Paulo",
    "KTH Royal Institute of Technology",
    "Aalto University",
    "Shanghai Jiao Tong University",
    "Zhejiang University",
    "Alibaba Group",
    "ByteDance",
    "Huawei Noah's Ark Lab",
    "Samsung AI Center",
    "Amazon",
    "Apple",
    "IBM Research",
    "Allen Institute for AI",
    "Princeton University",
    "Harvard University",
    "Cornell University",
    "University of Washington",
    "University of Michigan",
    "Purdue University",
    "Georgia Institute of Technology",
    "University of Illinois Urbana-Champaign",
    "New York University",
    "Columbia University",
    "Yale University",
    "University College London",
    "Imperial College London",
    "University of Edinburgh",
    "Weizmann Institute of Science",
    "Technion - Israel Institute of Technology",
    "University of Tokyo",
    "RIKEN AIP",
    "Fudan University",
    "Nanjing University",
    "Hong Kong University of Science and Technology",
    "Chinese University of Hong Kong",
    "Universität Tübingen",
    "Hebrew University of Jerusalem",
    "Anthropic",
    "Apple MLR",
    "Adobe Research",
    "Intel Labs",
    "Qualcomm AI Research",
)
_UNIVERSITY_PATTERNS = (
    "University of {c}",
    "{c} University",
    "{c} University of Technology",
    "{c} Institute of Technology",
    "Technical University of {c}",
    "{c} Research Institute",
    "Universität {c}",
    "Université de {c}",
    "Universidad de {c}",
    "{c} School of Economics",
)
_COMPANIES = (
    "Acme",
    "Blue Heron",
    "Cobalt",
    "Deepsense",
    "Everflow",
    "Foxglove",
    "Granite",
    "Helios",
    "Ironwood",
    "Juniper",
    "Kestrel",
    "Lumen",
    "Monarch",
    "Northwind",
    "Orchid",
    "Pinecrest",
    "Quasar",
    "Redwood",
    "Silverline",
    "Tidal",
    "Umbra",
    "Vertex",
    "Willow",
    "Xenon",
    "Yarrow",
    "Zephyr",
)
_COMPANY_SUFFIXES = ("AI", "Labs", "Research", "Inc.", "Technologies", "AI Lab")

_NAME_HEADS = (
    "Hex Mira Astra Cor Flux Neo Quant Spar Turbo Lum Vor Zen Opti Meta Hyper Deep Graph Rho "
    "Sigma Tau Omni Pan Gen Dyna Echo Kai Nova Orca Pix Sync Vela Arc Bolt Cala Dart Fable Gale "
    "Halo Iris Jade Kite Lyra Mosa Nimbus Onyx Prism Quill Rune Sol Terra Umbra Vita Wisp Xeno "
    "Yeti Zeta"
).split()
_NAME_TAILS = (
    "ix os ra net former flow GPT Diff Mamba Lens Bench Seg Mix Tune Prompt Gen Guard Fusion "
    "Zero Sparse Cast Path Lab Scope Shift Sense Mind Vision Logic"
).split()
_ADJECTIVES = (
    "Scalable Efficient Robust Adaptive Sparse Hierarchical Differentiable Provable Private "
    "Federated Causal Contrastive Generative Bayesian Stochastic Equivariant Interpretable "
    "Unsupervised Self-Supervised Multimodal Continual Offline Distributed Compositional "
    "Energy-Based Fair Calibrated Low-Rank Implicit Structured Conditional Latent Neural "
    "Non-Stationary Variational Geometric Sample-Efficient Zero-Shot Few-Shot Long-Context"
).split()
_NOUNS = (
    "Transformers Diffusion_Models Graph_Neural_Networks Policy_Optimization Attention "
    "Representation_Learning Reinforcement_Learning Language_Models Vision_Transformers "
    "Normalizing_Flows Kernel_Methods Gaussian_Processes Optimal_Transport Mixture_of_Experts "
    "State_Space_Models Retrieval Tokenization Quantization Pruning Distillation Alignment "
    "Reward_Models World_Models Neural_Fields Point_Clouds Time_Series Tabular_Data "
    "Embeddings Score_Matching Bandits Meta-Learning Active_Learning Domain_Adaptation "
    "Uncertainty_Estimation Spectral_Clustering Matrix_Completion Sparse_Recovery "
    "Autoencoders Neural_ODEs Hypernetworks Preference_Learning In-Context_Learning"
).split()
_TASKS = (
    "Image_Generation Protein_Design Molecule_Generation Robotic_Manipulation Code_Generation "
    "Question_Answering Weather_Forecasting Medical_Imaging Speech_Recognition Machine_Translation "
    "Video_Understanding Anomaly_Detection Recommendation Theorem_Proving Mathematical_Reasoning "
    "Autonomous_Driving Drug_Discovery Combinatorial_Optimization Semantic_Segmentation "
    "Object_Detection 3D_Reconstruction Text-to-Image_Synthesis Causal_Discovery "
    "Offline_Reinforcement_Learning Continual_Learning Federated_Learning "
    "Neural_Architecture_Search"
).split()
_TECHNIQUES = (
    "Gradient_Flows Contrastive_Pretraining Low-Rank_Adaptation Monte_Carlo_Tree_Search "
    "Stochastic_Interpolants Mirror_Descent Knowledge_Distillation Curriculum_Learning "
    "Random_Features Implicit_Differentiation Spectral_Regularization Prompt_Tuning "
    "Importance_Sampling Langevin_Dynamics Message_Passing Sparse_Attention Weight_Averaging "
    "Data_Augmentation Variational_Inference Conformal_Prediction Max-Flow Lagrangian_Duality"
).split()
_PROPERTIES = (
    "Expressivity Generalization Sample_Complexity Convergence Robustness Calibration Stability "
    "Identifiability Implicit_Bias Scaling_Laws Memorization Emergence Optimization_Landscape"
).split()
_TOPICS = (
    "Generative Models|Reinforcement Learning|Theory|Optimization|Computer Vision|Language Models|"
    "Graph Learning|Probabilistic Methods|Causality|Fairness and Privacy|Robustness|"
    "Learning Theory|Deep Learning Architectures|Neuroscience and Cognitive Science|"
    "Applications: Health|Applications: Science|Datasets and Benchmarks|Safety and Alignment|"
    "Efficient Inference|Multimodal Learning|Online Learning and Bandits|Time Series|"
    "Representation Learning|Diffusion Models|Interpretability|Federated Learning|Robotics|"
    "Speech and Audio|Kernel Methods|Trustworthy ML"
).split("|")
_KEYNOTE_TOPICS = (
    "The Next Decade of Machine Learning Systems",
    "Learning from Nature: Protein Structure and Beyond",
    "Why Scaling Is Not Enough",
    "Trustworthy AI in the Wild",
    "Mathematics as a Test Bed for Machine Reasoning",
)
_ORAL_ROOMS = (
    "East Exhibition Hall A",
    "East Exhibition Hall B",
    "West Ballroom A",
    "West Ballroom B",
    "West Ballroom C",
    "East Meeting Room 1-3",
    "East Meeting Room 8-15",
    "West Meeting Room 109",
    "West Meeting Room 116",
    "West Meeting Room 211",
    "West Meeting Room 301",
    "Room G102",
    "Room G104",
    "Auditorium",
    "Forum",
    "Elicium 1",
    "Elicium 2",
    "Mees I",
    "Rotterdam Hall 1A",
    "Rotterdam Hall 1B",
)
_POSTER_HALLS = (
    "East Exhibit Hall A-C",
    "West Exhibit Hall C",
    "Hall 2",
    "Hall 3",
    "Hall 4",
    "Poster Area North",
    "Poster Area South",
)
_ORAL_SLOTS = ((time(10, 30), 75), (time(13, 30), 75), (time(15, 15), 75), (time(16, 45), 75))
_POSTER_SLOTS = ((time(11, 0), 180), (time(16, 30), 150))


def _words(token: str) -> str:
    return token.replace("_", " ")


def _zipf_cumulative(n: int, s: float = 1.0) -> list[float]:
    """Cumulative Zipf weights, for `Random.choices(cum_weights=...)`."""
    return list(accumulate(1.0 / (rank**s) for rank in range(1, n + 1)))


@dataclass(frozen=True, slots=True)
class _Institution:
    forms: tuple[str, ...]  # printed forms, most common first


def _institutions(rng: random.Random, count: int) -> list[_Institution]:
    names: list[str] = list(_WELL_KNOWN)
    seen = set(names)
    cities = [_words(c) for c in _CITIES]
    while len(names) < count:
        if rng.random() < 0.8:
            name = rng.choice(_UNIVERSITY_PATTERNS).format(c=rng.choice(cities))
        else:
            name = f"{rng.choice(_COMPANIES)} {rng.choice(_COMPANY_SUFFIXES)}"
        if name not in seen:
            seen.add(name)
            names.append(name)
    insts: list[_Institution] = []
    for name in names[:count]:
        forms = [name]
        if name == "ETH Zurich":
            forms += ["ETH Zürich", "ETH Zurich, Switzerland"]
        elif rng.random() < 0.12:
            forms.append(f"{name}, {rng.choice(_COUNTRIES)}")
        if "University of" in name and rng.random() < 0.1:
            forms.append(name.replace("University of", "Univ. of"))
        insts.append(_Institution(tuple(forms)))
    return insts


def _person_names(rng: random.Random, count: int, taken: set[str]) -> list[str]:
    names: list[str] = []
    seen = set(taken)
    firsts = _FIRST
    lasts = [_words(x) for x in _LAST]
    while len(names) < count:
        first = rng.choice(firsts)
        last = rng.choice(lasts)
        roll = rng.random()
        if roll < 0.10:
            name = f"{first} {rng.choice(_MIDDLE)} {last}"
        elif roll < 0.14:
            name = f"{first} {last}-{rng.choice(lasts).split()[-1]}"
        elif roll < 0.16:
            name = f"{first}-{rng.choice(firsts).split('-')[0]} {last}"
        else:
            name = f"{first} {last}"
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


def _title(rng: random.Random, coined: set[str]) -> str:
    adj = rng.choice(_ADJECTIVES)
    adj2 = rng.choice(_ADJECTIVES)
    noun = _words(rng.choice(_NOUNS))
    noun2 = _words(rng.choice(_NOUNS))
    task = _words(rng.choice(_TASKS))
    tech = _words(rng.choice(_TECHNIQUES))
    prop = _words(rng.choice(_PROPERTIES))
    article = "An" if adj[0] in "AEIOU" else "A"
    templates = (
        f"{adj} {noun} for {task} via {tech}",
        f"{adj} {noun} for {task}",
        f"Towards {adj} {noun} in {task}",
        f"On the {prop} of {adj} {noun}",
        f"Learning {adj} {noun} with {tech}",
        f"When Does {noun} Fail? {article} {adj} Analysis of {task}",
        f"{adj} and {adj2} {noun} under Distribution Shift",
        f"Rethinking {noun} for {task}",
        f"{noun} Meet {noun2}: {adj} {task}",
        f"Beyond {noun}: {adj} {tech} for {task}",
    )
    body = rng.choice(templates)
    if rng.random() < 0.4:
        for _ in range(10):
            name = rng.choice(_NAME_HEADS) + rng.choice(_NAME_TAILS)
            if name not in coined:
                break
        coined.add(name)
        if rng.random() < 0.5:
            article = "An" if adj[0] in "AEIOU" else "A"
            return f"{name}: {article} {adj} Benchmark for {task}"
        return f"{name}: {body}"
    return body


def _aware(day: date, at: time, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, at, tzinfo=zone)


def _spread(rng: random.Random, total: int, weights: list[float]) -> list[int]:
    """Split `total` items over len(weights) bins: one each first, the rest by weight."""
    n = len(weights)
    if n == 0:
        return []
    counts = [1 if i < total else 0 for i in range(n)]
    rest = max(0, total - n)
    for index in rng.choices(range(n), weights=weights, k=rest):
        counts[index] += 1
    return counts


@dataclass
class _Authors:
    """The generated people, each with a home institution and sometimes a second one."""

    rng: random.Random
    names: list[str]
    home: dict[str, _Institution]
    second: dict[str, _Institution]

    def printed(self, name: str) -> Person:
        """A person as a program prints them: sometimes without, mostly with a form of their
        institution."""
        rng = self.rng
        if rng.random() < 0.04:
            return Person(name)
        inst = self.second[name] if name in self.second and rng.random() < 0.4 else self.home[name]
        forms = inst.forms
        form = forms[0] if len(forms) == 1 or rng.random() < 0.7 else rng.choice(forms[1:])
        return Person(name, form)


def make_program(
    papers: int = 4500, authors: int = 20000, sessions: int = 500, seed: int = 0
) -> Program:
    """A deterministic synthetic conference program of the given size."""
    rng = random.Random(seed)
    zone_name = ZONES[seed % len(ZONES)]
    zone = ZoneInfo(zone_name)
    insts = _institutions(rng, max(1, min(800, authors // 25 + 40)))
    inst_weights = _zipf_cumulative(len(insts), 0.9)

    planted = {p.name for p in (*HELIX_AUTHORS, PLANTED_CHAIR, PLANTED_AUTHOR)}
    names = _person_names(rng, max(0, authors - len(planted) + 1), planted)
    home = {name: rng.choices(insts, cum_weights=inst_weights)[0] for name in names}
    second = {name: rng.choice(insts) for name in names if rng.random() < 0.06}
    people = _Authors(rng, names, home, second)

    paper_list = _papers(rng, people, papers)
    frame = _frame(rng, zone, people)[: max(1, sessions // 4)]

    n_content = max(0, sessions - len(frame))
    n_poster = max(1, round(n_content * 0.14)) if n_content else 0
    n_oral = n_content - n_poster
    weights = [1.0] * n_oral + [6.0] * n_poster
    counts = _spread(rng, len(paper_list), weights)

    papers_iter = iter(paper_list)
    content = _oral_sessions(rng, zone, people, counts[:n_oral], papers_iter)
    content += _poster_sessions(zone, counts[n_oral:], papers_iter)
    remaining = tuple(papers_iter)
    if remaining and content:
        last = content[-1]
        content[-1] = Session(
            id="",
            title=last.title,
            kind=last.kind,
            day=last.day,
            start=last.start,
            end=last.end,
            room=last.room,
            chairs=last.chairs,
            papers=last.papers + remaining,
        )

    everything = sorted(
        frame + content, key=lambda x: (x.start or datetime.min.replace(tzinfo=zone), x.room or "")
    )
    conference = Conference(
        name="NeurIPS 2025 (synthetic)",
        timezone=zone_name,
        year=2025,
        source=f"synthetic seed={seed}",
    )
    return Program(conference=conference, sessions=assign_ids(everything))


def _papers(rng: random.Random, authors: _Authors, papers: int) -> list[Paper]:
    """The papers with titles and authors; every generated author appears at least once, and
    the planted Helix paper sits a third of the way in."""
    names, printed = authors.names, authors.printed
    coined: set[str] = {"Helix"}
    n_regular = max(0, papers - 1)
    author_weights = _zipf_cumulative(len(names), 0.6)
    order = names[:]
    rng.shuffle(order)
    fresh = iter(order)  # every generated author appears at least once
    paper_list: list[Paper] = [Paper(HELIX_TITLE, HELIX_AUTHORS)]
    for i in range(n_regular):
        size = rng.choice((3, 4, 5, 5, 6, 6, 6, 7, 7, 8, 9)) if names else 0
        chosen: list[str] = []
        for _ in range(size):
            name = next(fresh, None)
            if name is None or name in chosen:
                name = rng.choices(names, cum_weights=author_weights)[0]
            if name not in chosen:
                chosen.append(name)
        if i == 7:
            chosen.insert(2, PLANTED_AUTHOR.name)
        people = [PLANTED_AUTHOR if n == PLANTED_AUTHOR.name else printed(n) for n in chosen]
        paper_list.append(Paper(_title(rng, coined), tuple(people)))
    # The authors not yet used (few papers for many authors) join papers round robin.
    leftovers = list(fresh)
    for j, name in enumerate(leftovers):
        index = 1 + j % max(1, n_regular) if n_regular else 0
        paper = paper_list[index]
        paper_list[index] = Paper(paper.title, (*paper.authors, printed(name)))
    helix = paper_list[0]
    rest = paper_list[1:]
    rng.shuffle(rest)
    paper_list = [*rest[: len(rest) // 3], helix, *rest[len(rest) // 3 :]]

    return paper_list


def _item(
    zone: ZoneInfo,
    day: date,
    title: str | None,
    kind: SessionKind,
    at: time,
    minutes: int,
    room: str | None,
    chairs: tuple[Person, ...] = (),
    talks: tuple[Paper, ...] = (),
) -> Session:
    start = _aware(day, at, zone)
    return Session(
        id="",
        title=title,
        kind=kind,
        day=day,
        start=start,
        end=start + timedelta(minutes=minutes),
        room=room,
        chairs=chairs,
        papers=talks,
    )


def _frame(rng: random.Random, zone: ZoneInfo, people: _Authors) -> list[Session]:
    """Keynotes, breaks, plenaries and socials, day by day."""
    names, printed = people.names, people.printed
    frame: list[Session] = []
    for d in range(DAYS):
        day = FIRST_DAY + timedelta(days=d)
        if d == 0:
            frame.append(
                _item(
                    zone, day, "Opening Remarks", SessionKind.PLENARY, time(8, 45), 15, "Main Hall"
                )
            )
        speaker = printed(rng.choice(names)) if names else Person("Keynote Speaker")
        chair = (printed(rng.choice(names)),) if names else ()
        talk = Paper(_KEYNOTE_TOPICS[d % len(_KEYNOTE_TOPICS)], (speaker,))
        frame.append(
            _item(
                zone,
                day,
                f"Invited Talk: {speaker.name}",
                SessionKind.KEYNOTE,
                time(9, 0),
                60,
                "Main Hall",
                chair,
                (talk,),
            )
        )
        frame.append(_item(zone, day, "Coffee break", SessionKind.BREAK, time(10, 0), 30, None))
        frame.append(_item(zone, day, "Lunch break", SessionKind.BREAK, time(12, 0), 90, None))
        frame.append(_item(zone, day, "Coffee break", SessionKind.BREAK, time(15, 0), 15, None))
        if d in (1, 3):
            frame.append(
                _item(
                    zone,
                    day,
                    "Conference Reception" if d == 1 else "Closing Party",
                    SessionKind.SOCIAL,
                    time(19, 0),
                    180,
                    "Main Hall",
                )
            )
        if d == DAYS - 1:
            frame.append(
                _item(
                    zone,
                    day,
                    "Closing Remarks and Awards",
                    SessionKind.PLENARY,
                    time(18, 15),
                    30,
                    "Main Hall",
                )
            )
        if d == 2:
            frame.append(_item(zone, day, None, SessionKind.OTHER, time(18, 15), 45, "Room G104"))
    return frame


def _oral_sessions(
    rng: random.Random,
    zone: ZoneInfo,
    people: _Authors,
    counts: list[int],
    papers_iter: Iterator[Paper],
) -> list[Session]:
    """Oral sessions: round robin over days and slots, rooms in order within a slot."""
    names, printed = people.names, people.printed
    n_oral = len(counts)
    content: list[Session] = []
    slot_seq = [(d, s) for d in range(DAYS) for s in range(len(_ORAL_SLOTS))]
    per_slot: dict[tuple[int, int], int] = {}
    for k in range(n_oral):
        d, s = slot_seq[k % len(slot_seq)]
        room_index = per_slot.get((d, s), 0)
        per_slot[(d, s)] = room_index + 1
        room = (
            _ORAL_ROOMS[room_index] if room_index < len(_ORAL_ROOMS) else f"Room {200 + room_index}"
        )
        day = FIRST_DAY + timedelta(days=d)
        at, minutes = _ORAL_SLOTS[s]
        start = _aware(day, at, zone)
        chair_count = rng.choice((1, 1, 2)) if names else 0
        chairs = tuple(printed(rng.choice(names)) for _ in range(chair_count))
        if k == 3:
            chairs = (PLANTED_CHAIR,)
        title: str | None = (
            f"Oral Session {d + 1}{chr(ord('A') + room_index % 26)}: {rng.choice(_TOPICS)}"
        )
        if rng.random() < 0.01:
            title = None
        own = tuple(next(papers_iter) for _ in range(counts[k]))
        content.append(
            Session(
                id="",
                title=title,
                kind=SessionKind.PAPERS,
                day=day,
                start=start,
                end=start + timedelta(minutes=minutes),
                room=room,
                track=rng.choice(("Main Track", "Datasets and Benchmarks")),
                chairs=chairs,
                papers=own,
            )
        )
    return content


def _poster_sessions(
    zone: ZoneInfo, counts: list[int], papers_iter: Iterator[Paper]
) -> list[Session]:
    """Poster sessions, spread over days, slots and halls."""
    content: list[Session] = []
    n_poster = len(counts)
    for k in range(n_poster):
        d = k % DAYS
        s = (k // DAYS) % len(_POSTER_SLOTS)
        hall = _POSTER_HALLS[(k // (DAYS * len(_POSTER_SLOTS))) % len(_POSTER_HALLS)]
        day = FIRST_DAY + timedelta(days=d)
        at, minutes = _POSTER_SLOTS[s]
        start = _aware(day, at, zone)
        number = d * len(_POSTER_SLOTS) + s + 1
        own = tuple(next(papers_iter) for _ in range(counts[k]))
        content.append(
            Session(
                id="",
                title=f"Poster Session {number} — {hall}",
                kind=SessionKind.POSTERS,
                day=day,
                start=start,
                end=start + timedelta(minutes=minutes),
                room=hall,
                papers=own,
            )
        )
    return content
