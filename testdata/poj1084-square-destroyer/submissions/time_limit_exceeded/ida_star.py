# Habit: the textbook IDA* (branch on the smallest intact square, h = greedily packed stick-disjoint squares) written in Python; right, but about 100 ms a complete 5x5 grid, too slow for a file of 100 of them. Must get: official all AC; beyond not all AC (TLE on the huge file).
import sys


def squares_of(n):
    out = []
    for size in range(1, n + 1):
        for r in range(n - size + 1):
            for c in range(n - size + 1):
                m = 0
                for i in range(size):
                    m |= 1 << (r * (2 * n + 1) + c + i)
                    m |= 1 << ((r + size) * (2 * n + 1) + c + i)
                    m |= 1 << ((r + i) * (2 * n + 1) + n + c)
                    m |= 1 << ((r + i) * (2 * n + 1) + n + c + size)
                out.append(m)
    return out


def solve(n, removed):
    squares = squares_of(n)
    present = (1 << (2 * n * (n + 1))) - 1
    for s in removed:
        present &= ~(1 << (s - 1))

    def h_of(p):
        h = 0
        for sq in squares:
            if sq & p == sq:
                h += 1
                p &= ~sq
        return h

    def dfs(p, depth, bound):
        h = h_of(p)
        if h == 0:
            return True
        if depth + h > bound:
            return False
        first = next(sq for sq in squares if sq & p == sq)
        s = first
        while s:
            b = s & -s
            s ^= b
            if dfs(p & ~b, depth + 1, bound):
                return True
        return False

    bound = 0
    while not dfs(present, 0, bound):
        bound += 1
    return bound


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    pos = 1
    out = []
    for _ in range(t):
        n = int(data[pos])
        k = int(data[pos + 1])
        removed = [int(x) for x in data[pos + 2:pos + 2 + k]]
        pos += 2 + k
        out.append(str(solve(n, removed)))
    print("\n".join(out))


main()
