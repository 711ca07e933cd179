# Habit: token reader (split on whitespace), BFS flood fill of each neighbouring opponent group counting liberties, capture checked before suicide. Must get: official all AC; go-capture's format is the project's own and has no beyond group, so accepted.
import sys


def liberties(board, r, c):
    """Liberties of the group holding (r, c), by a BFS over its stones."""
    colour = board[r][c]
    seen = {(r, c)}
    stack = [(r, c)]
    libs = set()
    while stack:
        y, x = stack.pop()
        for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
            if 0 <= ny < 9 and 0 <= nx < 9:
                if board[ny][nx] == ".":
                    libs.add((ny, nx))
                elif board[ny][nx] == colour and (ny, nx) not in seen:
                    seen.add((ny, nx))
                    stack.append((ny, nx))
    return len(libs)


def main():
    tok = sys.stdin.read().split()
    board = [list(row) for row in tok[:9]]
    r, c, colour = int(tok[9]), int(tok[10]), tok[11]
    board[r][c] = colour
    other = "O" if colour == "X" else "X"
    for ny, nx in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        if 0 <= ny < 9 and 0 <= nx < 9 and board[ny][nx] == other and liberties(board, ny, nx) == 0:
            print("K.O.")
            return
    print("Suicide" if liberties(board, r, c) == 0 else "Safe")


main()
