// Habit: StreamTokenizer reader; per game, minimax on (my triangles - yours) over the remaining segments with alpha-beta, no table kept between games. Must get: official all AC; beyond not all AC (TLE on 100000 games).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StreamTokenizer;

public class Main {
    static final int[][] PAIRS = {{1, 2}, {1, 3}, {2, 3}, {2, 4}, {2, 5}, {3, 5}, {3, 6}, {4, 5}, {5, 6},
        {4, 7}, {4, 8}, {5, 8}, {5, 9}, {6, 9}, {6, 10}, {7, 8}, {8, 9}, {9, 10}};
    static final int[][] TRI = {{0, 1, 2}, {3, 4, 7}, {2, 4, 5}, {5, 6, 8}, {9, 10, 15}, {7, 10, 11}, {11, 12, 16}, {8, 12, 13}, {13, 14, 17}};
    static int[] triMask = new int[9];

    static int closes(int mask, int s) {
        int after = mask | (1 << s), n = 0;
        for (int m : triMask) if ((m & (1 << s)) != 0 && (after & m) == m) n++;
        return n;
    }

    // best (mover's triangles - other's triangles) from here on
    static int minimax(int mask, int alpha, int beta) {
        if (mask == (1 << 18) - 1) return 0;
        int best = -100;
        for (int s = 0; s < 18; s++) {
            if ((mask & (1 << s)) != 0) continue;
            int got = closes(mask, s);
            int v = got > 0 ? got + minimax(mask | (1 << s), alpha - got, beta - got)
                            : -minimax(mask | (1 << s), -beta, -alpha);
            if (v > best) best = v;
            if (best > alpha) alpha = best;
            if (alpha >= beta) break;
        }
        return best;
    }

    public static void main(String[] args) throws Exception {
        for (int t = 0; t < 9; t++) triMask[t] = (1 << TRI[t][0]) | (1 << TRI[t][1]) | (1 << TRI[t][2]);
        int[][] seg = new int[11][11];
        for (int i = 0; i < 18; i++) seg[PAIRS[i][0]][PAIRS[i][1]] = i;
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int games = (int) in.nval;
        StringBuilder out = new StringBuilder();
        for (int g = 1; g <= games; g++) {
            in.nextToken();
            int m = (int) in.nval, mask = 0, a = 0, b = 0;
            boolean aToMove = true;
            for (int k = 0; k < m; k++) {
                in.nextToken();
                int x = (int) in.nval;
                in.nextToken();
                int y = (int) in.nval;
                int s = seg[x][y], got = closes(mask, s);
                mask |= 1 << s;
                if (got > 0) {
                    if (aToMove) a += got; else b += got;
                } else {
                    aToMove = !aToMove;
                }
            }
            int mover = aToMove ? a - b : b - a;
            // the mover wins iff mover's lead + best future difference > 0 (9 triangles: never 0)
            int v = minimax(mask, -mover - 1, -mover + 1);
            boolean moverWins = mover + v > 0;
            out.append("Game ").append(g).append(": ").append(moverWins == aToMove ? "A" : "B").append(" wins.\n");
        }
        System.out.print(out);
    }
}
