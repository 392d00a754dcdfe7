"""The exact rules of Humpty Dumpty Chess and its engine; a drop-in for pyffish.

Moves are wire text (``e2i6``, ``c7c8t``, castling as the King's move
``g1j1``). Bad input raises ``ValueError`` (or ``TypeError`` for a wrong type).
"""

from typing import Dict, List, Optional, Tuple

VALUE_MATE: int
"""pyffish's mate value (32000): ``game_result`` is ``-VALUE_MATE`` when the side to move is mated."""
VALUE_DRAW: int
"""pyffish's draw value (0)."""
FEN_OK: int
"""``validate_fen``'s answer for a good FEN (1)."""
NOTATION_DEFAULT: int
"""The variant's default notation (SAN), 0."""
NOTATION_SAN: int
"""Standard algebraic notation (``Nd2``, ``b8=Q+``), 1."""
NOTATION_LAN: int
"""Long algebraic notation (``Nb1-d2``, ``b7-b8=Q+``), 2."""
NOTATION_SHOGI_HOSKING: int
NOTATION_SHOGI_HODGES: int
NOTATION_SHOGI_HODGES_NUMBER: int
NOTATION_JANGGI: int
NOTATION_XIANGQI_WXF: int
NOTATION_THAI_SAN: int
NOTATION_THAI_LAN: int
"""Other games' notations (3 to 9, pyffish's codes): these men have no form there, so they answer in SAN."""
FEN_INVALID_PROMOTED_PIECE: int
"""pyffish's code -12 (no man of this game is shown promoted)."""

class error(ValueError):
    """pyffish's exception: what every bad input raises."""

def version() -> Tuple[int, int, int]:
    """The package's version as (major, minor, patch)."""

def info() -> str:
    """The package's name, version and authors."""

def variants() -> List[str]:
    """The variants known: ``['humpty']``."""

def set_option(name: str, value: object) -> None:
    """Accepted for pyffish's sake; has no effect (the rules have no options)."""

def load_variant_config(config: str) -> None:
    """Accepted for pyffish's sake; has no effect (the one variant is built in)."""

def start_fen(variant: str) -> str:
    """The FEN of the starting array."""

def two_boards(variant: str) -> bool:
    """False: one board."""

def captures_to_hand(variant: str) -> bool:
    """False: captured men leave the game."""

def legal_moves(variant: str, fen: str, moves: List[str], chess960: bool = False) -> List[str]:
    """The legal moves after ``moves`` are played from ``fen`` (empty FEN: the start)."""

def get_fog_fen(fen: str, variant: str, chess960: bool = False) -> str:
    """The FEN as the side to move sees it in Fog of War: unseen squares are ``*``."""

def piece_to_partner(variant: str, fen: str, moves: List[str], chess960: bool = False) -> str:
    """The letter of the man the last move captured (``""`` if none), as pyffish answers."""

def get_fen(variant: str, fen: str, moves: List[str], chess960: bool = False, sfen: bool = False,
            show_promoted: bool = False, count_started: int = 0) -> str:
    """The FEN after ``moves`` are played from ``fen``."""

def get_san(variant: str, fen: str, move: str, chess960: bool = False, notation: int = 0) -> str:
    """``move`` (legal in ``fen``) in SAN, or LAN with ``NOTATION_LAN``."""

def get_san_moves(variant: str, fen: str, moves: List[str], chess960: bool = False,
                  notation: int = 0) -> List[str]:
    """Each move of the list in SAN (or LAN), each in the position it is played in."""

def gives_check(variant: str, fen: str, moves: List[str], chess960: bool = False) -> bool:
    """Whether the side to move after ``moves`` is in check (the last move gave check)."""

def is_capture(variant: str, fen: str, moves: List[str], move: str, chess960: bool = False) -> bool:
    """Whether ``move``, legal after ``moves``, captures (a hopper's capture over a screen included)."""

def game_result(variant: str, fen: str, moves: List[str], chess960: bool = False) -> int:
    """The result of a finished game from the side to move's view: ``-VALUE_MATE`` or ``VALUE_DRAW``.

    Of a game that is not over, as pyffish: ``-VALUE_MATE`` in check, else ``VALUE_DRAW``.
    """

def is_immediate_game_end(variant: str, fen: str, moves: List[str], chess960: bool = False) -> Tuple[bool, int]:
    """``(True, VALUE_DRAW)`` when only the Kings are left; else ``(False, 0)``."""

def is_optional_game_end(variant: str, fen: str, moves: List[str], chess960: bool = False,
                         count_started: int = 0) -> Tuple[bool, int]:
    """``(True, VALUE_DRAW)`` when a draw can be claimed: threefold repetition or 50 moves."""

def has_insufficient_material(variant: str, fen: str, moves: List[str], chess960: bool = False) -> Tuple[bool, bool]:
    """For (White, Black): True when that side has its King alone."""

def validate_fen(fen: str, variant: str = "humpty", chess960: bool = False) -> int:
    """``FEN_OK`` (1), or pyffish's negative code of what is wrong (0: empty)."""

class Outcome:
    """How a finished game ended."""
    winner: Optional[bool]
    """True for White, False for Black, None for a draw."""
    termination: str
    """``checkmate``, ``stalemate``, ``repetition``, ``fifty-moves`` or ``bare-kings``."""
    result: str
    """``1-0``, ``0-1`` or ``1/2-1/2``."""
    text: str
    """The ending in words."""

class Board:
    """A game: its starting FEN, the moves played and the position now."""
    turn: bool
    """True when White is to move."""
    ply: int
    """Plies played on this board since its FEN."""
    move_stack: List[str]
    """The moves played since the board's FEN, oldest first."""
    def __init__(self, fen: Optional[str] = None) -> None:
        """The start position, or ``fen``."""
    def legal_moves(self) -> List[str]:
        """Every legal move, as wire text."""
    def push(self, uci: str) -> None:
        """Play a legal wire move."""
    def push_san(self, san: str) -> str:
        """Play a move in SAN and return it as wire text."""
    def pop(self) -> str:
        """Take back the last move and return it (``IndexError`` when there is none)."""
    def fen(self) -> str:
        """The position's FEN."""
    def san(self, uci: str) -> str:
        """SAN of a legal wire move here."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_game_over(self) -> bool:
        """Over by the rules: mate, stalemate, threefold repetition, 50 moves or bare Kings."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def result(self) -> str:
        """``1-0``, ``0-1``, ``1/2-1/2`` or ``*``."""
    def copy(self) -> "Board":
        """An independent copy."""
    def to_pgn(self, headers: Optional[Dict[str, str]] = None) -> str:
        """The game as PGN in SAN, with ``headers`` as its tags; ``ValueError`` for a tag PGN cannot carry back."""
    @classmethod
    def from_pgn(cls, text: str) -> "Board":
        """The first game of a PGN text, replayed by the rules."""

class Score:
    """A score from the side to move's view."""
    cp: Optional[int]
    """Centipawns, or None for a mate score."""
    mate: Optional[int]
    """Moves to mate (negative when being mated), or None."""

class Line:
    """One line of a search."""
    move: str
    """Its first move."""
    ponder: Optional[str]
    """The expected reply, when known."""
    score: Score
    """The line's score."""
    depth: int
    """The depth searched."""
    seldepth: int
    """The deepest ply reached."""
    nodes: int
    """Nodes searched."""
    pv: List[str]
    """The principal variation."""
    multipv: int
    """1 for the best line, 2 for the second, ..."""

class Engine:
    """The humpty engine in-process; searches release the GIL."""
    def __init__(self, threads: int = 1, hash_mb: int = 16, skill_level: int = 20,
                 uci_elo: Optional[int] = None) -> None:
        """Threads 1-256, hash 1-16384 MiB, skill level -11 to 20, or a UCI_Elo on docs/levels.md's scale."""
    def play(self, board: Board, movetime: Optional[float] = None, nodes: Optional[int] = None,
             depth: Optional[int] = None) -> Line:
        """The move to play within the limits (``movetime`` in milliseconds); at least one limit."""
    def analyse(self, board: Board, movetime: Optional[float] = None, nodes: Optional[int] = None,
                depth: Optional[int] = None, multipv: int = 1) -> List[Line]:
        """The best ``multipv`` lines, best first."""
    def stop(self) -> None:
        """End the search under way (from another thread); it returns its best so far."""
    def new_game(self) -> None:
        """Start a new game: forget the hash table, take a new skill seed."""
