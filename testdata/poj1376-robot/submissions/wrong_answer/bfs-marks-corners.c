/* Habit: scanf reader; blocked squares mark their four corner crossings, BFS on (crossing, heading); the start is assumed valid and may even lie outside the grid (no bounds check on it). Must get: official all AC; beyond not all AC (blocks whose start crossing cannot hold the robot). */
#include <stdio.h>
#include <string.h>

int m, n;
int sq[55][55];
int bad[55][55];
int dist[55][55][4];
int qr[55 * 55 * 4], qc[55 * 55 * 4], qd[55 * 55 * 4];
int dr[4] = {-1, 0, 1, 0}, dc[4] = {0, 1, 0, -1}; /* N E S W */

int main(void) {
    char dir[20];
    int i, j, b1, b2, e1, e2, d;
    while (scanf("%d %d", &m, &n) == 2 && (m || n)) {
        memset(bad, 0, sizeof bad);
        for (i = 0; i < m; i++)
            for (j = 0; j < n; j++) {
                scanf("%d", &sq[i][j]);
                if (sq[i][j]) bad[i][j] = bad[i + 1][j] = bad[i][j + 1] = bad[i + 1][j + 1] = 1;
            }
        for (i = 0; i <= m; i++) bad[i][0] = bad[i][n] = 1;
        for (j = 0; j <= n; j++) bad[0][j] = bad[m][j] = 1;
        scanf("%d %d %d %d %s", &b1, &b2, &e1, &e2, dir);
        if (dir[0] == 'n') d = 0; else if (dir[0] == 'e') d = 1; else if (dir[0] == 's') d = 2; else d = 3;
        if (b1 == e1 && b2 == e2) { printf("0\n"); continue; }
        memset(dist, -1, sizeof dist);
        int head = 0, tail = 0, ans = -1;
        qr[tail] = b1; qc[tail] = b2; qd[tail] = d; tail++;
        dist[b1][b2][d] = 0;
        while (head < tail && ans < 0) {
            int r = qr[head], c = qc[head], h = qd[head]; head++;
            int t = dist[r][c][h] + 1, k;
            int turns[2] = {(h + 1) % 4, (h + 3) % 4};
            for (k = 0; k < 2; k++)
                if (dist[r][c][turns[k]] < 0) {
                    dist[r][c][turns[k]] = t;
                    qr[tail] = r; qc[tail] = c; qd[tail] = turns[k]; tail++;
                }
            int nr = r, nc = c;
            for (k = 1; k <= 3; k++) {
                nr += dr[h]; nc += dc[h];
                if (nr < 0 || nc < 0 || nr > m || nc > n || bad[nr][nc]) break;
                if (dist[nr][nc][h] < 0) {
                    dist[nr][nc][h] = t;
                    if (nr == e1 && nc == e2) { ans = t; break; }
                    qr[tail] = nr; qc[tail] = nc; qd[tail] = h; tail++;
                }
            }
        }
        printf("%d\n", ans);
    }
    return 0;
}
