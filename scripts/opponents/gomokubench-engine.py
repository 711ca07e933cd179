#!/usr/bin/env python3
"""gomokubench's AI as a piskvork (Gomocup) engine, for `judge match`.

gomokubench (PyPI) is a Python line-pattern minimax that speaks no protocol; this wrapper keeps its
`BoardState` in step with the manager's commands and asks `libs.ai.get_best_move` for each move, with the
settings of a level (default `standard`: depth 2, the 10 best-evaluated root moves). Run it with the venv
that scripts/install-opponents makes:

    target/opponents/venv/bin/python scripts/opponents/gomokubench-engine.py [easy|standard|hard]

gomokubench indexes the board (row, column); piskvork coordinates are X,Y = column,row. It knows no clock:
INFO keys are read and ignored (its standard level takes a roughly fixed time a move). Its first move on an
empty board is random in the centre 3x3; the seed is fixed so that a game can be replayed.
"""
import sys

import numpy as np
from libs import piece
from libs.ai import get_best_move, resolve_ai_settings
from libs.board import BoardState

ABOUT = 'name="gomokubench", version="0.1.10", author="gomokubench (PyPI), piskvork wrapper", country="-"'


def reply(text):
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def parse_point(text):
    fields = text.strip().split(",")
    return int(fields[0]), int(fields[1]), fields[2:]


class Engine:
    def __init__(self, level):
        self.settings = resolve_ai_settings(level=level)
        self.size = 15
        self.new_game()

    def new_game(self):
        # `color` is the colour of the last stone placed; a fresh board lets Black move first.
        self.state = BoardState(size=self.size)

    def place(self, x, y):
        if not (0 <= x < self.size and 0 <= y < self.size) or self.state[(y, x)] != piece.EMPTY:
            raise ValueError(f"{x},{y} is not an empty point")
        self.state = self.state.next((y, x))

    def setup(self, stones):
        """BOARD: stones as (x, y, field), 1 = own, 2 = opponent's; the side to move is ours."""
        own = [(x, y) for x, y, field in stones if field == 1]
        theirs = [(x, y) for x, y, field in stones if field == 2]
        me = piece.BLACK if len(own) == len(theirs) else piece.WHITE
        self.new_game()
        for (x, y) in own:
            self.state[(y, x)] = me
        for (x, y) in theirs:
            self.state[(y, x)] = -me
        self.state.color = -me
        if theirs:
            x, y = theirs[-1]
            self.state.last_move = (y, x)

    def think(self):
        me = -self.state.color
        move, _ = get_best_move(
            self.state,
            self.settings["depth"],
            me == piece.BLACK,
            candidate_count=self.settings["candidate_count"],
            random_top_n=self.settings["random_top_n"],
        )
        row, column = (int(v) for v in move)
        self.place(column, row)
        return f"{column},{row}"


def main():
    level = sys.argv[1] if len(sys.argv) > 1 else "standard"
    np.random.seed(20240601)
    engine = Engine(level)
    lines = iter(sys.stdin.readline, "")
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        command, _, argument = line.partition(" ")
        command = command.upper()
        try:
            if command == "START":
                if int(argument) != 15:
                    reply("ERROR only 15x15 is supported")
                    continue
                engine.new_game()
                reply("OK")
            elif command == "RESTART":
                engine.new_game()
                reply("OK")
            elif command == "BEGIN":
                reply(engine.think())
            elif command == "TURN":
                x, y, _ = parse_point(argument)
                engine.place(x, y)
                reply(engine.think())
            elif command == "BOARD":
                stones = []
                for raw_stone in lines:
                    stone = raw_stone.strip()
                    if stone.upper() == "DONE":
                        break
                    x, y, rest = parse_point(stone)
                    stones.append((x, y, int(rest[0]) if rest else 1))
                engine.setup(stones)
                reply(engine.think())
            elif command == "INFO":
                pass
            elif command == "ABOUT":
                reply(ABOUT)
            elif command == "END":
                return
            else:
                reply(f"UNKNOWN {command}")
        except (ValueError, IndexError) as error:
            reply(f"ERROR {error}")


if __name__ == "__main__":
    main()
