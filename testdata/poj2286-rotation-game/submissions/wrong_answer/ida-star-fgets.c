/* Habit: each case is one fgets LINE parsed with strtol; IDA* over moves A..H with h = 8 - (most common centre symbol), never undoing the last move. Must get: official all AC; beyond not all AC (a board split over lines, tabs/CR in the line). */
#include <stdio.h>
#include <stdlib.h>

int line_of[8][7] = {
    {0, 2, 6, 11, 15, 20, 22}, {1, 3, 8, 12, 17, 21, 23}, {10, 9, 8, 7, 6, 5, 4}, {19, 18, 17, 16, 15, 14, 13},
    {23, 21, 17, 12, 8, 3, 1}, {22, 20, 15, 11, 6, 2, 0}, {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
int undo[8] = {5, 4, 7, 6, 1, 0, 3, 2};
int centre[8] = {6, 7, 8, 11, 12, 15, 16, 17};
int a[24];
char path[64];

void rotate(int m) {
    int *h = line_of[m], first = a[h[0]], i;
    for (i = 0; i < 6; i++) a[h[i]] = a[h[i + 1]];
    a[h[6]] = first;
}
int h_value(void) {
    int cnt[4] = {0, 0, 0, 0}, i, best = 0;
    for (i = 0; i < 8; i++) cnt[a[centre[i]]]++;
    for (i = 1; i <= 3; i++) if (cnt[i] > best) best = cnt[i];
    return 8 - best;
}
int dfs(int depth, int bound, int last) {
    int h = h_value(), m;
    if (h == 0) { path[depth] = 0; return 1; }
    if (depth + h > bound) return 0;
    for (m = 0; m < 8; m++) {
        if (last >= 0 && undo[m] == last) continue;
        rotate(m);
        path[depth] = 'A' + m;
        if (dfs(depth + 1, bound, m)) return 1;
        rotate(undo[m]);
    }
    return 0;
}

int main(void) {
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        char *p = line, *end;
        int n = 0;
        long v;
        while (n < 24) {
            while (*p == ' ') p++;
            v = strtol(p, &end, 10);
            if (end == p) break;
            a[n++] = (int)v;
            p = end;
        }
        if (n == 1 && a[0] == 0) break;
        if (n < 24) continue;
        if (h_value() == 0) {
            printf("No moves needed\n%d\n", a[6]);
            continue;
        }
        int bound = 1;
        while (!dfs(0, bound, -1)) bound++;
        printf("%s\n%d\n", path, a[6]);
    }
    return 0;
}
