/* Habit: the removed sticks are XORed out of a 64-bit mask (a stick listed twice comes back); IDA* that branches on the sticks of the first intact square, smallest squares first, h = squares packed greedily without a shared stick. Must get: official all AC; beyond not all AC (a stick listed twice; TLE on 100 complete 5x5 grids). */
#include <stdio.h>

typedef unsigned long long u64;
u64 sq[60];
int nsq;

int h_of(u64 present) {
    int h = 0, i;
    for (i = 0; i < nsq; i++)
        if ((sq[i] & present) == sq[i]) { h++; present &= ~sq[i]; }
    return h;
}
int dfs(u64 present, int depth, int bound) {
    int i, h = h_of(present);
    if (h == 0) return 1;
    if (depth + h > bound) return 0;
    for (i = 0; i < nsq; i++)
        if ((sq[i] & present) == sq[i]) break;
    u64 s = sq[i];
    while (s) {
        u64 b = s & -s;
        s ^= b;
        if (dfs(present & ~b, depth + 1, bound)) return 1;
    }
    return 0;
}

int main(void) {
    int t, n, k, size, r, c, i;
    scanf("%d", &t);
    while (t--) {
        scanf("%d", &n);
        nsq = 0;
        for (size = 1; size <= n; size++)
            for (r = 0; r + size <= n; r++)
                for (c = 0; c + size <= n; c++) {
                    u64 m = 0;
                    for (i = 0; i < size; i++) {
                        m |= 1ULL << (r * (2 * n + 1) + c + i);                       /* top */
                        m |= 1ULL << ((r + size) * (2 * n + 1) + c + i);              /* bottom */
                        m |= 1ULL << ((r + i) * (2 * n + 1) + n + c);                 /* left */
                        m |= 1ULL << ((r + i) * (2 * n + 1) + n + c + size);          /* right */
                    }
                    sq[nsq++] = m;
                }
        int total = 2 * n * (n + 1);
        u64 present = total == 64 ? ~0ULL : (1ULL << total) - 1;
        scanf("%d", &k);
        while (k--) {
            int s;
            scanf("%d", &s);
            present ^= 1ULL << (s - 1);
        }
        int bound = 0;
        while (!dfs(present, 0, bound)) bound++;
        printf("%d\n", bound);
    }
    return 0;
}
