/* Habit: a fresh alpha-beta search per game (no table shared between games), stopping as soon as one side owns 5 triangles; fine for POJ's few games, slow on a file of 100000. Must get: official all AC; beyond not all AC (TLE on the huge file). */
#include <stdio.h>

int seg[11][11];
int tri[9][3] = {{0, 1, 2}, {3, 4, 7}, {2, 4, 5}, {5, 6, 8}, {9, 10, 15}, {7, 10, 11}, {11, 12, 16}, {8, 12, 13}, {13, 14, 17}};
int tri_of_seg[18][2], ntri[18];

/* triangles the segment s completes when added to mask */
int closes(int mask, int s) {
    int k, n = 0;
    for (k = 0; k < ntri[s]; k++) {
        int *t = tri[tri_of_seg[s][k]];
        int m = (1 << t[0]) | (1 << t[1]) | (1 << t[2]);
        if (((mask | (1 << s)) & m) == m) n++;
    }
    return n;
}

/* 1 if A wins with best play; turn 0 = A to move */
int search(int mask, int a, int b, int turn) {
    int s;
    if (a >= 5) return 1;
    if (b >= 5) return 0;
    for (s = 0; s < 18; s++) {
        if (mask & (1 << s)) continue;
        int got = closes(mask, s), r;
        if (turn == 0) r = got ? search(mask | (1 << s), a + got, b, 0) : search(mask | (1 << s), a, b, 1);
        else r = got ? search(mask | (1 << s), a, b + got, 1) : search(mask | (1 << s), a, b, 0);
        if (turn == 0 && r == 1) return 1;
        if (turn == 1 && r == 0) return 0;
    }
    return turn == 0 ? 0 : 1;
}

int main(void) {
    int pairs[18][2] = {{1, 2}, {1, 3}, {2, 3}, {2, 4}, {2, 5}, {3, 5}, {3, 6}, {4, 5}, {5, 6},
                        {4, 7}, {4, 8}, {5, 8}, {5, 9}, {6, 9}, {6, 10}, {7, 8}, {8, 9}, {9, 10}};
    int i, k, t, g;
    for (i = 0; i < 18; i++) seg[pairs[i][0]][pairs[i][1]] = i;
    for (t = 0; t < 9; t++)
        for (k = 0; k < 3; k++) { int s = tri[t][k]; tri_of_seg[s][ntri[s]++] = t; }
    scanf("%d", &t);
    for (g = 1; g <= t; g++) {
        int m, mask = 0, a = 0, b = 0, turn = 0;
        scanf("%d", &m);
        for (k = 0; k < m; k++) {
            int x, y;
            scanf("%d %d", &x, &y);
            int s = seg[x][y], got = closes(mask, s);
            mask |= 1 << s;
            if (got) { if (turn == 0) a += got; else b += got; }
            else turn ^= 1;
        }
        printf("Game %d: %s wins.\n", g, search(mask, a, b, turn) ? "A" : "B");
    }
    return 0;
}
