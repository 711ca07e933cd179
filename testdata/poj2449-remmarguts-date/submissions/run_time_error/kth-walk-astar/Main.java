// Habit: Dijkstra on the reversed graph, then A* over a hand-rolled binary heap of packed longs (f << 10 | vertex) that doubles when full, a vertex popped K times not expanded again; right, but an input built against A* makes it slow. Must get: official all AC; beyond not all AC (TLE/MLE on the adversarial cycle).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StreamTokenizer;
import java.util.Arrays;

public class Main {
    static long[] heap = new long[1 << 12];
    static int size;

    static void add(long x) {
        if (size == heap.length) heap = Arrays.copyOf(heap, size * 2);
        int i = size++;
        while (i > 0 && heap[(i - 1) / 2] > x) {
            heap[i] = heap[(i - 1) / 2];
            i = (i - 1) / 2;
        }
        heap[i] = x;
    }

    static long poll() {
        long top = heap[0], x = heap[--size];
        int i = 0;
        while (2 * i + 1 < size) {
            int c = 2 * i + 1;
            if (c + 1 < size && heap[c + 1] < heap[c]) c++;
            if (heap[c] >= x) break;
            heap[i] = heap[c];
            i = c;
        }
        heap[i] = x;
        return top;
    }

    public static void main(String[] args) throws Exception {
        StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));
        in.nextToken();
        int n = (int) in.nval;
        in.nextToken();
        int m = (int) in.nval;
        int[] head = new int[n + 1], rhead = new int[n + 1];
        int[] nxt = new int[m], rnxt = new int[m], to = new int[m], from = new int[m], len = new int[m];
        Arrays.fill(head, -1);
        Arrays.fill(rhead, -1);
        for (int i = 0; i < m; i++) {
            in.nextToken();
            int a = (int) in.nval;
            in.nextToken();
            int b = (int) in.nval;
            in.nextToken();
            len[i] = (int) in.nval;
            from[i] = a;
            to[i] = b;
            nxt[i] = head[a];
            head[a] = i;
            rnxt[i] = rhead[b];
            rhead[b] = i;
        }
        in.nextToken();
        int s = (int) in.nval;
        in.nextToken();
        int t = (int) in.nval;
        in.nextToken();
        int k = (int) in.nval;
        if (s == t) k++;
        final int inf = Integer.MAX_VALUE / 2;
        int[] h = new int[n + 1];
        Arrays.fill(h, inf);
        h[t] = 0;
        add(t);
        while (size > 0) {
            long top = poll();
            int d = (int) (top >> 10), u = (int) (top & 1023);
            if (d > h[u]) continue;
            for (int e = rhead[u]; e != -1; e = rnxt[e]) {
                int v = from[e];
                if (h[v] > d + len[e]) {
                    h[v] = d + len[e];
                    add(((long) h[v] << 10) | v);
                }
            }
        }
        if (h[s] == inf) {
            System.out.println(-1);
            return;
        }
        int[] popped = new int[n + 1];
        size = 0;
        add(((long) h[s] << 10) | s);
        while (size > 0) {
            long top = poll();
            long f = top >> 10;
            int u = (int) (top & 1023);
            long g = f - h[u];
            if (++popped[u] > k) continue;
            if (u == t && popped[u] == k) {
                System.out.println(g);
                return;
            }
            for (int e = head[u]; e != -1; e = nxt[e]) {
                int v = to[e];
                if (h[v] != inf) add(((g + len[e] + h[v]) << 10) | v);
            }
        }
        System.out.println(-1);
    }
}
