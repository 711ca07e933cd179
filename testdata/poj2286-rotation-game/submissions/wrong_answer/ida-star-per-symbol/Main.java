// Habit: BufferedReader + StringTokenizer, one board per LINE; IDA* run once per target symbol (h = 8 - that symbol's centre count), keeping the smallest string at the first bound that works. Must get: official all AC; beyond not all AC (a board split over two lines).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.StringTokenizer;

public class Main {
    static final int[][] LINE = {
        {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23}, {10, 9, 8, 7, 6, 5, 4}, {19, 18, 17, 16, 15, 14, 13},
        {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0}, {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
    static final int[] UNDO = {5, 4, 7, 6, 1, 0, 3, 2};
    static final int[] CENTRE = {6, 7, 8, 11, 12, 15, 16, 17};
    static int[] a = new int[24];
    static char[] path = new char[64];

    static void rotate(int m) {
        int[] h = LINE[m];
        int first = a[h[0]];
        for (int i = 0; i < 6; i++) a[h[i]] = a[h[i + 1]];
        a[h[6]] = first;
    }

    static int missing(int sym) {
        int n = 0;
        for (int c : CENTRE) if (a[c] != sym) n++;
        return n;
    }

    static boolean dfs(int depth, int bound, int last, int sym) {
        int h = missing(sym);
        if (h == 0) return depth == bound;
        if (depth + h > bound) return false;
        for (int m = 0; m < 8; m++) {
            if (last >= 0 && UNDO[m] == last) continue;
            rotate(m);
            path[depth] = (char) ('A' + m);
            boolean found = dfs(depth + 1, bound, m, sym);
            rotate(UNDO[m]);
            if (found) return true;
        }
        return false;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            StringTokenizer st = new StringTokenizer(line);
            int n = st.countTokens();
            if (n == 1 && Integer.parseInt(st.nextToken()) == 0) break;
            if (n < 24) continue;
            for (int i = 0; i < 24; i++) a[i] = Integer.parseInt(st.nextToken());
            int done = 0;
            for (int s = 1; s <= 3; s++) if (missing(s) == 0) done = s;
            if (done > 0) {
                out.append("No moves needed\n").append(done).append('\n');
                continue;
            }
            for (int bound = 1; ; bound++) {
                String best = null;
                int bestSym = 0;
                for (int s = 1; s <= 3; s++) {
                    if (dfs(0, bound, -1, s)) {
                        String p = new String(path, 0, bound);
                        if (best == null || p.compareTo(best) < 0) {
                            best = p;
                            bestSym = s;
                        }
                    }
                }
                if (best != null) {
                    out.append(best).append('\n').append(bestSym).append('\n');
                    break;
                }
            }
        }
        System.out.print(out);
    }
}
