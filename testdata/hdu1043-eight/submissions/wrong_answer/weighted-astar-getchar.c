/* Habit: getchar reader that skips only ' ' and '\n', boards until EOF, parity test, a fresh weighted A* (f = g + 3h) per board that prints a valid but often non-shortest move string. Must get: official all AC (any valid string); beyond not all AC (shortest answers, tabs/CR layouts). */
#include <stdio.h>
#include <string.h>

#define NS 362880
int fact[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
int g[NS], seen[NS], par[NS], stamp;
char how[NS];
int hf[4 * NS], hk[4 * NS], hn; /* binary heap of (f, key) */

int rank_of(const int *a) {
    int r = 0, i, j;
    for (i = 0; i < 9; i++) {
        int less = 0;
        for (j = i + 1; j < 9; j++) if (a[j] < a[i]) less++;
        r += less * fact[8 - i];
    }
    return r;
}
void unrank(int r, int *a) {
    int used[9] = {0}, i, j;
    for (i = 0; i < 9; i++) {
        int k = r / fact[8 - i];
        r %= fact[8 - i];
        for (j = 0; j < 9; j++) if (!used[j]) { if (k == 0) break; k--; }
        used[j] = 1; a[i] = j;
    }
}
int manhattan(const int *a) {
    int s = 0, i;
    for (i = 0; i < 9; i++) if (a[i]) {
        int t = a[i] - 1;
        s += (i / 3 > t / 3 ? i / 3 - t / 3 : t / 3 - i / 3) + (i % 3 > t % 3 ? i % 3 - t % 3 : t % 3 - i % 3);
    }
    return s;
}
void push(int f, int k) {
    int i = hn++;
    while (i > 0 && hf[(i - 1) / 2] > f) { hf[i] = hf[(i - 1) / 2]; hk[i] = hk[(i - 1) / 2]; i = (i - 1) / 2; }
    hf[i] = f; hk[i] = k;
}
int pop(void) {
    int k = hk[0], f = hf[--hn], kk = hk[hn], i = 0;
    while (2 * i + 1 < hn) {
        int c = 2 * i + 1;
        if (c + 1 < hn && hf[c + 1] < hf[c]) c++;
        if (hf[c] >= f) break;
        hf[i] = hf[c]; hk[i] = hk[c]; i = c;
    }
    hf[i] = f; hk[i] = kk;
    return k;
}

int solve(int *a) {
    int i, j;
    int inv = 0;
    for (i = 0; i < 9; i++) for (j = i + 1; j < 9; j++) if (a[i] && a[j] && a[i] > a[j]) inv++;
    if (inv % 2) { printf("unsolvable\n"); return 0; }
    int goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    int gk = rank_of(goal), sk = rank_of(a);
    stamp++;
    hn = 0;
    seen[sk] = stamp; g[sk] = 0; par[sk] = -1;
    push(3 * manhattan(a), sk);
    int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    char mv[4] = {'u', 'd', 'l', 'r'};
    while (hn && seen[gk] != stamp) {
        int k = pop(), b[9], z = 0, d;
        unrank(k, b);
        for (z = 0; b[z]; z++);
        for (d = 0; d < 4; d++) {
            int x = z / 3 + dx[d], y = z % 3 + dy[d];
            if (x < 0 || x > 2 || y < 0 || y > 2) continue;
            int q = x * 3 + y;
            b[z] = b[q]; b[q] = 0;
            int nk = rank_of(b);
            if (seen[nk] != stamp) {
                seen[nk] = stamp; g[nk] = g[k] + 1; par[nk] = k; how[nk] = mv[d];
                push(g[nk] + 3 * manhattan(b), nk);
            }
            b[q] = b[z]; b[z] = 0;
        }
    }
    static char path[NS];
    int len = 0;
    for (i = gk; i != sk; i = par[i]) path[len++] = how[i];
    for (i = len - 1; i >= 0; i--) putchar(path[i]);
    putchar('\n');
    return 0;
}

int main(void) {
    int a[9], i, c;
    for (;;) {
        for (i = 0; i < 9; i++) {
            c = getchar();
            while (c == ' ' || c == '\n') c = getchar();
            if (c == EOF) return 0;
            a[i] = (c == 'x') ? 0 : c - '0';
        }
        solve(a);
    }
}
